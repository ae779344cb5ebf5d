import BingWallModel
import BingWallSystem
import FoundationEssentials

/// The requests for Windows Spotlight's pictures: the v4 selection API of Windows 11's desktop
/// Spotlight (3840×2160 and 1080×1920), and the v3 placement API of Windows 10's lock screen
/// (1920×1080 at most), the fallback.
enum SpotlightRequest {
  /// The v4 API's host.
  static let v4Endpoint = "https://fd.api.iris.microsoft.com"
  /// The v3 API's host.
  static let v3Endpoint = "https://arc.msn.com"
  /// The most pictures one v4 request returns (`bcnt`).
  static let maximumCount = 4

  /// The User-Agent every Spotlight request sends.
  ///
  /// The v4 API looks at the User-Agent: given curl's, it answers "No ad available" instead of
  /// pictures, as the Spotlight-Downloader project found when its requests stopped working
  /// (its API notes and the commit saying v4 "seems to block cURL"). A browser's prefix is enough;
  /// other maintained clients send as little as `Mozilla/5.0`.
  static let userAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"

  /// `{endpoint}/v4/api/selection?placement=88000820&bcnt=N&country=CC&locale=ll-CC&fmt=json`.
  ///
  /// `placement` names the desktop Spotlight and never changes; `country` chooses the pictures
  /// and `locale` the language of their words, both from `market` (`en-US` → `US`, `en-US`).
  /// `count` is kept within 1–4.
  static func v4(endpoint: String = v4Endpoint, market: Market, count: Int = maximumCount) -> String {
    let (country, locale) = place(market)
    let query =
      "placement=88000820&bcnt=\(min(max(count, 1), maximumCount))&country=\(encoded(country))"
      + "&locale=\(encoded(locale))&fmt=json"
    return "\(Endpoint.base(endpoint))/v4/api/selection?\(query)"
  }

  /// `{endpoint}/v3/Delivery/Placement?pid=338387&fmt=json&ua=WindowsShellClient%2F0&cdm=1&pl=ll-CC&lc=ll-CC&ctry=cc&time=…`,
  /// with `time` the instant of the request in UTC (`2025-06-02T14:50:38Z`).
  static func v3(endpoint: String = v3Endpoint, market: Market, at time: Date) -> String {
    let (country, locale) = place(market)
    let query =
      "pid=338387&fmt=json&ua=WindowsShellClient%2F0&cdm=1&pl=\(encoded(locale))&lc=\(encoded(locale))"
      + "&ctry=\(encoded(country.lowercased()))&time=\(encoded(Timestamp.iso8601(time)))"
    return "\(Endpoint.base(endpoint))/v3/Delivery/Placement?\(query)"
  }

  /// The country and locale a market names: `en-US` → (`US`, `en-US`). A market that is not
  /// `ll-CC` (Bing's `ROW`, "rest of the world") asks for the United States in English, the
  /// pictures Spotlight shows most.
  static func place(_ market: Market) -> (country: String, locale: String) {
    let parts = market.code.split(separator: "-")
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2 else { return ("US", "en-US") }
    let country = parts[1].uppercased()
    return (country, "\(parts[0].lowercased())-\(country)")
  }

  private static func encoded(_ text: String) -> String {
    PercentEncoding.encoded(text, keeping: .unreserved)
  }
}
