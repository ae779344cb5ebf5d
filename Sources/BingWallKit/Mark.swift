import BingWallModel
import BingWallStore

/// `bingwall favorite`, `unfavorite` and `ban` (`--remove` takes the mark off). The command passes
/// `current` when none was named: the picture on screen.
///
/// Every selector is resolved before anything changes, so a typo in the third leaves the first
/// two as they were.
package struct Mark {
  package struct Outcome: Sendable {
    /// Each picture once, in the order first named.
    package var pictures: [Picture]
    /// A picture just banned is the current wallpaper; nothing changes it automatically, as the
    /// user may be about to pick the next one by hand.
    package var bannedCurrent: Bool
  }

  var resources: Resources

  package init(resources: Resources) { self.resources = resources }

  package func run(_ mark: PictureMark, to value: Bool, selectors: [PictureSelector], market: Market?) throws
    -> Outcome
  {
    guard let history = try resources.existingHistory() else { throw HistoryError.empty }
    let now = resources.context.clock.now()
    let pictures = try selectors.map { try history.resolve($0, market: market, at: now) }.uniqued(by: \.id)
    try history.setMark(mark, to: value, pictureIDs: pictures.map(\.rowID))
    let current = try history.recentlyApplied(limit: 1).first
    let bannedCurrent = mark == .banned && value && pictures.contains { $0.rowID == current }
    return Outcome(pictures: pictures, bannedCurrent: bannedCurrent)
  }
}
