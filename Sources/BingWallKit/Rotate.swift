import BingWallModel
import BingWallStore
import BingWallSystem

/// `bingwall random` and the daemon's rotation: a random stored picture, never a banned one,
/// the current one or one of the last few applied (see `HistoryStore.randomPicture`), set as
/// the wallpaper.
package struct Rotate {
  package struct Request: Sendable {
    package var favoritesOnly = false
    /// Only pictures shown in this market.
    package var market: Market?
    /// The same seed picks the same picture from the same history; nil draws from the
    /// context's random source.
    package var seed: UInt64?
    /// Pick without setting it.
    package var dryRun = false
    var reason: Apply.Reason

    package init(reason: Apply.Reason) { self.reason = reason }
  }

  package struct Outcome: Sendable {
    /// Picked first and passed over: their files are gone.
    package var missing: [Picture]
    package var picture: Picture
    /// Nil on a dry run, and when the picture is `alreadyShown`.
    package var applied: Apply.Outcome?
    /// The one picture the request allows is already on screen (a single favourite): nothing
    /// else to pick, which is not a failure; `picture` is that one, and nothing was set.
    package var alreadyShown = false
  }

  var resources: Resources

  package init(resources: Resources) { self.resources = resources }

  /// Throws `HistoryError.empty` when nothing is stored yet and `.nothingToPick` when every
  /// picture is ruled out.
  package func run(_ request: Request) throws -> Outcome {
    guard let store = try resources.existingHistory(), try store.pictures(.init(limit: 1)).first != nil
    else { throw HistoryError.empty }
    let query = HistoryStore.RandomQuery(favoritesOnly: request.favoritesOnly, market: request.market)
    var missing: [Picture] = []
    let picked: Picture?
    if let seed = request.seed {
      var generator = SeededGenerator(seed: seed)
      picked = try store.randomReadablePicture(query, using: &generator, missing: &missing)
    } else {
      var generator = RandomSourceGenerator(resources.context.random)
      picked = try store.randomReadablePicture(query, using: &generator, missing: &missing)
    }
    guard let picture = picked else {
      let onScreen = try store.recentlyApplied(limit: 1).first
      if missing.isEmpty, let only = try store.onlyPickable(query), only == onScreen,
        let shown = try store.picture(id: only)
      {
        return Outcome(missing: [], picture: shown, applied: nil, alreadyShown: true)
      }
      throw HistoryError.nothingToPick
    }
    let applied =
      request.dryRun
      ? nil : try Apply.picture(picture, store: store, reason: request.reason, resources: resources)
    return Outcome(missing: missing, picture: picture, applied: applied)
  }
}
