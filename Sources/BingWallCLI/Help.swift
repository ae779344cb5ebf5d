import BingWallSystem

/// Help text and usage errors in swift-argument-parser's layout, generated from the command table.
package enum Help {
  /// Where descriptions start, as in swift-argument-parser.
  static let labelColumn = 26

  /// The full help of the command at `path`.
  package static func render(root: CommandSpec, path: [String], width: Int = 80) -> String {
    guard let command = root.descendant(path) else { return "" }
    let width = max(40, width)
    var sections: [String] = []
    sections.append(wrap("OVERVIEW: " + command.abstract, width: width, indent: 0))
    if !command.discussion.isEmpty {
      sections.append(
        command.discussion.split(separator: "\n\n", omittingEmptySubsequences: false)
          .map { wrap(String($0), width: width, indent: 0) }.joined(separator: "\n\n"))
    }
    sections.append(wrap("USAGE: " + usage(root: root, path: path), width: width, indent: 7))
    let isRoot = path.isEmpty
    if isRoot, !command.examples.isEmpty {
      sections.append("START HERE:\n" + starters(command.examples, width: width))
    }

    var optionSections: [String] = []
    if !command.arguments.isEmpty {
      let rows = command.arguments.map { argument in
        (argumentLabel(argument), argument.help + valuesNote(argument.kind))
      }
      optionSections.append("ARGUMENTS:\n" + table(rows, width: width))
    }
    let own = isRoot ? GlobalOptions.all : command.options + [GlobalOptions.help.spec]
    optionSections.append("OPTIONS:\n" + table(own.map(optionRow), width: width))
    if !isRoot {
      let global = GlobalOptions.all.filter {
        $0 != GlobalOptions.help.spec && $0 != GlobalOptions.version.spec
      }
      optionSections.append("GLOBAL OPTIONS:\n" + table(global.map(optionRow), width: width))
    }
    var commandSections: [String] = []
    if !command.visibleSubcommands.isEmpty {
      let groups = command.groupedSubcommands.map { group in
        let rows = group.commands.map { (([$0.name] + $0.aliases).joined(separator: ", "), $0.abstract) }
        let title = group.title.isEmpty ? "SUBCOMMANDS" : group.title.uppercased()
        return title + ":\n" + table(rows, width: width)
      }
      let helpPath = (["bingwall", "help"] + path).joined(separator: " ")
      let manual = isRoot ? ", and 'man bingwall' for the manual" : ""
      let see = "See '\(helpPath) <subcommand>' for detailed help\(manual)."
      commandSections.append(
        groups.joined(separator: "\n\n") + "\n\n  "
          + wrap(see, width: width - 2, indent: 0).replacingEvery("\n", with: "\n  "))
    }
    // The top level leads with the commands, which a newcomer came for; a command with
    // subcommands keeps swift-argument-parser's order, options first.
    sections += isRoot ? commandSections + optionSections : optionSections + commandSections
    if !isRoot, !examples(for: path, root: root).isEmpty {
      sections.append("EXAMPLES:\n" + examples(examples(for: path, root: root), width: width))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// What a bare `bingwall` prints: the usage, the commands to start with, where to read more.
  package static func shortUsage(root: CommandSpec, width: Int = 80) -> String {
    let width = max(40, width)
    var text = "USAGE: bingwall [<options>] <subcommand>\n"
    if !root.examples.isEmpty { text += "\nSTART HERE:\n" + starters(root.examples, width: width) + "\n" }
    text +=
      "\n"
      + wrap(
        "See 'bingwall --help' for every command, and 'man bingwall' for the manual.", width: width, indent: 0
      )
    return text + "\n"
  }

  /// The command's own examples; for a subcommand without any (`config set`), those of the
  /// nearest command above that begin with its words, so that one list serves the family.
  static func examples(for path: [String], root: CommandSpec) -> [CommandExample] {
    var prefix = path
    while !prefix.isEmpty {
      let words = path.joined(separator: " ")
      let found = (root.descendant(prefix)?.examples ?? []).filter {
        $0.line == words || $0.line.hasPrefix(words + " ")
      }
      if !found.isEmpty { return found }
      prefix.removeLast()
    }
    return []
  }

  /// Examples as a comment line and the command line under it, a blank line between them.
  static func examples(_ examples: [CommandExample], width: Int) -> String {
    examples.map { example in
      "  " + wrap("# " + example.comment, width: width - 2, indent: 2).replacingEvery("\n", with: "\n  ")
        + "\n  " + example.commandLine
    }.joined(separator: "\n\n")
  }

  /// The root's starting commands: the command line, its comment in a column after the longest.
  static func starters(_ examples: [CommandExample], width: Int) -> String {
    let column = 2 + (examples.map(\.commandLine.count).max() ?? 0) + 3
    return examples.map { example in
      let head = "  " + example.commandLine
      let pad = String(repeating: " ", count: column - head.count)
      let body = wrap(example.comment + ".", width: max(20, width - column), indent: 0)
        .replacingEvery("\n", with: "\n" + String(repeating: " ", count: column))
      return head + pad + body
    }.joined(separator: "\n")
  }

  /// The synopsis after `USAGE:`, e.g. `bingwall config get <key>`.
  static func usage(root: CommandSpec, path: [String]) -> String {
    guard let command = root.descendant(path) else { return "bingwall" }
    var parts = ["bingwall"] + path
    if path.isEmpty {
      parts.append("[<options>]")
    }
    for option in command.options {
      var text = label(of: option, longOnly: true)
      if option.repeatable && option.takesValue { text += " ..." }
      parts.append("[\(text)]")
    }
    for argument in command.arguments {
      var text = "<\(argument.name)>"
      if argument.variadic { text += " ..." }
      parts.append(argument.optional ? "[\(text)]" : text)
    }
    if !command.subcommands.isEmpty { parts.append("<subcommand>") }
    return parts.joined(separator: " ")
  }

  /// The text printed for a usage error: what is wrong, then the fix, or where to read more.
  package static func usageErrorText(_ error: UsageError, root: CommandSpec) -> String {
    let path = root.descendant(error.path) != nil ? error.path : []
    let helpCommand = (["bingwall"] + path + ["--help"]).joined(separator: " ")
    let hint = error.hint ?? "see '\(helpCommand)'"
    return Diagnostic.line(.error, error.message) + "\n" + Diagnostic.line(.hint, hint) + "\n"
  }

  /// `-m, --market <market>`, or with `longOnly` just `--market <market>`.
  static func label(of option: OptionSpec, longOnly: Bool = false) -> String {
    var text = "--" + option.long
    if let valueName = option.valueName { text += " <\(valueName)>" }
    if !longOnly, let short = option.short { text = "-\(short), " + text }
    return text
  }

  static func argumentLabel(_ argument: ArgumentSpec) -> String {
    "<\(argument.name)>" + (argument.variadic ? " ..." : "")
  }

  static func optionRow(_ option: OptionSpec) -> (String, String) {
    var text = option.help + valuesNote(option.kind)
    if option.repeatable && option.takesValue { text += " (may be repeated)" }
    if let defaultDescription = option.defaultDescription { text += " (default: \(defaultDescription))" }
    return (label(of: option), text)
  }

  /// `(values: a, b, c)` for short closed sets; long ones (markets) live in the man page.
  static func valuesNote(_ kind: ValueKind) -> String {
    guard case .choice(let values) = kind, values.count <= 12 else { return "" }
    return " (values: \(values.joined(separator: ", ")))"
  }

  /// Two columns: a label at indent 2, its description at `labelColumn`, wrapped.
  static func table(_ rows: [(String, String)], width: Int) -> String {
    rows.map { label, description in
      let head = "  " + label
      let body = wrap(description, width: width - labelColumn, indent: 0)
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { String(repeating: " ", count: labelColumn) + $0 }
      if head.count < labelColumn - 1, let first = body.first {
        let padded = head + String(repeating: " ", count: labelColumn - head.count)
        return ([padded + first.dropFirst(labelColumn)] + body.dropFirst()).joined(separator: "\n")
      }
      return ([head] + body).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Greedy word wrap; continuation lines get `indent` spaces.
  package static func wrap(_ text: String, width: Int, indent: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      let limit = lines.isEmpty ? width : width - indent
      if candidate.count > limit, !line.isEmpty {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    let pad = String(repeating: " ", count: indent)
    return lines.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: "\n")
  }
}
