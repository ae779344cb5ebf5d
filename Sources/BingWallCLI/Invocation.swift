import BingWallSystem

/// A parsed command line: which command, with which validated options and arguments.
package struct Invocation: Sendable, Equatable {
  /// The command names from the root, e.g. `["config", "get"]`; aliases resolved to names.
  package var path: [String]
  /// Values by long option name, in the order given; a flag has one empty value per occurrence.
  package var options: [String: [String]]
  /// Positional words by argument name.
  package var arguments: [String: [String]]

  package init(path: [String], options: [String: [String]] = [:], arguments: [String: [String]] = [:]) {
    self.path = path
    self.options = options
    self.arguments = arguments
  }

  package func flag(_ long: String) -> Bool { options[long] != nil }
  /// The last value given for an option.
  package func value(_ long: String) -> String? { options[long]?.last }
  /// Every value given for a repeatable option.
  package func values(_ long: String) -> [String] { options[long] ?? [] }
  /// An integer option; the parser has already checked it is one.
  package func integer(_ long: String) -> Int? { value(long).flatMap { Int($0) } }
  package func argument(_ name: String) -> String? { arguments[name]?.first }
  package func arguments(_ name: String) -> [String] { arguments[name] ?? [] }

  package var quiet: Bool { flag(GlobalOptions.quiet.long) }
  package var verbose: Bool { flag(GlobalOptions.verbose.long) }
  package var configFile: String? { value(GlobalOptions.config.long) }
}

/// What the command line asks for.
package enum ParseOutcome: Sendable, Equatable {
  case run(Invocation)
  /// Help for the command at this path, to stdout.
  case help(path: [String])
  /// The version; `verbose` adds the library versions.
  case version(verbose: Bool)
}

/// A command line that does not fit the command table. Exit status 64.
package struct UsageError: Error, Equatable, Sendable {
  /// The first line, after `Error: `.
  package var message: String
  /// The command whose usage line to show.
  package var path: [String]

  package init(_ message: String, path: [String]) {
    self.message = message
    self.path = path
  }
}
