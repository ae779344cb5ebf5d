import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallSources

/// The two rules for what comes from a source: a key of shell-safe bytes (`SourceKey`), and a
/// day it may have (`PlausibleDay`), with the feeds choosing their newest plausible item.
@Suite struct PlausibleDayTests {
  @Test func keysOfTheRealSourcesStayAsTheyAre() {
    for key in [
      "OHR.Lake", "2026-12-01", "128000000004945709", "WW_128000000004741809_EN-US",
      "File:Gazelles_of_Sunset.jpg",
      "154153-istanbul-a-turkish-delight", "File:Oregon_ANG_pilot_preparing_F-15_flight_at_Nellis.jpg",
    ] {
      #expect(SourceKey.escaped(key) == key)
      #expect(SourceKey.isSafe(key))
    }
  }

  @Test func everyOtherByteIsEscapedOnceAsAURLWritesIt() {
    #expect(
      SourceKey.escaped("File:Messier_24_(infrared,_red,_green).jpg")
        == "File:Messier_24_%28infrared,_red,_green%29.jpg")
    #expect(SourceKey.escaped("File:Gorila_de_monta\u{F1}a.jpg") == "File:Gorila_de_monta%C3%B1a.jpg")
    #expect(
      SourceKey.escaped("File:$(touch${IFS}/tmp/x).jpg") == "File:%24%28touch%24%7BIFS%7D%2Ftmp%2Fx%29.jpg")
    #expect(SourceKey.escaped("`id`") == "%60id%60")
    // Never an option: a leading dash is escaped, one inside is not.
    #expect(SourceKey.escaped("-rf") == "%2Drf")
    #expect(SourceKey.escaped("a-b") == "a-b")
    // Every byte a shell reads as more than itself.
    for byte in Array(" \t!\"#$&'()*;<=>?[\\]^`{|}~/".utf8) {
      let text = "a" + String(UnicodeScalar(byte)) + "b"
      #expect(SourceKey.escaped(text).utf8.count == 5, "\(text)")
      #expect(!SourceKey.isSafe(text))
    }
    // An escaped key comes back as it is: an export of escaped keys imports unchanged.
    for key in ["File:Messier_24_(infrared).jpg", "-x", "100%", "$(x)"] {
      #expect(SourceKey.escaped(SourceKey.escaped(key)) == SourceKey.escaped(key))
    }
  }

  @Test func theLatestDayIsTomorrowInUTCWhichNoTimeZoneHasPassed() {
    let december8 = CalendarDate(year: 2026, month: 12, day: 8)!
    #expect(PlausibleDay.latest(at: UTC.at("2026-12-07T00:00:00Z")) == december8)
    // 23:59 UTC is 13:59 on the 8th in Kiribati (UTC+14): its today is still not after the 8th.
    #expect(PlausibleDay.latest(at: UTC.at("2026-12-07T23:59:59Z")) == december8)
    let now = UTC.at("2026-12-07T12:00:00Z")
    #expect(PlausibleDay.problem(december8, since: EarthObservatorySource().firstDay, at: now) == nil)
    #expect(
      PlausibleDay.problem(
        CalendarDate(year: 2026, month: 12, day: 9)!, since: EarthObservatorySource().firstDay, at: now)
        == .afterTomorrow(latest: december8))
    #expect(
      PlausibleDay.problem(
        CalendarDate(year: 9999, month: 12, day: 31)!, since: APODSource().firstDay, at: now)
        == .afterTomorrow(latest: december8))
    // Not before the source began: APOD's first day is plausible, the day before it is not.
    let first = CalendarDate(year: 1995, month: 6, day: 16)!
    #expect(PlausibleDay.problem(first, since: APODSource().firstDay, at: now) == nil)
    #expect(
      PlausibleDay.problem(first.previous!, since: APODSource().firstDay, at: now)
        == .beforeSource(first: first))
  }

  @Test func earthObservatoryChoosesItsNewestPlausibleItem() throws {
    let body = FeedResponseTests.rss(
      """
      <item><title>Far</title><link>https://e.org/images/3/far</link><pubDate>Fri, 31 Dec 9999 00:00:00 GMT</pubDate>
      <media:content url="https://e.org/far.jpg"/></item>
      """,
      """
      <item><title>Real</title><link>https://e.org/images/2/real</link><pubDate>Thu, 01 Oct 2026 00:00:00 GMT</pubDate>
      <media:content url="https://e.org/real.jpg"/></item>
      """,
      """
      <item><title>Early</title><link>https://e.org/images/1/early</link><pubDate>Fri, 01 Jan 1960 00:00:00 GMT</pubDate>
      <media:content url="https://e.org/early.jpg"/></item>
      """)
    let feed = try EarthObservatoryFeed.decode(
      Array(body.utf8), policy: .httpsOnly, at: UTC.at("2026-10-02T12:00:00Z"))
    #expect(feed.picture?.id.key == "2-real")
    #expect(
      feed.implausible == [
        PlausibleDay.Refusal(
          day: CalendarDate(year: 9999, month: 12, day: 31)!,
          problem: .afterTomorrow(latest: CalendarDate(year: 2026, month: 10, day: 3)!),
          path: "rss.channel.item[0].pubDate"),
        PlausibleDay.Refusal(
          day: CalendarDate(year: 1960, month: 1, day: 1)!,
          problem: .beforeSource(first: CalendarDate(year: 1999, month: 1, day: 1)!),
          path: "rss.channel.item[2].pubDate"),
      ])
    // Every item passed over: no picture, and no failure either; the caller warns.
    let only = FeedResponseTests.rss(
      """
      <item><title>Far</title><link>https://e.org/images/3/far</link><pubDate>Fri, 31 Dec 9999 00:00:00 GMT</pubDate>
      <media:content url="https://e.org/far.jpg"/></item>
      """)
    let none = try EarthObservatoryFeed.decode(
      Array(only.utf8), policy: .httpsOnly, at: UTC.at("2026-10-02T12:00:00Z"))
    #expect(none.picture == nil)
    #expect(none.implausible.count == 1)
  }

  @Test func commonsRSSChoosesItsNewestPlausibleDay() throws {
    // The real feed of June 2026, its last item (June 24) moved to the year 9999.
    let text = Fixtures.text("feeds/wikimedia_commons-potd-rss-2026-06-24.xml")
      .replacingOccurrences(of: "Wed, 24 Jun 2026", with: "Fri, 24 Jun 9999")
    let feed = try WikimediaFeed.decode(
      Array(text.utf8), policy: .httpsOnly, at: UTC.at("2026-06-25T12:00:00Z"))
    #expect(feed.picture?.picture.date == CalendarDate(year: 2026, month: 6, day: 23))
    #expect(feed.implausible.map(\.day) == [CalendarDate(year: 9999, month: 6, day: 24)!])
  }
}
