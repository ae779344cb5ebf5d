import BingWallKit
import BingWallSchedule
import BingWallSystem

/// The end of a newcomer's first update: where the pictures are, and the one command that
/// brings a new one every day. Only on a terminal (a script or cron has no newcomer to tell),
/// and only while no autostart method is on (then the next step is already taken).
enum NextStepText {
  static func write(picturesIn folder: String, context: Context) {
    guard context.terminal.stdoutIsTTY else { return }
    guard !Autostart(context: context).status(nil).contains(where: \.enabled) else { return }
    context.stdout.write(lines(picturesIn: folder).joined(separator: "\n") + "\n")
  }

  static func lines(picturesIn folder: String) -> [String] {
    [
      TerminalText.clean("The pictures are in \(folder)"),
      "For a new one every day: bingwall autostart enable",
    ]
  }
}
