import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallSystem

/// `bingwall help [COMMAND...]`: the parser turns it into a help request, so it never runs.
enum HelpCommand: CommandDefinition {
  static let spec = CommandSpec(
    name: "help", abstract: "Show help for a command.",
    arguments: [
      ArgumentSpec(
        "command", kind: .commandPath, help: "The command to explain.", optional: true, variadic: true)
    ],
    examples: [
      CommandExample("help update", "The help of update"),
      CommandExample("help config set", "The help of a subcommand"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 { ExitCode.success }
}
