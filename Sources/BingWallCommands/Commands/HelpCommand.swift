import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallSystem

/// `bingwall help [COMMAND...]`: the parser turns it into a help request, so it never runs.
enum HelpCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "help", abstract: "Show help for a command.",
      arguments: [ArgumentSpec("command", help: "The command to explain.", optional: true, variadic: true)]),
    run: { _, _ in ExitCode.success })
}
