import BingWallKit
import BingWallStore
import BingWallSystem

/// What a random pick says, on the terminal (`random`) and in the daemon's log (rotation).
enum RotateText {
  /// Without the voice's prefix.
  static func missing(_ picture: Picture) -> String {
    TerminalText.clean("skipped \(picture.id.key): its file \(picture.path) is gone")
  }

  /// The daemon's rotation: a warning per picture passed over, then what was set.
  static func logLines(_ outcome: Rotate.Outcome) -> [String] {
    if outcome.alreadyShown { return ["rotate: " + alreadyShown(outcome, request: nil)] }
    return outcome.missing.map { Diagnostic.line(.warning, "rotate: " + missing($0)) }
      + (outcome.applied.map { AppliedText.logLines($0, prefix: "rotate: ") } ?? [])
  }

  /// The only picture that may be picked is on screen already: `Nothing else to pick: your only
  /// favourite, 2026-12-01 OHR.Lake (Lake title), is on screen.`
  static func alreadyShown(_ outcome: Rotate.Outcome, request: Rotate.Request?) -> String {
    let picture = outcome.picture
    let scope = request?.market.map { " in \($0)" } ?? ""
    let which = (request?.favoritesOnly == true ? "your only favourite" : "the only picture to pick") + scope
    return TerminalText.clean(
      "Nothing else to pick: \(which), \(picture.date) \(picture.id.key) (\(picture.displayTitle)), is on screen."
    )
  }
}
