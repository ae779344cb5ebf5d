import BingWallSystem

/// The bash completion script, generated from the command table so it offers exactly what the
/// parser accepts.
///
/// It works out the command at the cursor by walking the words before it the way the parser
/// does (subcommand names, option values, `--`), then offers that command's subcommands,
/// options, option values or argument values. History selectors come from the hidden
/// `bingwall __complete selectors`.
package enum BashCompletion {
  package static func script(root: CommandSpec) -> String {
    let model = CompletionModel(root: root)
    var lines: [String] = []
    lines.append(CompletionModel.header(comment: "#", shell: "bash", file: "bingwall.bash"))

    let pattern: ([String]) -> String = { $0.joined(separator: " | ") + ")" }
    lines += model.takesValueFunction(
      comment: "Whether the option word takes a value (the next word, or after '=').", pattern: pattern)

    let subcommands = model.nodes.filter { !$0.spec.visibleSubcommands.isEmpty }.map { node in
      let names = node.spec.visibleSubcommands.flatMap { [$0.name] + $0.aliases }
      return "    \(node.key)) echo \(CompletionModel.quoted(names.joined(separator: " "))) ;;"
    }
    lines += CompletionModel.caseFunction(
      "_bingwall_subcommands", comment: "The subcommand names and aliases of the command at path $1.",
      arms: subcommands)

    lines += model.nameFunction(pattern: pattern, print: "echo", otherwise: "\"$2\"")

    let options = model.nodes.map { node in
      let words = node.options.flatMap(CompletionModel.spellings(of:))
      return "    \(node.key)) echo \(CompletionModel.quoted(words.joined(separator: " "))) ;;"
    }
    lines += CompletionModel.caseFunction(
      "_bingwall_options", comment: "The options of the command at path $1.", arms: options)

    lines += model.valueLookups(pattern: pattern, print: "echo")
    lines.append(body)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The token `_bingwall_offer` reads.
  static func describe(_ completion: CompletionModel.Completion) -> String {
    switch completion {
    case .nothing: return "nothing"
    case .words(let words): return CompletionModel.quoted("words " + words.joined(separator: " "))
    case .files: return "files"
    case .directories: return "directories"
    case .selectors: return "selectors"
    case .selectorsOrFiles: return "selectors-files"
    case .configValues: return "config-values"
    case .commands: return "commands"
    }
  }

  /// The part that does not depend on the table: the walk and the offers.
  static let body = #"""
    # Adds the stored pictures' selectors that start with $cur to COMPREPLY. They are data from
    # the history (a source's ids among them): read a line at a time, compared as text, and
    # given back quoted, so that no word is ever expanded and the word inserted, pasted, names
    # the picture. Keys of the safe set go in as they are; any other is quoted with %q.
    _bingwall_selectors() {
      local candidate quoted safe='^[A-Za-z0-9._,:+@%][A-Za-z0-9._,:+@%-]*$'
      while IFS= read -r candidate; do
        [[ -n $candidate ]] || continue
        if [[ $candidate =~ $safe ]]; then
          quoted=$candidate
        else
          printf -v quoted '%q' "$candidate"
        fi
        # The word may be typed as the text itself or already quoted.
        [[ $candidate == "$cur"* || $quoted == "$cur"* ]] && COMPREPLY+=("$quoted")
      done < <(echo latest; echo current; command bingwall __complete selectors 2>/dev/null)
    }

    # Puts the candidates for kind $1 that start with $cur into COMPREPLY.
    _bingwall_offer() {
      case $1 in
        files)
          compopt -o filenames 2>/dev/null
          mapfile -t COMPREPLY < <(compgen -f -- "$cur")
          ;;
        directories)
          compopt -o filenames 2>/dev/null
          mapfile -t COMPREPLY < <(compgen -d -- "$cur")
          ;;
        selectors | selectors-files)
          _bingwall_selectors
          # apply reads a word without a '/' as a selector: offer files as ./name, quoted here
          # as the selectors are (-o filenames would quote the selectors a second time).
          if [[ $1 == selectors-files ]]; then
            local file
            [[ $cur == */* ]] || cur=./$cur
            while IFS= read -r file; do
              [[ -d $file ]] && file+=/
              printf -v file '%q' "$file"
              COMPREPLY+=("$file")
            done < <(compgen -f -- "$cur")
            # A folder goes on with the names in it.
            [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
          fi
          ;;
        words\ *)
          mapfile -t COMPREPLY < <(compgen -W "${1#words }" -- "$cur")
          ;;
        config-values)
          # The key is the argument before: config set KEY <TAB>.
          mapfile -t COMPREPLY < <(compgen -W "$(_bingwall_config_values "${args[count - 1]}")" -- "$cur")
          ;;
        commands)
          # help config <TAB>: the subcommands of the command the words before name.
          local topic=bingwall name
          for name in "${args[@]}"; do topic=$topic/$(_bingwall_name "$topic" "$name"); done
          mapfile -t COMPREPLY < <(compgen -W "$(_bingwall_subcommands "$topic")" -- "$cur")
          ;;
      esac
    }

    _bingwall() {
      local cur=${COMP_WORDS[COMP_CWORD]} path=bingwall word option= subcommands
      local -a args=()
      local -i i count=0 skip=0 ended=0
      COMPREPLY=()
      for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((skip)); then
          # With '=' in COMP_WORDBREAKS, --market=en-US arrives as three words.
          [[ $word == = ]] || skip=0
          continue
        fi
        if ((!ended)) && [[ $word == -- ]]; then
          ended=1
        elif ((!ended)) && [[ $word == -?* ]]; then
          if _bingwall_takes_value "$word"; then
            skip=1
            option=$word
          fi
        elif ((count)) && [[ $word == : || ${COMP_WORDS[i - 1]} == : ]]; then
          # With ':' in COMP_WORDBREAKS, apod:2026-12-05 arrives as three words: one argument.
          args[count - 1]+=$word
        else
          subcommands=$(_bingwall_subcommands "$path")
          if ((!ended && count == 0)) && [[ " $subcommands " == *" $word "* ]]; then
            path=$path/$(_bingwall_name "$path" "$word")
          else
            count+=1
            args+=("$word")
          fi
        fi
      done

      # The word at the cursor goes on from the argument before a ':': complete the whole word.
      # bash replaces only what follows the word's last ':', so that much is cut from each
      # candidate below.
      local colon=
      if ((!skip && count)) && [[ $cur == : || ${COMP_WORDS[COMP_CWORD - 1]} == : ]]; then
        count=count-1
        cur=${args[count]}$cur
        unset 'args[count]'
        colon=${cur%"${cur##*:}"}
      fi

      if ((skip)); then
        [[ $cur == = ]] && cur=
        _bingwall_offer "$(_bingwall_option_value "$path" "$option")"
      elif ((!ended)) && [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_bingwall_options "$path")" -- "$cur")
      else
        subcommands=$(_bingwall_subcommands "$path")
        if [[ -n $subcommands ]] && ((count == 0)); then
          mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur")
        else
          _bingwall_offer "$(_bingwall_argument "$path" "$count")"
        fi
      fi
      if [[ -n $colon ]]; then
        local -a whole=("${COMPREPLY[@]}")
        COMPREPLY=()
        for word in "${whole[@]}"; do
          [[ $word == "$colon"* ]] && COMPREPLY+=("${word#"$colon"}")
        done
      fi
      return 0
    }

    complete -F _bingwall bingwall
    """#
}
