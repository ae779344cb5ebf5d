import BingWallKit
import BingWallModel
import BingWallSystem

/// An update's warnings in words, one sentence each without `warning: `: the same on the
/// terminal, in `--json` and in the daemon's log.
enum UpdateWarningText {
  static func text(_ warning: UpdateWarning) -> String {
    switch warning {
    case .overlisted(let market, let listed, let asked):
      return
        "Bing listed \(listed) pictures for \(market) where \(asked) were asked for; the rest were ignored"
    case .olderPageNotFetched(let market, let error):
      return TerminalText.clean(
        "cannot fetch Bing's \(market) pictures of 8 to 14 days ago (\(error)); the newer ones are stored all the same"
      )
    case .portraitsFailed(let error):
      return "cannot fetch the portrait files: \(error)"
    case .portraitFailed(let key, let error):
      return "cannot fetch the portrait file of \(key): \(error)"
    case .storyNotFetched(let market, let error):
      return TerminalText.clean(
        "cannot fetch Bing's story of the \(market) pictures (\(error)); the pictures are stored all the same"
      )
    case .storyNotStored(let market, let error):
      return TerminalText.clean("cannot store Bing's story of the \(market) pictures: \(error)")
    case .sourceSetting(_, let line):
      return TerminalText.clean(line)
    case .implausibleDays(let source, let refusals):
      // One line for the source: its first, and how many more like it (a feed of ten items
      // dated 9999 says it once).
      guard let first = refusals.first else { return "" }
      let more = refusals.count > 1 ? " (and \(refusals.count - 1) more like it)" : ""
      return TerminalText.clean(
        "\(source.displayName): a picture dated \(first.day) (\(first.path)) is \(first.problem); passed over\(more)"
      )
    }
  }

  static func text(_ notSaved: StateNotSaved) -> String {
    "cannot save the update's result in \(notSaved.file): \(notSaved.error)"
  }
}
