import BingWallKit
import BingWallStore
import BingWallSystem

/// What a random pick says, on the terminal (`random`) and in the daemon's log (rotation).
enum RotateText {
  /// Without the voice's prefix.
  static func missing(_ picture: Picture) -> String {
    TerminalText.clean("skipped \(picture.key): its file \(picture.path) is gone")
  }

  /// The daemon's rotation: a warning per picture passed over, then what was set.
  static func logLines(_ outcome: Rotate.Outcome) -> [String] {
    outcome.missing.map { Diagnostic.line(.warning, "rotate: " + missing($0)) }
      + (outcome.applied.map { AppliedText.logLines($0, prefix: "rotate: ") } ?? [])
  }
}
