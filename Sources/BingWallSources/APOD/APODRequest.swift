import BingWallModel
import BingWallSystem
import FoundationEssentials

/// The requests for NASA's Astronomy Picture of the Day: science.nasa.gov's key-less
/// `apod-basic` JSON first, api.nasa.gov's when the user has a key.
///
/// Always for an explicit day: "today" on either API turns at midnight US Eastern, and is
/// missing for a while around then (a 404 or a 500), so the caller asks for `today(at:)` and,
/// when that day is not there yet, for the day before (`days(at:)`).
enum APODRequest {
  /// science.nasa.gov, where APOD moved in 2026.
  static let basicEndpoint = "https://science.nasa.gov"
  /// api.nasa.gov, which wants a key (`DEMO_KEY` allows 30 requests an hour and 50 a day per
  /// address).
  static let apiEndpoint = "https://api.nasa.gov"

  /// `{endpoint}/wp-json/wp/v2/apod-basic/YYMMDD`: one day's picture, no key.
  static func basic(endpoint: String = basicEndpoint, day: CalendarDate) -> String {
    "\(Endpoint.base(endpoint))/wp-json/wp/v2/apod-basic/\(shortDate(day))"
  }

  /// `{endpoint}/planetary/apod?api_key=KEY&date=YYYY-MM-DD`: one day's picture. The key is
  /// percent-encoded (it comes from the configuration); the URL holds it, so a log shows the
  /// URL only with the key redacted.
  static func api(endpoint: String = apiEndpoint, day: CalendarDate, key: String) -> String {
    let query = "api_key=\(PercentEncoding.encoded(key, keeping: .unreserved))&date=\(day)"
    return "\(Endpoint.base(endpoint))/planetary/apod?\(query)"
  }

  /// APOD's day at `instant`: the day in US Eastern time.
  static func today(at instant: Date) -> CalendarDate {
    USEastern.day(at: instant)
  }

  /// The days to ask for at `instant`, in order: today in US Eastern time, then the day before,
  /// for when today's picture is not published yet.
  static func days(at instant: Date) -> [CalendarDate] {
    let today = today(at: instant)
    return [today] + (today.previous.map { [$0] } ?? [])
  }

  /// `YYMMDD`, the date in apod-basic's path (`2015-06-03` → `150603`).
  static func shortDate(_ day: CalendarDate) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return two(day.year % 100) + two(day.month) + two(day.day)
  }
}
