import BingWallSystem
import FoundationEssentials

/// An instant as a person reads it, on the local wall clock and from now: "today 09:14, in
/// 2 h 10 min", "yesterday 18:02, 15 h ago", "2026-11-28 07:00, 8 days ago".
///
/// `--json` keeps UTC ISO 8601 (`Timestamp`); this is for the terminal only.
struct WhenText {
  let now: Date
  let zone: LocalTime

  /// "today 09:14, in 2 h 10 min".
  func text(_ date: Date) -> String {
    "\(clock(date)), \(Self.relative(date.duration(since: now)))"
  }

  /// "today 09:14", "tomorrow 08:07", "2026-11-28 07:00": the day in words while it is one of
  /// the three around today.
  func clock(_ date: Date) -> String {
    let shown = zone.fields(of: date)
    let today = zone.fields(of: now)
    let day =
      switch Self.dayNumber(shown.day) - Self.dayNumber(today.day) {
      case 0: "today"
      case -1: "yesterday"
      case 1: "tomorrow"
      default: shown.day.description
      }
    return "\(day) \(Self.two(shown.hour)):\(Self.two(shown.minute))"
  }

  /// "in 2 h 10 min", "15 h ago", "in 40 s", "now": minutes while they matter, then hours,
  /// then days; cut down, never rounded up, so "in 5 min" has not already passed.
  static func relative(_ duration: Duration) -> String {
    let seconds = duration.seconds
    let span = Int(abs(seconds).rounded(.down))
    guard span > 0 else { return "now" }
    let amount: String
    switch span {
    case ..<60: amount = "\(span) s"
    case ..<3600: amount = "\(span / 60) min"
    case ..<(10 * 3600):
      let minutes = span % 3600 / 60
      amount = "\(span / 3600) h" + (minutes == 0 ? "" : " \(minutes) min")
    case ..<(48 * 3600): amount = "\(span / 3600) h"
    default: amount = "\(span / 86_400) days"
    }
    return seconds > 0 ? "in \(amount)" : "\(amount) ago"
  }

  /// Days since 1970-01-01 of a calendar day (the proleptic Gregorian count), so days of two
  /// months or years subtract.
  static func dayNumber(_ day: CalendarDate) -> Int {
    let year = day.month <= 2 ? day.year - 1 : day.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (day.month + (day.month > 2 ? -3 : 9)) + 2) / 5 + day.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
