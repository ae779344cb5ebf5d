import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallSystem

/// `bingwall help [COMMAND...]`: the parser turns it into a help request, so it never runs.
enum HelpCommand {
  /// Real command lines for help's and the man page's EXAMPLES (a test parses each).
  static let examples: [CommandExample] = [
    CommandExample("help update", "The help of update"),
    CommandExample("help config set", "The help of a subcommand"),
  ]

  static let command = Command(
    spec: CommandSpec(
      name: "help", abstract: "Show help for a command.",
      arguments: [
        ArgumentSpec(
          "command", kind: .commandPath, help: "The command to explain.", optional: true, variadic: true)
      ],
      examples: examples),
    run: { _, _ in ExitCode.success })
}
