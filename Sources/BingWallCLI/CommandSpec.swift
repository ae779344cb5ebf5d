import BingWallSystem

/// What kind of value an option or argument takes: drives validation, help and completion.
package enum ValueKind: Sendable, Equatable {
  /// Free text.
  case text
  /// A whole number within the bounds.
  case integer(minimum: Int?, maximum: Int?)
  /// One of a closed set, compared without case and normalised to the spelling listed.
  case choice([String])
  /// A path to a file (completed as files).
  case file
  /// A path to a folder (completed as folders).
  case directory
  /// A calendar date, `YYYY-MM-DD`.
  case date
  /// `off`, or a duration as people write it: `30m`, `2h`, `1h30m`, `1d`.
  case duration
  /// A size in powers of 1024: `500MB`, `2GB`, `4096`.
  case size
  /// A picture from the history (completed from it): `latest`, `current`, an id, a date or a key.
  case selector
  /// A picture from the history or a path to an image file (completed as both).
  case selectorOrFile
  /// A config key, one of the names given (the configuration's schema lives above this target).
  case configKey([String])
  /// A language-region code (`ll-CC`): one of the listed codes (the list may also hold others,
  /// such as Bing's `ROW`), in any case, given in the listed spelling. The list is too long for
  /// a man page's option: the note (`ManPage.Program.languageRegionNote`) says where it is.
  case languageRegion([String])
  /// A value for the config key named by the argument before it, checked by the command against
  /// that key; completed from the key's closed set, when it has one.
  case configValue([ConfigKeyChoices])
  /// A command's name, then its subcommands' (`help config set`): completed from the table.
  case commandPath

  /// The allowed values, when the set is closed; the listed ones of a language-region code.
  var choices: [String]? {
    switch self {
    case .choice(let values): return values
    case .configKey(let names): return names
    case .languageRegion(let listed): return listed
    default: return nil
    }
  }
}

/// The values a config key allows, for completing `config set KEY <TAB>`.
package struct ConfigKeyChoices: Sendable, Equatable {
  package var key: String
  package var values: [String]

  package init(key: String, values: [String]) {
    self.key = key
    self.values = values
  }
}

/// One option of a command, as the user types it.
package struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes: `market` for `--market`.
  package var long: String
  var short: Character?
  /// The placeholder in help (`market` for `<market>`); nil for a flag that takes no value.
  var valueName: String?
  var kind: ValueKind
  /// May be given several times, collecting every value.
  var repeatable: Bool
  var help: String
  /// Shown as `(default: …)` in help and the man page.
  var defaultDescription: String?
  /// What the accepted word becomes: the typed handle's value type.
  var reader: ValueReader = .text
  /// The check the word passes before its kind's; nil for the kind's alone.
  package var check: ValueCheck?

  /// A flag: present or absent.
  static func flag(
    _ long: String, short: Character? = nil, help: String, repeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: nil, kind: .text, repeatable: repeatable, help: help,
      defaultDescription: nil)
  }

  /// An option that takes a value.
  static func value(
    _ long: String, short: Character? = nil, name: String, kind: ValueKind = .text,
    repeatable: Bool = false, help: String, default defaultDescription: String? = nil
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: name, kind: kind, repeatable: repeatable, help: help,
      defaultDescription: defaultDescription)
  }

  package var takesValue: Bool { valueName != nil }
}

/// A positional argument of a command.
package struct ArgumentSpec: Sendable, Equatable {
  var name: String
  var kind: ValueKind
  package var help: String
  var optional: Bool
  /// Takes every remaining positional word (at least one unless optional).
  var variadic: Bool
  /// What the accepted word becomes: the typed handle's value type.
  var reader: ValueReader = .text

  package init(
    _ name: String, kind: ValueKind = .text, help: String, optional: Bool = false, variadic: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.help = help
    self.optional = optional
    self.variadic = variadic
  }
}

/// A command or subcommand: the one description that parsing, help, completion and the man page read.
package struct CommandSpec: Sendable, Equatable {
  package var name: String
  package var aliases: [String]
  /// One line: `OVERVIEW:` in help, the summary in lists.
  package var abstract: String
  /// Paragraphs after the overview, in the user's terms; may be empty.
  var discussion: String
  /// The full account for the command's man page (DESCRIPTION): how it works, the files and
  /// services it touches. Empty: the page says `discussion`.
  var reference: String
  /// Real command lines with a comment each: the EXAMPLES of help and of the man page.
  package var examples: [CommandExample]
  /// The subcommands in groups, in the order help and the man page list them; empty for one
  /// flat list. Only the root has groups.
  var groups: [CommandGroup]
  var arguments: [ArgumentSpec]
  package var options: [OptionSpec]
  /// Options for bingwall's own use (the daemon's update child): parsed like `options`, but
  /// help, suggestions, completions and the man page never show them.
  var plumbingOptions: [OptionSpec]
  package var subcommands: [CommandSpec]
  /// Plumbing for the completion scripts: runs, but help, suggestions, completions and the man
  /// page leave it out so users never meet it.
  var hidden: Bool

  package init(
    name: String, aliases: [String] = [], abstract: String, discussion: String = "",
    reference: String = "", arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
    plumbingOptions: [OptionSpec] = [], subcommands: [CommandSpec] = [],
    examples: [CommandExample] = [], groups: [CommandGroup] = [], hidden: Bool = false
  ) {
    self.name = name
    self.aliases = aliases
    self.abstract = abstract
    self.discussion = discussion
    self.reference = reference
    self.examples = examples
    self.groups = groups
    self.arguments = arguments
    self.options = options
    self.plumbingOptions = plumbingOptions
    self.subcommands = subcommands
    self.hidden = hidden
  }

  /// The subcommands users may see: what help, completions and the man page list.
  package var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.hidden } }

  /// The visible subcommands under their group's title, in the groups' order; one untitled
  /// group of them all when there are no groups. A subcommand no group names comes last,
  /// untitled, so that nothing is ever left out of a list.
  package var groupedSubcommands: [(title: String, commands: [CommandSpec])] {
    let visible = visibleSubcommands
    guard !groups.isEmpty else { return visible.isEmpty ? [] : [("", visible)] }
    var result = groups.map { group in
      (group.title, group.commands.compactMap { name in visible.first { $0.name == name } })
    }
    let grouped = Set(groups.flatMap(\.commands))
    let rest = visible.filter { !grouped.contains($0.name) }
    if !rest.isEmpty { result.append(("", rest)) }
    return result
  }

  /// The subcommand called `word`, by name or alias.
  func subcommand(named word: String) -> CommandSpec? {
    subcommands.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// The command at `path` below this one; `[]` is this one.
  func descendant(_ path: [String]) -> CommandSpec? {
    var current = self
    for word in path {
      guard let next = current.subcommand(named: word) else { return nil }
      current = next
    }
    return current
  }
}

/// Options every command accepts, before or after the command name.
package enum GlobalOptions {
  static let help = Flag("help", short: "h", help: "Show help information.")
  static let version = Flag("version", help: "Show the version.")
  static let quiet = Flag("quiet", short: "q", help: "Print only errors.")
  static let verbose = Flag(
    "verbose", short: "v",
    help:
      "Say what happens: the backend and screens, each URL, file and failure, the conditions (with --version: the libraries)."
  )
  static let config = Option<String>(
    "config", name: "file", kind: .file,
    help: "Read the configuration from this file instead of the default one.")

  /// In the order help lists them.
  package static let all: [OptionSpec] = [quiet.spec, verbose.spec, config.spec, version.spec, help.spec]
}
