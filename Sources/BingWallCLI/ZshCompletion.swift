import BingWallSystem
import FoundationEssentials
import Glibc

/// The zsh completion function `_bingwall`, generated from the command table so it offers
/// exactly what the parser accepts, with each command's and option's help as its description.
///
/// The walk over the words before the cursor is the same as in the bash script; zsh adds
/// descriptions and `--option=value` completion (`compset -P`).
package enum ZshCompletion {
  package static func script(root: CommandSpec) -> String {
    let model = CompletionModel(root: root)
    var lines: [String] = ["#compdef bingwall"]
    lines.append(CompletionModel.header(comment: "#", shell: "zsh", file: "_bingwall"))

    let pattern: ([String]) -> String = { "(" + $0.joined(separator: "|") + ")" }
    lines += model.takesValueFunction(comment: "Whether the option word takes a value.", pattern: pattern)

    var subcommands = model.nodes.filter { !$0.spec.visibleSubcommands.isEmpty }.map { node in
      let entries = node.spec.visibleSubcommands.flatMap { child in
        ([child.name] + child.aliases).map { CompletionModel.quoted("\($0):\(child.abstract)") }
      }
      return "    (\(node.key)) reply=(\(entries.joined(separator: " "))) ;;"
    }
    subcommands.append("    (*) reply=() ;;")
    lines += CompletionModel.caseFunction(
      "_bingwall_subcommands",
      comment: "reply: the subcommands of the command at path $1, as name:description.",
      arms: subcommands)

    lines += model.nameFunction(pattern: pattern, print: "print -r --", otherwise: "$2")

    let options = model.nodes.flatMap { node in
      let entries = node.options.flatMap { option in
        CompletionModel.spellings(of: option).map {
          CompletionModel.quoted("\($0.replacingEvery(":", with: "\\:")):\(option.help)")
        }
      }
      return ["    (\(node.key))", "      reply=("] + entries.map { "        " + $0 } + ["      ) ;;"]
    }
    lines += CompletionModel.caseFunction(
      "_bingwall_options", comment: "reply: the options of the command at path $1, as name:description.",
      arms: options)

    lines += model.valueLookups(pattern: pattern, print: "print -r --")
    lines.append(body)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The part that does not depend on the table: the walk and the offers.
  static let body = #"""
    # Offers the candidates for kind $1.
    _bingwall_offer() {
      local -a found
      case $1 in
        (files) _files ;;
        (directories) _files -/ ;;
        (selectors|selectors-files)
          found=(latest current ${(f)"$(command bingwall __complete selectors 2>/dev/null)"})
          compadd -a found
          # apply reads a word without a '/' as a selector: offer files as ./name.
          if [[ $1 == selectors-files ]]; then
            if [[ $PREFIX == */* ]]; then
              _files
            else
              found=(./$PREFIX*(N))
              compadd -U -f -a found
            fi
          fi
          ;;
        ('words '*)
          found=(${=1#words })
          compadd -a found
          ;;
        (config-values)
          # The key is the argument before: config set KEY <TAB>.
          found=(${="$(_bingwall_config_values ${args[count]})"})
          compadd -a found
          ;;
        (commands)
          # help config <TAB>: the subcommands of the command the words before name.
          local topic=bingwall name
          for name in $args; do topic=$topic/$(_bingwall_name $topic $name); done
          _bingwall_subcommands $topic
          (( ${#reply} )) && _describe -t commands 'bingwall command' reply
          ;;
      esac
    }

    _bingwall() {
      local cmdpath=bingwall word option= cur=${words[CURRENT]}
      local -a reply args
      integer i count=0 skip=0 ended=0
      for ((i = 2; i < CURRENT; i++)); do
        word=${words[i]}
        if ((skip)); then
          skip=0
          continue
        fi
        if ((!ended)) && [[ $word == -- ]]; then
          ended=1
        elif ((!ended)) && [[ $word == -?* ]]; then
          if [[ $word != *=* ]] && _bingwall_takes_value $word; then
            skip=1
            option=$word
          fi
        else
          _bingwall_subcommands $cmdpath
          if ((!ended && count == 0 && ${reply[(I)${(b)word}:*]})); then
            cmdpath=$cmdpath/$(_bingwall_name $cmdpath $word)
          else
            count+=1
            args+=($word)
          fi
        fi
      done

      if ((skip)); then
        _bingwall_offer "$(_bingwall_option_value $cmdpath $option)"
      elif ((!ended)) && [[ $cur == --*=* ]]; then
        option=${cur%%=*}
        compset -P '*='
        _bingwall_offer "$(_bingwall_option_value $cmdpath $option)"
      elif ((!ended)) && [[ $cur == -* ]]; then
        _bingwall_options $cmdpath
        _describe -t options 'option' reply
      else
        _bingwall_subcommands $cmdpath
        if ((${#reply} && count == 0)); then
          _describe -t commands 'bingwall command' reply
        else
          _bingwall_offer "$(_bingwall_argument $cmdpath $count)"
        fi
      fi
    }

    # Autoloaded from fpath, this file is the body of _bingwall's first call: complete now.
    # Sourced (source <(bingwall completions zsh)), it registers the function instead.
    if [[ ${funcstack[1]-} == _bingwall ]]; then
      _bingwall "$@"
    else
      compdef _bingwall bingwall
    fi
    """#
}
