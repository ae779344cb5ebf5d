import BingWallModel
import BingWallSystem
import FoundationEssentials

/// The request for Wikimedia Commons' picture of the day: Wikipedia's featured feed for a UTC
/// day, whose `image` is that day's picture.
///
/// `rest_v1` on the language's Wikipedia rather than api.wikimedia.org's copy of the same feed,
/// whose routes Wikimedia began retiring in July 2026.
enum WikimediaRequest {
  /// The language of the words when the configuration names none; a missing translation falls
  /// back to English on Wikimedia's side too.
  static let defaultLanguage = "en"

  /// `https://{language}.wikipedia.org/api/rest_v1/feed/featured/YYYY/MM/DD`, or under
  /// `endpoint` when one is configured (a mirror, a test server). A language that is not a
  /// Wikipedia language code (`en`, `de`, `zh-yue`, `simple`) is `defaultLanguage`: it becomes
  /// part of a host name and must not be able to name another host.
  static func featured(endpoint: String? = nil, language: String = defaultLanguage, day: CalendarDate)
    -> String
  {
    let base = endpoint.map(Endpoint.base) ?? "https://\(checkedLanguage(language)).wikipedia.org"
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(day.year)
    return
      "\(base)/api/rest_v1/feed/featured/\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)/"
      + "\(two(day.month))/\(two(day.day))"
  }

  /// Commons' host, where the picture-of-the-day RSS feed is.
  static let commonsEndpoint = "https://commons.wikimedia.org"

  /// `https://commons.wikimedia.org/w/api.php?action=featuredfeed&feed=potd&feedformat=rss&language=LL`,
  /// or under `endpoint`: the last ten days' pictures, the fallback when the featured feed fails.
  static func rss(endpoint: String? = nil, language: String = defaultLanguage) -> String {
    let base = endpoint.map(Endpoint.base) ?? commonsEndpoint
    return
      "\(base)/w/api.php?action=featuredfeed&feed=potd&feedformat=rss&language=\(checkedLanguage(language))"
  }

  /// The feed's day at `instant`: Wikimedia's days are UTC days.
  static func day(at instant: Date) -> CalendarDate {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let day = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    return CalendarDate(dayNumber: day) ?? CalendarDate.unixEpoch
  }

  /// The User-Agent for every request to Wikimedia: `bingwall/VERSION (CONTACT)`.
  ///
  /// Wikimedia's User-Agent policy asks every client for a name that says what it is and a way
  /// to reach whoever runs it (a URL or an e-mail address), and since July 2025 Wikimedia limits
  /// and blocks clients that send a generic one. `contact` comes from the configuration; it is
  /// made one line with no control characters, so that it cannot end the header.
  static func userAgent(version: String, contact: String) -> String {
    let clean = { (text: String) in TerminalText.singleLine(text).filter { $0 != "(" && $0 != ")" } }
    return "bingwall/\(clean(version)) (\(clean(contact)))"
  }

  /// `language` when it reads as a Wikipedia language code: lower-case ASCII letters, in parts
  /// of 2–8 joined by `-` (`en`, `pt-br`, `zh-min-nan`), at most 16 in all; else `defaultLanguage`.
  static func checkedLanguage(_ language: String) -> String {
    let parts = language.split(separator: "-", omittingEmptySubsequences: false)
    let isWord = { (part: Substring) in
      (2...8).contains(part.utf8.count)
        && part.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }
    guard language.utf8.count <= 16, parts.allSatisfy(isWord) else { return defaultLanguage }
    return language
  }
}
