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

  // Commands read options and arguments through their typed handles (`invocation[Self.days]`,
  // see Flag, Option and Argument), never by name, so a renamed option cannot be misread.

  package var quiet: Bool { self[GlobalOptions.quiet] }
  package var verbose: Bool { self[GlobalOptions.verbose] }
  package var configFile: String? { self[GlobalOptions.config] }
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
