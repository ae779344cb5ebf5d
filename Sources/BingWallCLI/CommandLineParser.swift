import BingWallSystem

/// Turns the words after `bingwall` into a `ParseOutcome`, using only the command table.
///
/// Pure: no environment, no I/O. Grammar: `--opt value`, `--opt=value`, packs of short
/// flags (`-qv`, and `-m en-US` or `-men-US` for a short option with a value, last in a pack),
/// repeatable options, `--` ending options, global options before or after the command.
package struct CommandLineParser: Sendable {
  package let root: CommandSpec

  package init(root: CommandSpec) {
    self.root = root
  }

  package func parse(_ words: [String]) throws(UsageError) -> ParseOutcome {
    do {
      return try parseStrictly(words)
    } catch {
      // `-h`/`--help` anywhere before `--` asks for help, whatever else the line holds, as
      // git and systemctl do: `update --help --nonsense` shows update's help.
      guard Self.asksForHelp(words) else { throw error }
      return .help(path: commandPath(words))
    }
  }

  /// True when `-h` or `--help` stands as a word of its own before any `--`.
  static func asksForHelp(_ words: [String]) -> Bool {
    words.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
  }

  /// The command the words name: from the root, each bare word that names a subcommand of the
  /// one before, up to the first that does not.
  func commandPath(_ words: [String]) -> [String] {
    var current = root
    var path: [String] = []
    for word in words.prefix(while: { $0 != "--" }) where !word.hasPrefix("-") {
      guard let next = current.subcommand(named: word) else { break }
      current = next
      path.append(next.name)
    }
    return path
  }

  private func parseStrictly(_ words: [String]) throws(UsageError) -> ParseOutcome {
    var state = ParseState(root: root)
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        try state.positional(word, optionsEnded: optionsEnded)
      } else if word == "--" {
        optionsEnded = true
      } else if word.hasPrefix("--") {
        try state.longOption(
          word,
          next: { () -> String? in
            defer { index += 1 }
            return index < words.count ? words[index] : nil
          })
      } else {
        try state.shortOptions(
          word,
          next: { () -> String? in
            defer { index += 1 }
            return index < words.count ? words[index] : nil
          })
      }
    }
    return try state.finish()
  }
}

/// The parser's progress through one command line.
private struct ParseState {
  let root: CommandSpec
  var command: CommandSpec
  var path: [String] = []
  var options: [String: [Invocation.Given]] = [:]
  var positionals: [String] = []

  init(root: CommandSpec) {
    self.root = root
    self.command = root
  }

  /// Options valid here: this command's and the global ones.
  var visibleOptions: [OptionSpec] { command.options + GlobalOptions.all }

  mutating func positional(_ word: String, optionsEnded: Bool) throws(UsageError) {
    // The first bare word of a command that has subcommands picks one.
    if !command.subcommands.isEmpty, positionals.isEmpty, !optionsEnded {
      if let next = command.subcommand(named: word) {
        command = next
        path.append(next.name)
        return
      }
      let names = command.visibleSubcommands.flatMap { [$0.name] + $0.aliases }
      let guess = Suggestion.closest(to: word, in: names)
      throw UsageError(
        "unknown command '\(word)'", path: path,
        hint: guess.map { "did you mean '\((["bingwall"] + path + [$0]).joined(separator: " "))'?" })
    }
    positionals.append(word)
  }

  mutating func longOption(_ word: String, next: () -> String?) throws(UsageError) {
    let body = word.dropFirst(2)
    let name: String
    var inline: String?
    if let equals = body.firstIndex(of: "=") {
      name = String(body[..<equals])
      inline = String(body[body.index(after: equals)...])
    } else {
      name = String(body)
    }
    guard let option = (visibleOptions + command.plumbingOptions).first(where: { $0.long == name }) else {
      let guess = Suggestion.closest(to: name, in: visibleOptions.map(\.long))
      throw UsageError(
        "unknown option '--\(name)'", path: path, hint: guess.map { "did you mean '--\($0)'?" })
    }
    if !option.takesValue {
      if inline != nil { throw UsageError("the option '--\(name)' does not take a value", path: path) }
      record(option, Invocation.Given(word: "", value: true))
      return
    }
    guard let value = inline ?? next() else {
      throw UsageError("missing the value of '--\(name)'", path: path)
    }
    try record(option, validating: value, typed: "--" + name)
  }

  mutating func shortOptions(_ word: String, next: () -> String?) throws(UsageError) {
    var letters = Substring(word.dropFirst())
    while let letter = letters.first {
      letters = letters.dropFirst()
      guard let option = visibleOptions.first(where: { $0.short == letter }) else {
        throw UsageError("unknown option '-\(letter)'", path: path)
      }
      if !option.takesValue {
        record(option, Invocation.Given(word: "", value: true))
        continue
      }
      // A short option with a value ends the pack: the rest of the word, else the next word.
      let attached = String(letters)
      guard let value = attached.isEmpty ? next() : attached else {
        throw UsageError("missing the value of '-\(letter)'", path: path)
      }
      try record(option, validating: value, typed: "-\(letter)")
      return
    }
  }

