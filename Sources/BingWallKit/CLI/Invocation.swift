/// A parsed command line: which command, with which validated options and arguments.
public struct Invocation: Sendable, Equatable {
  /// The command names from the root, e.g. `["config", "get"]`; aliases resolved to names.
  public var path: [String]
  /// Values by long option name, in the order given; a flag has one empty value per occurrence.
  public var options: [String: [String]]
  /// Positional words by argument name.
  public var arguments: [String: [String]]

  public init(path: [String], options: [String: [String]] = [:], arguments: [String: [String]] = [:]) {
    self.path = path
    self.options = options
    self.arguments = arguments
  }

  public func flag(_ long: String) -> Bool { options[long] != nil }
  /// The last value given for an option.
  public func value(_ long: String) -> String? { options[long]?.last }
  /// Every value given for a repeatable option.
  public func values(_ long: String) -> [String] { options[long] ?? [] }
  /// An integer option; the parser has already checked it is one.
  public func integer(_ long: String) -> Int? { value(long).flatMap { Int($0) } }
  public func argument(_ name: String) -> String? { arguments[name]?.first }
  public func arguments(_ name: String) -> [String] { arguments[name] ?? [] }

  public var quiet: Bool { flag(GlobalOptions.quiet.long) }
  public var verbose: Bool { flag(GlobalOptions.verbose.long) }
  public var configFile: String? { value(GlobalOptions.config.long) }
}

/// What the command line asks for.
public enum ParseOutcome: Sendable, Equatable {
  case run(Invocation)
  /// Help for the command at this path, to stdout.
  case help(path: [String])
  /// The version; `verbose` adds the library versions.
  case version(verbose: Bool)
}

/// A command line that does not fit the command table. Exit status 64.
public struct UsageError: Error, Equatable, Sendable {
  /// The first line, after `Error: `.
  public var message: String
  /// The command whose usage line to show.
  public var path: [String]

  public init(_ message: String, path: [String]) {
    self.message = message
    self.path = path
  }
}
