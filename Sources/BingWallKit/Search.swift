import BingWallModel
import BingWallStore

/// `bingwall search TEXT`: stored pictures whose title, caption or credit holds the text, in any
/// market, newest first (see `HistoryStore.search` for how text matches).
package struct Search {
  package enum Outcome: Sendable, Equatable {
    case nothingStored
    /// The text has no letter or digit: there is nothing to match.
    case nothingToSearchFor
    case found([Picture])
  }

  var resources: Resources

  package init(resources: Resources) { self.resources = resources }

  /// At most `limit` pictures; 0 for all.
  /// `sources`: only pictures these showed; empty for all.
  package func run(_ text: String, limit: Int, sources: [Source] = []) throws -> Outcome {
    guard let history = try resources.existingHistory() else { return .nothingStored }
    guard let pictures = try history.search(text, limit: limit, sources: sources) else {
      return .nothingToSearchFor
    }
    return .found(pictures)
  }
}