  /// Records the value `raw` of `option`, given as `typed` (`-m` or `--market`). An option
  /// with a check of its own (a config key's) is refused in the check's words, naming the
  /// option as typed: `'-m': 'xx' is not allowed …`, as `config set` names its key.
  mutating func record(_ option: OptionSpec, validating raw: String, typed: String) throws(UsageError) {
    var word = raw
    if let check = option.check {
      switch check(raw) {
      case .success(let accepted):
        word = accepted
      case .failure(let problem):
        throw UsageError(
          "'\(typed)': \(problem.detail)", path: path,
          hint: problem.suggestion.map { "did you mean '\($0)'?" } ?? problem.hint)
      }
    }
    record(
      option,
      try accept(
        word, kind: option.kind, reader: option.reader, label: Help.label(of: option, longOnly: true),
        refusal: "invalid value '\(raw)' for '\(typed)'"))
  }

  mutating func record(_ option: OptionSpec, _ given: Invocation.Given) {
    // A single-valued option given twice keeps the last value, as getopt-style tools do.
    if option.repeatable || !option.takesValue {
      options[option.long, default: []].append(given)
    } else {
      options[option.long] = [given]
    }
  }

  /// The value of a word for the option or argument labelled `label`, checked against its kind
  /// and made by its reader. A refused word is said in the tool's words, `refusal` first: the
  /// option as the user typed it (`invalid value '9' for '--days'`) or the argument as the help
  /// names it (`invalid key 'source'`), never a placeholder such as `'<key>'`.
  func accept(
    _ raw: String, kind: ValueKind, reader: ValueReader, label: String, refusal: String
  ) throws(UsageError) -> Invocation.Given {
    switch kind.validate(raw) {
    case .success(let word):
      return Invocation.Given(word: word, value: reader.value(of: word, for: label))
    case .failure(let problem):
      throw UsageError(
        "\(refusal): \(problem.detail)", path: path,
        hint: problem.suggestion.map { "did you mean '\($0)'?" } ?? problem.hint)
    }
  }

  mutating func finish() throws(UsageError) -> ParseOutcome {
    if options[GlobalOptions.help.spec.long] != nil { return .help(path: path) }
    if options[GlobalOptions.version.spec.long] != nil {
      return .version(verbose: options[GlobalOptions.verbose.spec.long] != nil)
    }
    if path == ["help"] { return .help(path: try helpTopic()) }
    // No command at all: a short usage, as git prints (the full help is one --help away).
    if path.isEmpty, !command.subcommands.isEmpty { return .missingCommand }
    // A command that only groups subcommands shows its help, as swift-argument-parser does.
    if !command.subcommands.isEmpty { return .help(path: path) }
    let arguments = try assignArguments()
    return .run(Invocation(path: path, options: options, arguments: arguments))
  }

  /// The command that `bingwall help WORDS...` asks about, suggesting a fix for a typo.
  func helpTopic() throws(UsageError) -> [String] {
    var current = root
    var topic: [String] = []
    for word in positionals {
      guard let next = current.subcommand(named: word) else {
        let names = current.visibleSubcommands.flatMap { [$0.name] + $0.aliases }
        let guess = Suggestion.closest(to: word, in: names)
        throw UsageError(
          "unknown command '\(word)'", path: ["help"],
          hint: guess.map {
            "did you mean '\((["bingwall", "help"] + topic + [$0]).joined(separator: " "))'?"
          })
      }
      current = next
      topic.append(next.name)
    }
    return topic
  }

  mutating func assignArguments() throws(UsageError) -> [String: [Invocation.Given]] {
    var result: [String: [Invocation.Given]] = [:]
    var remaining = positionals[...]
    for argument in command.arguments {
      let taken: [String]
      if argument.variadic {
        taken = Array(remaining)
        remaining = []
      } else if let first = remaining.first {
        taken = [first]
        remaining = remaining.dropFirst()
      } else {
        taken = []
      }
      if taken.isEmpty {
        if argument.optional { continue }
        throw UsageError("missing the \(argument.name)", path: path)
      }
      var values: [Invocation.Given] = []
      for raw in taken {
        values.append(
          try accept(
            raw, kind: argument.kind, reader: argument.reader, label: "<\(argument.name)>",
            refusal: "invalid \(argument.name) '\(raw)'"))
      }
      result[argument.name] = values
    }
    if let extra = remaining.first { throw UsageError("unexpected argument '\(extra)'", path: path) }
    return result
  }
}

extension CommandLineParser {
  /// The outcome for a command line of global options only that asks for the version
  /// (`--version`, with `-v`, `-q`), found without the command table: building the table's
  /// typed options is most of what a start costs (bench/README.md), and the version needs none
  /// of it. Nil for anything else, which the full parse answers; where this answers, the full
  /// parse gives the same outcome, since global options mean the same under every root.
  package static func versionOnly(_ words: [String]) -> ParseOutcome? {
    guard words.allSatisfy({ $0.hasPrefix("-") && $0 != "-" && $0 != "--" }) else { return nil }
    let bare = CommandSpec(name: "bingwall", abstract: "")
    guard let outcome = try? CommandLineParser(root: bare).parse(words), case .version = outcome else {
      return nil
    }
    return outcome
  }
}
