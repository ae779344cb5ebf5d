import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// A day must be a plausible day: a source's picture dated 9999-12-31 is passed over with one
/// warning, and a history that already holds such a row never makes it `latest`, the picture an
/// update sets, or what `status` counts the next picture from.
@Suite struct PlausibleDayInProcessTests {
  static let earthObservatoryEndpoint = "https://eo.test"

  /// The keys of the pictures `run`'s history holds from `source`.
  static func keys(_ run: InProcess, source: Source) throws -> [String] {
    try HistoryStore(path: run.paths.databaseFile).pictures(.init(limit: 0, sources: [source])).map(\.id.key)
  }

  /// The key of the picture bingwall set last.
  static func applied(_ run: InProcess) throws -> String? {
    let store = try HistoryStore(path: run.paths.databaseFile)
    return try store.recentlyApplied(limit: 1).first.flatMap { try store.picture(id: $0) }?.id.key
  }

  /// The lines of `text` that are warnings.
  static func warnings(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("bingwall: warning: ") }
  }

  @Test func apodDatedInTheYear9999IsPassedOverAndBingsNewestIsSet() throws {
    let run = try UpdateSourcesInProcessTests.context()
    run.http.stub(
      "/wp-json/wp/v2/apod-basic/",
      .ok(try UpdateSourcesInProcessTests.apodBody(day: "9999-12-31"), type: "application/json"))
    // The default update sets the newest picture (on the "none" backend, recorded all the same).
    let result = run.run(["update"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      Self.warnings(result.stderr) == [
        "bingwall: warning: NASA APOD: a picture dated 9999-12-31 (date) is after tomorrow (2026-12-02); passed over"
      ], "\(result.stderr)")
    #expect(try Self.keys(run, source: .apod).isEmpty)
    #expect(!run.http.requests.contains { $0.contains("sharpless.png") })
    #expect(try Self.applied(run) == "OHR.Lake")
  }

  @Test func apodAnsweringForAnotherDayThanAskedIsPassedOver() throws {
    let run = try UpdateSourcesInProcessTests.context()
    // Asked for 2026-12-01 (and, only were it missing, 2026-11-30): an answer for November 3rd
    // is not the day's picture, however plausible the day.
    run.http.stub(
      "/wp-json/wp/v2/apod-basic/",
      .ok(try UpdateSourcesInProcessTests.apodBody(day: "2026-11-03"), type: "application/json"))
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      Self.warnings(result.stderr) == [
        "bingwall: warning: NASA APOD: a picture dated 2026-11-03 (date) is not the day asked for "
          + "(2026-12-01 or 2026-11-30); passed over"
      ], "\(result.stderr)")
    #expect(try Self.keys(run, source: .apod).isEmpty)
  }

  @Test func bingsPictureOfTheYear9999IsSkippedAndTheRealNewestIsSet() throws {
    let run = try FakeBingRun.context(days: 2)
    let far = FakeBingImage(name: "Far", number: "3000", fullStartDate: "999912310800", title: "Far title")
    let listed = [far] + FakeBingRun.week.prefix(2)
    try FakeBingRun.serve(run, listing: listed, pictures: listed)
    let result = run.run(["update"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("skipped OHR.Far (en-US): dated 9999-12-31, after tomorrow (2026-12-02)\n"),
      "\(result.stderr)")
    #expect(try Self.keys(run, source: .bing).sorted() == ["OHR.Fox", "OHR.Lake"])
    #expect(try Self.applied(run) == "OHR.Lake")
  }

  /// Earth Observatory's own feed, its two newest items dated in the year 9999 and the third
  /// 2026-11-30, with the third's picture served.
  static func earthObservatoryContext() throws -> InProcess {
    let run = try UpdateSourcesInProcessTests.context(sources: "bing,earth-observatory")
    run.environment["BINGWALL_EARTH_OBSERVATORY_ENDPOINT"] = earthObservatoryEndpoint
    let feed = Fixtures.text("feeds/earth_observatory-iotd-handmade.xml")
      .replacingOccurrences(of: "Fri, 02 Oct 2026 04:00:00 +0000", with: "Fri, 31 Dec 9999 04:00:00 +0000")
      .replacingOccurrences(of: "Thu, 01 Oct 2026 04:00:00 +0000", with: "Thu, 30 Dec 9999 04:00:00 +0000")
      .replacingOccurrences(of: "Wed, 30 Sep 2026 04:00:00 +0000", with: "Mon, 30 Nov 2026 04:00:00 +0000")
    run.http.stub(
      "/feed/earth-observatory/image-of-the-day", .ok(Array(feed.utf8), type: "application/rss+xml"))
    run.http.stub(
      "/snow-plateau.jpg", .ok(Array(try TestJPEG.make(width: 640, height: 360)), type: "image/jpeg"))
    return run
  }

  @Test func earthObservatoryItemsOfTheYear9999AreOneWarningAndTheRealNewestIsKept() throws {
    let run = try Self.earthObservatoryContext()
    let result = run.run(["update"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      Self.warnings(result.stderr) == [
        "bingwall: warning: NASA Earth Observatory: a picture dated 9999-12-31 (rss.channel.item[0].pubDate) "
          + "is after tomorrow (2026-12-02); passed over (and 1 more like it)"
      ], "\(result.stderr)")
    // The feed's newest plausible item is stored; no picture of the year 9999 is even fetched.
    #expect(try Self.keys(run, source: .earthObservatory) == ["snow-on-the-high-plateau"])
    #expect(!run.http.requests.contains { $0.contains("autumn-lakes") || $0.contains("dust-plume") })
    // The newest of every source is Bing's 2026-12-01, and that is what was set.
    #expect(try Self.applied(run) == "OHR.Lake")
    // The source's next fetch counts from the day it really gave.
    let fetch = try #require(try HistoryStore(path: run.paths.databaseFile).fetches()[.earthObservatory])
    #expect(fetch.newestDay == CalendarDate(year: 2026, month: 11, day: 30))
  }

  /// A history that holds a row of 9999-12-31 already (from before this check, or by hand):
  /// Bing's Delta (2026-11-24) shown again on that day.
  static func historyWithARowOf9999() throws -> InProcess {
    let run = try UpdateSourcesInProcessTests.context(sources: "bing")
    FakeBingRun.stubNoAutostart(run)
    let update = run.run(["update", "--no-apply"])
    #expect(update.status == 0, "\(update.stderr)")
    let store = try HistoryStore(path: run.paths.databaseFile)
    try store.write {
      _ = try store.database.run(
        """
        INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,
          copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at, source)
        SELECT picture_id, market, '9999-12-31', bing_id, title, caption, credit, copyright,
          copyright_link, urlbase, hsh, wp, '999912310800', first_seen, updated_at, source
        FROM appearances WHERE picture_id = (SELECT id FROM pictures WHERE key = 'OHR.Delta')
        """)
    }
    // Without the rule, this is the newest picture.
    #expect(try store.pictures(.init(limit: 1)).first?.id.key == "OHR.Delta")
    return run
  }

  @Test func latestAndApplyNeverPickADayAfterTomorrow() throws {
    let run = try Self.historyWithARowOf9999()
    let shown = run.run(["show", "latest", "--json"])
    #expect(shown.status == 0, "\(shown.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    #expect(json["key"] as? String == "OHR.Lake", "\(shown.stdout)")
    let applied = run.run(["apply"])
    #expect(applied.status == 0, "\(applied.stderr)")
    #expect(try Self.applied(run) == "OHR.Lake")
    // The next day, the update sets the day's new picture, not the row of 9999.
    run.clock.set(UTC.at("2026-12-02T15:00:00Z"))
    let tarn = FakeBingImage(name: "Tarn", number: "3000", fullStartDate: "202612020800", title: "Tarn title")
    try UpdateWindowInProcessTests.serve(
      run, recent: [tarn] + UpdateWindowInProcessTests.week.prefix(7),
      older: UpdateWindowInProcessTests.olderPage)
    let update = run.run(["update"])
    #expect(update.status == 0, "\(update.stderr)")
    #expect(try Self.applied(run) == "OHR.Tarn")
  }

  @Test func statusCountsTheNextPictureFromTheRealNewest() throws {
    let run = try Self.historyWithARowOf9999()
    #expect(run.run(["apply"]).status == 0)
    let result = run.run(["status", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    // Bing's next en-US picture after 2026-12-01's, not after a day in the year 9999.
    #expect((object["next_update"] as? String)?.hasPrefix("2026-12-02T08:") == true, "\(result.stdout)")
    let current = try #require(object["current"] as? [String: Any], "\(result.stdout)")
    #expect(current["key"] as? String == "OHR.Lake")
  }
}
