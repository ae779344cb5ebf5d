import BingWallSystem
import FoundationEssentials
import Glibc

/// A configured market and the start of its newest stored picture: what the update deadline reads,
/// because Bing's next picture for a market comes 24 hours after the current one started.
package struct NewestPicture: Sendable, Equatable {
  /// The market as configured, `en-US`.
  var market: String
  /// `fullstartdate` of the market's newest stored picture; nil when the market has none yet.
  var fullStartDate: Date?

  package init(market: String, fullStartDate: Date?) {
    self.market = market
    self.fullStartDate = fullStartDate
  }

  /// From the ISO 8601 text the history stores. Text that does not parse counts as no picture,
  /// which makes the market due for a refresh rather than silently never due.
  package init(market: String, storedFullStartDate: String?) {
    self.init(market: market, fullStartDate: storedFullStartDate.flatMap(Timestamp.parse))
  }
}
