import BingWallSystem
import FoundationEssentials

/// The one rule for which days a picture may have: not after tomorrow, and not before its source
/// began. A day from the network outside them is a lie or a mistake (`"date": "9999-12-31"`), and
/// stored it would be "the newest" picture for ever.
///
/// "Tomorrow" is UTC's: no place is more than 14 hours ahead of UTC, so no place's today is later
/// than UTC's tomorrow, and a source that dates its picture in its own time zone is never refused
/// for it.
package enum PlausibleDay {
  /// Why a day is not plausible.
  package enum Problem: Sendable, Equatable, CustomStringConvertible {
    /// After `latest`, tomorrow in UTC.
    case afterTomorrow(latest: CalendarDate)
    /// Before the first day the source published a picture.
    case beforeSource(first: CalendarDate)
    /// Neither of the days asked for (APOD answers for the day it was asked, or the day before).
    case notAsked([CalendarDate])

    package var description: String {
      switch self {
      case .afterTomorrow(let latest): "after tomorrow (\(latest))"
      case .beforeSource(let first): "before the source began (\(first))"
      case .notAsked(let days): "not the day asked for (\(days.map(\.description).joined(separator: " or ")))"
      }
    }
  }

  /// The latest plausible day at `now`: tomorrow in UTC.
  package static func latest(at now: Date) -> CalendarDate {
    let seconds = Int(now.timeIntervalSince1970.rounded(.down))
    let today = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    return CalendarDate(dayNumber: today + 1) ?? CalendarDate.unixEpoch
  }

  /// Why `day`, given by a source whose first picture is of `firstDay` (its plug-in's
  /// `PictureSource.firstDay`), is not a day its picture may have at `now`; nil when it may.
  package static func problem(_ day: CalendarDate, since firstDay: CalendarDate, at now: Date) -> Problem? {
    let latest = latest(at: now)
    if day > latest { return .afterTomorrow(latest: latest) }
    if day < firstDay { return .beforeSource(first: firstDay) }
    return nil
  }
}

extension PlausibleDay {
  /// A picture passed over for its day.
  package struct Refusal: Sendable, Equatable {
    package var day: CalendarDate
    package var problem: Problem
    /// Where the body gives the day: `date`, `rss.channel.item[2].pubDate`.
    package var path: String

    package init(day: CalendarDate, problem: Problem, path: String) {
      self.day = day
      self.problem = problem
      self.path = path
    }
  }
}
