import BingWallSystem

/// The fish completions, generated from the command table so they offer exactly what the
/// parser accepts, with each command's and option's help as its description.
///
/// fish picks entries by condition: `__bingwall_at PATH` is true when the words before the
/// cursor reach the command PATH (walked as the parser does), `__bingwall_argument PATH N` when
/// the cursor is also on its argument number N.
package enum FishCompletion {
  package static func script(root: CommandSpec) -> String {
    let model = CompletionModel(root: root)
    var lines: [String] = [CompletionModel.header(comment: "#", shell: "fish", file: "bingwall.fish")]
    lines.append("function __bingwall_takes_value --description 'Whether the option word takes a value'")
    lines.append("    contains -- $argv[1] " + model.valueOptionWords.joined(separator: " "))
    lines.append("end")
    lines.append("")
    lines.append("function __bingwall_subcommand --description 'The subcommand a word names, if any'")
    lines.append("    switch \"$argv[1]/$argv[2]\"")
    for node in model.nodes {
      for child in node.spec.visibleSubcommands {
        let labels = ([child.name] + child.aliases).map { "\(node.key)/\($0)" }
        lines.append("        case \(labels.joined(separator: " "))")
        lines.append("            echo \(child.name)")
      }
    }
    lines.append("    end")
    lines.append("end")
    lines.append("")
    lines.append("function __bingwall_children --description 'The subcommands of a command path'")
    lines.append("    switch $argv[1]")
    for node in model.nodes where !node.spec.visibleSubcommands.isEmpty {
      lines.append("        case \(node.key)")
      for child in node.spec.visibleSubcommands {
        for name in [child.name] + child.aliases {
          lines.append("            echo \(CompletionModel.quoted("\(name)\t\(child.abstract)", fish: true))")
        }
      }
    }
    lines.append("    end")
    lines.append("end")
    lines.append("")
    lines.append("function __bingwall_config_key_values --description 'The values a config key takes'")
    lines.append("    switch $argv[1]")
    for keys in model.configValueKeys {
      lines.append("        case \(CompletionModel.quoted(keys.key, fish: true))")
      lines.append(
        "            printf '%s\\n' \(keys.values.map { CompletionModel.quoted($0, fish: true) }.joined(separator: " "))"
      )
    }
    lines.append("    end")
    lines.append("end")
    lines.append("")
    lines.append(walk)
    lines.append("")
    lines.append("complete -c bingwall -f")
    for option in GlobalOptions.all { lines.append(entry(option, condition: nil)) }
    for node in model.nodes {
      let at = CompletionModel.quoted("__bingwall_argument \(node.key) 0", fish: true)
      for child in node.spec.visibleSubcommands {
        for name in [child.name] + child.aliases {
          lines.append(
            "complete -c bingwall -n \(at) -a \(name) -d \(CompletionModel.quoted(child.abstract, fish: true))"
          )
        }
      }
      let here = CompletionModel.quoted("__bingwall_at \(node.key)", fish: true)
      for option in node.spec.options { lines.append(entry(option, condition: here)) }
      for (index, argument) in node.spec.arguments.enumerated() {
        let position = argument.variadic ? "\(index)+" : "\(index)"
        let condition = CompletionModel.quoted("__bingwall_argument \(node.key) \(position)", fish: true)
        let completion = CompletionModel.Completion(argument.kind)
        if completion == .selectorsOrFiles {
          // apply reads a word without a '/' as a selector: files once the word has a slash
          // (type ./ or /), selectors before.
          let slashed = CompletionModel.quoted(
            "__bingwall_argument \(node.key) \(position); and __bingwall_has_slash", fish: true)
          let bare = CompletionModel.quoted(
            "__bingwall_argument \(node.key) \(position); and not __bingwall_has_slash", fish: true)
          lines.append("complete -c bingwall -n \(bare) -a '(__bingwall_selectors)'")
          lines.append("complete -c bingwall -n \(slashed) -F")
          continue
        }
        let values = offer(completion)
        guard !values.isEmpty else { continue }
        lines.append("complete -c bingwall -n \(condition) \(values)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One `complete` line for an option, with its value completion.
  static func entry(_ option: OptionSpec, condition: String?) -> String {
    var parts = ["complete -c bingwall"]
    if let condition { parts.append("-n \(condition)") }
    if let short = option.short { parts.append("-s \(short)") }
    parts.append("-l \(option.long)")
    if option.takesValue {
      let completion = CompletionModel.Completion(option.kind)
      parts.append(completion == .files ? "-r" : "-x")
      let values = offer(completion)
      if !values.isEmpty { parts.append(values) }
    }
    parts.append("-d \(CompletionModel.quoted(option.help, fish: true))")
    return parts.joined(separator: " ")
  }

  /// The `-a`/`-F` part that completes a value of this kind.
  static func offer(_ completion: CompletionModel.Completion) -> String {
    switch completion {
    case .nothing: return ""
    case .words(let words): return "-a " + CompletionModel.quoted(words.joined(separator: " "), fish: true)
    case .files: return "-F"
    case .directories: return "-a '(__fish_complete_directories (commandline -ct))'"
    case .selectors: return "-a '(__bingwall_selectors)'"
    case .selectorsOrFiles: return "-F -a '(__bingwall_selectors)'"
    case .configValues: return "-a '(__bingwall_config_values)'"
    case .commands: return "-a '(__bingwall_commands)'"
    }
  }

  /// The part that does not depend on the table.
  static let walk = #"""
    function __bingwall_state --description 'The command path and the argument count before the cursor'
        set -l tokens (commandline -opc)
        set -e tokens[1]
        set -l path bingwall
        set -l count 0
        set -l skip 0
        set -l ended 0
        set -l args
        for word in $tokens
            if test $skip = 1
                set skip 0
                continue
            end
            if test $ended = 0; and test "$word" = --
                set ended 1
                continue
            end
            if test $ended = 0; and string match -q -- '-?*' $word
                if not string match -q -- '*=*' $word; and __bingwall_takes_value $word
                    set skip 1
                end
                continue
            end
            set -l next (__bingwall_subcommand $path $word)
            if test $ended = 0 -a $count = 0; and test -n "$next"
                set path $path/$next
            else
                set count (math $count + 1)
                set -a args $word
            end
        end
        echo $path
        echo $count
        echo $skip
        # The arguments before the cursor, one a line.
        printf '%s\n' $args
    end

    function __bingwall_at --description 'Whether the cursor is within the command at a path'
        set -l state (__bingwall_state)
        test "$state[1]" = $argv[1]
    end

    function __bingwall_argument --description 'Whether the cursor is on a path and argument number'
        set -l state (__bingwall_state)
        # On an option's value, not on an argument.
        test "$state[1]" = $argv[1]; and test $state[3] = 0; or return 1
        if string match -q -- '*+' $argv[2]
            test $state[2] -ge (string trim -r -c + -- $argv[2])
        else
            test $state[2] = $argv[2]
        end
    end

    function __bingwall_has_slash --description 'Whether the word at the cursor has a slash'
        string match -q -- '*/*' (commandline -ct)
    end

    function __bingwall_config_values --description 'The values of the config key before the cursor'
        set -l state (__bingwall_state)
        test $state[2] -gt 0; or return
        __bingwall_config_key_values $state[(math 3 + $state[2])]
    end

    function __bingwall_commands --description 'The commands a help topic may name next'
        set -l state (__bingwall_state)
        set -l topic bingwall
        if test $state[2] -gt 0
            for word in $state[4..(math 3 + $state[2])]
                set -l next (__bingwall_subcommand $topic $word)
                test -n "$next"; or return
                set topic $topic/$next
            end
        end
        __bingwall_children $topic
    end

    function __bingwall_selectors --description 'Pictures in the history: latest, current, ids, dates, keys'
        echo latest
        echo current
        command bingwall __complete selectors 2>/dev/null
    end
    """#
}
