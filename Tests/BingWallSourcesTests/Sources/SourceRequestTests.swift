import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// Each source's request URL and headers, and the days they ask for.
@Suite struct SourceRequestTests {
  @Test func spotlightV4AsksForTheMarketsCountryAndLocale() {
    #expect(
      SpotlightRequest.v4(market: Market("en-US")!)
        == "https://fd.api.iris.microsoft.com/v4/api/selection?placement=88000820&bcnt=4&country=US&locale=en-US&fmt=json"
    )
    #expect(
      SpotlightRequest.v4(endpoint: "http://127.0.0.1:8080/", market: Market("de-DE")!, count: 9)
        == "http://127.0.0.1:8080/v4/api/selection?placement=88000820&bcnt=4&country=DE&locale=de-DE&fmt=json"
    )
    // ROW is no country: the United States in English.
    #expect(SpotlightRequest.v4(market: Market("ROW")!).contains("&country=US&locale=en-US&"))
  }

  @Test func spotlightV3AsksWithTheTime() {
    let time = Date(timeIntervalSince1970: 1_748_875_838)  // 2025-06-02T14:50:38Z
    #expect(
      SpotlightRequest.v3(market: Market("fr-CA")!, at: time)
        == "https://arc.msn.com/v3/Delivery/Placement?pid=338387&fmt=json&ua=WindowsShellClient%2F0&cdm=1"
        + "&pl=fr-CA&lc=fr-CA&ctry=ca&time=2025-06-02T14%3A50%3A38Z")
  }

  /// curl's User-Agent gets "No ad available" from v4; the one sent must not be curl's.
  @Test func spotlightUserAgentIsABrowsers() {
    #expect(SpotlightRequest.userAgent.hasPrefix("Mozilla/5.0"))
    #expect(!SpotlightRequest.userAgent.lowercased().contains("curl"))
  }

  @Test func apodRequestsNameTheDay() {
    let day = CalendarDate(year: 2015, month: 6, day: 3)!
    #expect(APODRequest.basic(day: day) == "https://science.nasa.gov/wp-json/wp/v2/apod-basic/150603")
    #expect(
      APODRequest.basic(day: CalendarDate(year: 2026, month: 10, day: 2)!).hasSuffix("/apod-basic/261002"))
    #expect(
      APODRequest.api(day: day, key: "DEMO_KEY")
        == "https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY&date=2015-06-03")
    // A key cannot add query items.
    #expect(
      APODRequest.api(day: day, key: "a&date=1995-06-16").contains(
        "api_key=a%26date%3D1995-06-16&date=2015-06-03"))
  }

  @Test func apodAsksForTodayInNewYorkThenTheDayBefore() throws {
    // 2026-12-06 04:59:59 UTC is 23:59:59 on the 5th in New York (EST, UTC−5).
    let late = try #require(Timestamp.parse("2026-12-06T04:59:59Z"))
    #expect(APODRequest.days(at: late).map(\.description) == ["2026-12-05", "2026-12-04"])
    let turned = try #require(Timestamp.parse("2026-12-06T05:00:00Z"))
    #expect(APODRequest.days(at: turned).map(\.description) == ["2026-12-06", "2026-12-05"])
    // In summer (EDT, UTC−4) the day turns an hour earlier in UTC; the day before a 1st is the
    // previous month's last.
    let summer = try #require(Timestamp.parse("2026-07-01T04:00:00Z"))
    #expect(APODRequest.days(at: summer).map(\.description) == ["2026-07-01", "2026-06-30"])
  }

  /// The computed rule against glibc's for the same rule written as a POSIX TZ (no zone files
  /// needed), every 15 minutes around each change from 2024 to 2031, and at noon each day.
  @Test func usEasternMatchesGlibc() throws {
    let glibc = LocalTime(environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
    var instants: [Int] = []
    for year in 2024...2031 {
      for month in [3, 11] {
        let first = CalendarDate(year: year, month: month, day: 1)!.dayNumber
        for day in first..<(first + 14) {
          for quarter in 0..<(4 * 24) { instants.append(day * 86_400 + quarter * 900) }
        }
      }
      let january = CalendarDate(year: year, month: 1, day: 1)!.dayNumber
      for day in january..<(january + 365) { instants.append(day * 86_400 + 12 * 3600) }
    }
    for seconds in instants {
      let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
      let expected = glibc.fields(of: instant)
      #expect(USEastern.day(at: instant) == expected.day, "at \(Timestamp.iso8601(instant))")
      let local = seconds + USEastern.offset(at: instant)
      #expect(((local % 86_400) / 3600, (local % 3600) / 60) == (expected.hour, expected.minute))
    }
  }

  @Test func dayNumbersRoundTrip() {
    for number in stride(from: -719_162, through: 2_932_896, by: 997) {
      let day = CalendarDate(dayNumber: number)
      #expect(day?.dayNumber == number)
    }
    #expect(CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
    #expect(CalendarDate(dayNumber: -719_163) == nil)
    #expect(CalendarDate(dayNumber: 2_932_897) == nil)
    #expect(
      CalendarDate(year: 2024, month: 3, day: 1)!.previous == CalendarDate(year: 2024, month: 2, day: 29))
  }

  @Test func wikimediaAsksForTheUTCDay() throws {
    let day = CalendarDate(year: 2026, month: 6, day: 4)!
    #expect(
      WikimediaRequest.featured(day: day) == "https://en.wikipedia.org/api/rest_v1/feed/featured/2026/06/04")
    #expect(WikimediaRequest.featured(language: "de", day: day).hasPrefix("https://de.wikipedia.org/api/"))
    #expect(
      WikimediaRequest.featured(endpoint: "http://127.0.0.1:9/", day: day)
        == "http://127.0.0.1:9/api/rest_v1/feed/featured/2026/06/04")
    // A language is part of the host: anything but a language code is English.
    for bad in ["evil.example/x?", "EN", "e", "en.", "x-", ""] {
      #expect(WikimediaRequest.featured(language: bad, day: day).hasPrefix("https://en.wikipedia.org/"))
    }
    #expect(
      WikimediaRequest.featured(language: "zh-min-nan", day: day).hasPrefix(
        "https://zh-min-nan.wikipedia.org/"))
    let lateUTC = try #require(Timestamp.parse("2026-06-04T23:59:59Z"))
    #expect(WikimediaRequest.day(at: lateUTC) == day)
    #expect(
      WikimediaRequest.day(at: lateUTC.addingTimeInterval(1)) == CalendarDate(year: 2026, month: 6, day: 5))
  }

  @Test func wikimediaUserAgentNamesTheContactOnOneLine() {
    #expect(
      WikimediaRequest.userAgent(version: "1.4.0", contact: "https://example.org/bingwall")
        == "bingwall/1.4.0 (https://example.org/bingwall)")
    let injected = WikimediaRequest.userAgent(version: "1.4.0", contact: "me@example.org\r\nX-Evil: 1")
    #expect(!injected.contains("\r") && !injected.contains("\n"))
    #expect(injected == "bingwall/1.4.0 (me@example.org X-Evil: 1)")
  }

  @Test func commonsFeedAndEarthObservatoryFeeds() {
    #expect(
      WikimediaRequest.rss()
        == "https://commons.wikimedia.org/w/api.php?action=featuredfeed&feed=potd&feedformat=rss&language=en")
    #expect(
      WikimediaRequest.rss(endpoint: "http://127.0.0.1:8080/", language: "de")
        == "http://127.0.0.1:8080/w/api.php?action=featuredfeed&feed=potd&feedformat=rss&language=de")
    #expect(WikimediaRequest.rss(language: "en&x=1").hasSuffix("&language=en"))
    #expect(
      EarthObservatoryRequest.feed() == "https://science.nasa.gov/feed/earth-observatory/image-of-the-day")
    #expect(
      EarthObservatoryRequest.oldFeed() == "https://earthobservatory.nasa.gov/feeds/image-of-the-day.rss")
    #expect(
      EarthObservatoryRequest.oldFeed(endpoint: "http://localhost:1//")
        == "http://localhost:1/feeds/image-of-the-day.rss")
  }

  @Test func tracesNeverShowAKey() {
    #expect(
      Attempt.shown("https://api.nasa.gov/planetary/apod?api_key=SECRET&date=2026-10-02")
        == "https://api.nasa.gov/planetary/apod?api_key=REDACTED&date=2026-10-02")
    #expect(Attempt.shown("https://e.org/a?KEY=1&b=2&apikey") == "https://e.org/a?KEY=REDACTED&b=2&apikey")
    #expect(Attempt.shown("https://e.org/a") == "https://e.org/a")
  }
}
