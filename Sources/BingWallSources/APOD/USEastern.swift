import BingWallModel
import BingWallSystem
import FoundationEssentials

/// US Eastern time (America/New_York), where APOD's day turns: UTC−5, and UTC−4 in daylight
/// time, from the second Sunday of March at 02:00 to the first Sunday of November at 02:00 local
/// time (the rule since 2007).
///
/// Computed rather than looked up: FoundationEssentials has no time zone database, and bingwall
/// must not depend on the machine's `/usr/share/zoneinfo` or its `TZ` for a day in New York.
enum USEastern {
  /// Seconds east of UTC at `instant`: −18,000 (EST) or −14,400 (EDT).
  static func offset(at instant: Date) -> Int {
    isDaylightTime(at: instant) ? -4 * 3600 : -5 * 3600
  }

  /// Whether `instant` falls in daylight time: from 07:00 UTC on the second Sunday of March
  /// (02:00 EST) to 06:00 UTC on the first Sunday of November (02:00 EDT).
  static func isDaylightTime(at instant: Date) -> Bool {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let utcDay = floorDivide(seconds, 86_400)
    guard let year = CalendarDate(dayNumber: utcDay)?.year,
      let march = CalendarDate(year: year, month: 3, day: 1),
      let november = CalendarDate(year: year, month: 11, day: 1)
    else { return false }
    let start = (firstSunday(onOrAfter: march.dayNumber) + 7) * 86_400 + 7 * 3600
    let end = firstSunday(onOrAfter: november.dayNumber) * 86_400 + 6 * 3600
    return seconds >= start && seconds < end
  }

  /// The calendar day in New York at `instant`.
  static func day(at instant: Date) -> CalendarDate {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset(at: instant)
    // Any instant a clock can give is within the years 1–9999.
    return CalendarDate(dayNumber: floorDivide(seconds, 86_400)) ?? CalendarDate.unixEpoch
  }

  /// The day number of the first Sunday on or after `dayNumber` (1970-01-01 was a Thursday).
  static func firstSunday(onOrAfter dayNumber: Int) -> Int {
    let weekday = ((dayNumber + 4) % 7 + 7) % 7  // 0 is Sunday
    return dayNumber + (7 - weekday) % 7
  }

  private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
