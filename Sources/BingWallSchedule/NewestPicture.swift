import BingWallSystem
import FoundationEssentials
import Glibc

/// A configured market and the start of its newest stored picture: what the update deadline reads,
/// because Bing's next picture for a market comes 24 hours after the current one started.
package struct NewestPicture: Sendable, Equatable {
  /// The market as configured (`en-US`), or another source scheduled the same way.
  var entry: ScheduleEntry
  /// `fullstartdate` of the market's newest stored picture; nil when the market has none yet, or
  /// when the history's text reads as no instant, which makes the market due for a refresh
  /// rather than silently never due.
  var fullStartDate: Date?

  package init(_ entry: ScheduleEntry, fullStartDate: Date?) {
    self.entry = entry
    self.fullStartDate = fullStartDate
  }
}
