import BingWallSystem
import FoundationEssentials
import Glibc

/// The market-local date of a picture and the instant its day starts.
///
/// `fullstartdate` (`yyyyMMddHHmm`, UTC) is the instant of the market's local midnight:
/// en-US 0800 in winter and 0700 in summer, ja-JP 1500 and zh-CN 1600 the day before, en-IN
/// 1830. Noon of the local day is always 12 hours after it, and no market is more than 12
/// hours from UTC, so the UTC date of `fullstartdate + 12 h` is the local date, with no time
/// zone table.
extension ArchiveImage {
  /// Derived dates, and whether they are an estimate.
  struct Dates: Equatable {
    var date: CalendarDate
    var fullStartDate: Date
    var isEstimated: Bool
  }

  /// Countries whose Bing market lies east of UTC all year: there `startdate`, the UTC date of
  /// local midnight, is the day before the local date. The Americas (Bing's `XL`, Latin
  /// America, too), ROW, and the UK, Ireland and Portugal (at UTC in winter) are not listed;
  /// Bing's `XA` is Arabia.
  static let countriesEastOfUTC: Set<String> = [
    "AT", "AU", "BE", "BG", "CH", "CN", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HK", "HR",
    "HU", "ID", "IL", "IN", "IT", "JP", "KR", "LT", "LV", "MY", "NL", "NO", "NZ", "PH", "PL", "RO",
    "RU", "SE", "SG", "SI", "SK", "TH", "TR", "TW", "UA", "XA", "ZA",
  ]

  /// The local date and start instant from `fullstartdate`, or estimated from `startdate`.
  ///
  /// An empty or `null` `fullstartdate` counts as absent; a malformed one makes the picture
  /// unusable rather than silently dated by the fallback. The fallback, for old bodies only:
  /// Bing's `startdate` is the UTC date of the local midnight, which is the local date for
  /// markets at or west of UTC (en-US; ROW is taken to follow it) and the day before for
  /// markets east of it (ja-JP).
  /// So for a market in `countriesEastOfUTC` the date is `startdate + 1` and the start instant
  /// is taken as 12:00 UTC on `startdate`; otherwise the date is `startdate` and the instant
  /// 00:00 UTC on it. Both are the earliest instants consistent with the date, so a refresh
  /// scheduled from them tends to come early rather than late. The date is wrong by a day only
  /// for en-GB, en-IE and pt-PT in summer, and only for bodies that lack `fullstartdate`.
  static func dates(fullstartdate: String?, startdate: String?, market: String?) throws(SkippedImage.Reason)
    -> Dates
  {
    if let fullstartdate, !fullstartdate.isEmpty {
      guard let instant = instant(fullstartdate: fullstartdate) else {
        throw .badDate(field: "fullstartdate", value: fullstartdate)
      }
      return Dates(date: localDate(startingAt: instant), fullStartDate: instant, isEstimated: false)
    }
    guard let startdate, !startdate.isEmpty else { throw .noDate }
    guard let day = CalendarDate(compact: startdate), let midnight = instant(day, hour: 0, minute: 0)
    else { throw .badDate(field: "startdate", value: startdate) }
    let start = isEastOfUTC(market: market) ? midnight.adding(.seconds(12 * 3600)) : midnight
    return Dates(date: localDate(startingAt: start), fullStartDate: start, isEstimated: true)
  }

  /// The UTC instant `yyyyMMddHHmm` names, or nil when it is not twelve digits naming a real
  /// minute (no 2023-02-29, no 24:00).
  static func instant(fullstartdate text: String) -> Date? {
    guard text.utf8.count == 12, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    let digits = Array(text)
    guard let day = CalendarDate(compact: String(digits[0..<8])),
      let hour = Int(String(digits[8..<10])), let minute = Int(String(digits[10..<12])),
      (0...23).contains(hour), (0...59).contains(minute)
    else { return nil }
    return instant(day, hour: hour, minute: minute)
  }

  /// The market-local date of the day that starts at `start`: the UTC date 12 hours later.
  static func localDate(startingAt start: Date) -> CalendarDate {
    let noon = utc.dateComponents([.year, .month, .day], from: start.adding(.seconds(12 * 3600)))
    // The calendar returns a real Gregorian day for any Date that came from a CalendarDate.
    return CalendarDate(year: noon.year ?? 1, month: noon.month ?? 1, day: noon.day ?? 1)!
  }

  /// Whether `market`'s local midnight falls on the previous UTC date, by its country part.
  static func isEastOfUTC(market: String?) -> Bool {
    guard let market, let dash = market.lastIndex(of: "-") else { return false }
    return countriesEastOfUTC.contains(market[market.index(after: dash)...].uppercased())
  }

  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }()

  private static func instant(_ day: CalendarDate, hour: Int, minute: Int) -> Date? {
    utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))
  }
}
