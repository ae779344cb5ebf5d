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
