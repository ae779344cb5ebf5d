import BingWallModel
import BingWallStore
import BingWallSystem
import Glibc

/// `bingwall next` and `bingwall previous`: the picture one day on from the one on screen, in
/// date order among the pictures of the markets, banned ones skipped, set as `apply` sets one
/// (the screens policy included).
package struct Step {
  package struct Outcome: Sendable {
    /// Passed over on the way: their files are gone.
    package var missing: [Picture]
    /// The picture set, or, at an end, the one at that end.
    package var picture: Picture
    package var place: TimelinePlace
    /// Nil at an end: nothing was set.
    package var applied: Apply.Outcome?
  }

  /// A step passes over at most this many pictures whose files are gone, as `random` does.
  static let missingLimit = 20

  var resources: Resources

  package init(resources: Resources) { self.resources = resources }

  /// Steps towards `direction` within `markets` (the configured ones when nil). With no stored
  /// picture on screen (none set yet, or a file of one's own), either way starts at the newest.
  package func run(_ direction: TimelineDirection, markets: [Market]? = nil) throws -> Outcome {
    guard let store = try resources.existingHistory(), try store.pictures(.init(limit: 1)).first != nil
    else { throw HistoryError.empty }
    let markets = markets ?? resources.configuration[ConfigSchema.markets]
    let current = try shownPicture(store)
    var missing: [Picture] = []
    var from = current
    // From nothing on screen the first step lands on the newest; passing over a lost file from
    // there goes on to older ones.
    let towards = current == nil ? .older : direction
    while missing.count < Self.missingLimit {
      guard let place = try store.step(from: from, towards: towards, markets: markets) else { break }
      guard let picture = try store.picture(id: place.pictureID) else { break }
      guard resources.context.fileSystem.isReadable(picture.path) else {
        missing.append(picture)
        from = picture.rowID
        continue
      }
      let applied = try Apply.picture(
        picture, store: store, reason: .apply, event: direction == .newer ? .next : .previous,
        resources: resources)
      return Outcome(missing: missing, picture: picture, place: place, applied: applied)
    }
    // Stopped by the bound, not by the end: say so, rather than claim an end that is not there.
    if missing.count == Self.missingLimit { throw StepError.filesGone(count: missing.count) }
    guard let end = try store.end(towards: towards, markets: markets),
      let picture = try store.picture(id: end.pictureID)
    else { throw HistoryError.noneInMarkets(markets) }
    return Outcome(missing: missing, picture: picture, place: end, applied: nil)
  }

  /// The stored picture on screen: the one bingwall set last, unless the screens it read since
  /// show a file of one's own.
  func shownPicture(_ store: HistoryStore) throws -> Int64? {
    let screens = ShownScreens(
      stateDir: resources.context.paths.stateDir, files: resources.context.fileSystem
    ).load()
    if !screens.isEmpty, screens.allSatisfy({ $0.key == nil }) { return nil }
    return try store.recentlyApplied(limit: 1).first
  }
}

/// A step that found only pictures whose files are gone, as many as it looks at.
enum StepError: Error, CustomStringConvertible, HintedError {
  case filesGone(count: Int)

  var description: String {
    switch self {
    case .filesGone(let count): return "the files of the next \(count) pictures are gone"
    }
  }

  var hint: String? { "'bingwall doctor' lists them; 'bingwall doctor --fix' forgets them" }
}
