import BingWallSystem

/// A parsed command line: which command, with which validated options and arguments.
package struct Invocation: Sendable, Equatable {
  /// The command names from the root, e.g. `["config", "get"]`; aliases resolved to names.
  package var path: [String]
  /// Values by option, in the order given; a flag has one `true` per occurrence. Only the
  /// handles read them (`invocation[Self.days]`, see Flag, Option and Argument), so a command
  /// cannot misread a renamed option.
  var options: [String: [Given]]
  /// Positional values by argument.
  var arguments: [String: [Given]]
  init(path: [String], options: [String: [Given]] = [:], arguments: [String: [Given]] = [:]) {
    self.path = path
    self.options = options
    self.arguments = arguments
  }

  package var quiet: Bool { self[GlobalOptions.quiet] }
  package var verbose: Bool { self[GlobalOptions.verbose] }
  package var configFile: String? { self[GlobalOptions.config] }

  /// One value the command line gave: the word as the parser accepted it, and what the spec's
  /// reader made of it. Equal by the word, which the value is a function of.
  struct Given: Sendable, Equatable {
    var word: String
    var value: any Sendable

    static func == (lhs: Given, rhs: Given) -> Bool { lhs.word == rhs.word }
  }

  /// The values given for an option or argument, as the handle's type.
  func values<Value>(_ given: [Given]?, as _: Value.Type) -> [Value] {
    (given ?? []).map { item in
      guard let value = item.value as? Value else {
        preconditionFailure("'\(item.word)' was read as \(type(of: item.value)), not \(Value.self)")
      }
      return value
    }
  }
}

/// What the command line asks for.
package enum ParseOutcome: Sendable, Equatable {
  case run(Invocation)
  /// Help for the command at this path, to stdout.
  case help(path: [String])
  /// The version; `verbose` adds the library versions.
  case version(verbose: Bool)
  /// No command given (a bare `bingwall`): a short usage, to stderr, exit status 64.
  case missingCommand
}

/// A command line that does not fit the command table. Exit status 64.
package struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, after `bingwall: error: `.
  var message: String
  /// The command whose help the hint points at.
  package var path: [String]
  /// The fix when one is known (a near name); else the hint points at the command's help.
  var hint: String?

  package init(_ message: String, path: [String], hint: String? = nil) {
    self.message = message
    self.path = path
    self.hint = hint
  }
}
