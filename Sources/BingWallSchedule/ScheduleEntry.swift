import BingWallModel

/// What the update schedule waits for: one of Bing's markets, whose next picture comes 24 hours
/// after its newest started, or another source at the time its plug-in says (Kit's
/// `SourceDeadlines` gives it as one more entry beside the markets).
package enum ScheduleEntry: Sendable, Equatable, CustomStringConvertible {
  case market(Market)
  case source(Source)

  /// `en-US`, `apod`.
  package var description: String {
    switch self {
    case .market(let market): market.code
    case .source(let source): source.rawValue
    }
  }
}
