import BingWallModel
import BingWallSystem
import FoundationEssentials

/// When each source has a new picture to fetch, so that an update asks a source at most once
/// for each picture it publishes, whoever runs it (the daemon, cron every hour, a timer):
///
/// - NASA APOD publishes at 00:05 US Eastern time: once a fetch gave that day's picture, the next
///   is due at the next 00:05 in New York; a fetch that found only the day before (today's not out
///   yet) is tried again an hour later.
/// - Wikimedia Commons' picture turns at 00:00 UTC: the next is due at the next UTC midnight; a
///   fetch that found an older day (the RSS fallback) is tried again an hour later.
/// - Windows Spotlight and NASA Earth Observatory have no publishing time: once a day, 24 hours
///   after the last fetch.
///
/// Bing's own schedule is its markets' (`UpdateDeadline` in BingWallSchedule).
package enum SourceSchedule {
  /// How long after a fetch that found no picture of the expected day the source is asked again.
  static let notYetRetry: Duration = .seconds(3600)
  /// APOD's pictures are published this long after midnight in New York.
  static let apodPublication: Duration = .seconds(5 * 60)

  /// When `source` is next due, after a successful fetch at `fetchedAt` whose newest picture is
  /// of `newestDay` (nil when the fetch gave no picture: a video day counts as APOD's day).
  package static func nextFetch(_ source: Source, fetchedAt: Date, newestDay: CalendarDate?) -> Date {
    switch source {
    case .bing, .spotlight, .earthObservatory:
      return fetchedAt.adding(.seconds(24 * 3600))
    case .apod:
      let today = USEastern.day(at: fetchedAt)
      if let newestDay, newestDay < today { return fetchedAt.adding(notYetRetry) }
      return easternMidnight(after: today).adding(apodPublication)
    case .wikimedia:
      let today = WikimediaRequest.day(at: fetchedAt)
      if let newestDay, newestDay < today { return fetchedAt.adding(notYetRetry) }
      return Date(timeIntervalSince1970: TimeInterval((today.dayNumber + 1) * 86_400))
    }
  }

  /// The instant the day after `day` starts in New York.
  static func easternMidnight(after day: CalendarDate) -> Date {
    // Midnight UTC of the next day, moved by New York's offset then (daylight time never changes
    // at midnight, so the offset five hours later is the one in force).
    let utcMidnight = TimeInterval((day.dayNumber + 1) * 86_400)
    let offset = USEastern.offset(at: Date(timeIntervalSince1970: utcMidnight + 5 * 3600))
    return Date(timeIntervalSince1970: utcMidnight - TimeInterval(offset))
  }
}
