import BingWallSystem

/// The end of a newcomer's first update: where the pictures are, and the one command that
/// brings a new one every day. Only while no autostart method is on (then the next step is
/// already taken); the caller asks autostart, and shows it only on a terminal (a script or cron
/// has no newcomer to tell).
enum NextStepText {
  static func write(picturesIn folder: String, autostartIsOn: Bool, to stdout: any TextOutput) {
    guard !autostartIsOn else { return }
    stdout.write(lines(picturesIn: folder).joined(separator: "\n") + "\n")
  }

  static func lines(picturesIn folder: String) -> [String] {
    [
      TerminalText.clean("The pictures are in \(folder)"),
      "For a new one every day: bingwall autostart enable",
    ]
  }
}
