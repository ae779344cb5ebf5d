import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallSystem

/// A command of the table: its description and what runs it.
struct Command: Sendable {
  var spec: CommandSpec
  /// Runs the parsed invocation; returns the exit status or throws an error to be reported.
  var run: @Sendable (Invocation, Context) throws -> Int32
}

/// A command's file, declared once: its spec, whose EXAMPLES are real command lines (a test
/// parses each), and its run. The table's row is made of the two.
protocol CommandDefinition: Sendable {
  /// What parsing, help, the completions and the man page read.
  static var spec: CommandSpec { get }
  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32
}

extension CommandDefinition {
  /// The command table's row.
  static var command: Command { Command(spec: spec, run: { try run($0, $1) }) }
}

extension Command {
  /// Runs the subcommand the parsed path names (`config set`), of `subcommands`: the same list
  /// the group's spec is made of, so the parser gives no other and no name is matched by hand.
  static func runSubcommand(of invocation: Invocation, _ context: Context, among subcommands: [Command])
    throws
    -> Int32
  {
    let group = invocation.path.prefix(1)
    guard let name = invocation.path.dropFirst().first,
      let subcommand = subcommands.first(where: { $0.spec.name == name })
    else {
      throw UsageError("\(group.joined(separator: " ")) needs a subcommand", path: Array(group))
    }
    return try subcommand.run(invocation, context)
  }
}
