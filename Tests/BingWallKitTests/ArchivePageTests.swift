import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSystem

/// The archive's two pages: `idx=0` and `idx=7`, which share a day, made into one window.
@Suite struct ArchivePageTests {
  @Test(arguments: [
    (ArchivePage.recent, "https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1"),
    (ArchivePage.older, "https://www.bing.com/HPImageArchive.aspx?format=js&idx=7&n=8&mkt=en-US&mbl=1"),
  ])
  func eachPageHasItsIndex(page: ArchivePage, expected: String) {
    #expect(ArchiveRequest.url(endpoint: "https://www.bing.com/", market: "en-US", page: page) == expected)
  }

  /// The fake Bing answers both pages as Bing does, over the real libcurl: the older page starts
  /// on the recent page's oldest day.
  @Test func theFakeBingServesBothPages() throws {
    let bing = try FakeBing()
    try bing.publish(market: "en-US", images: FakeBing.week() + FakeBing.weekBefore())
    let client = BingClient(
      http: CurlHTTPClient(userAgent: "bingwall-test/1"), endpoint: bing.endpoint,
      limits: RequestLimits(timeout: .seconds(5)))
    let recent = try client.archive(market: "en-US", page: .recent)
    let older = try client.archive(market: "en-US", page: .older)
    #expect(recent.images.map(\.key) == FakeBing.week().map(\.key))
    #expect(older.images.map(\.key) == [FakeBing.week()[7].key] + FakeBing.weekBefore().map(\.key))
    #expect(bing.archiveRequests(.recent) == 1)
    #expect(bing.archiveRequests(.older) == 1)

    // Both at once (one round trip), each answer in its place.
    let both = client.archives(market: "en-US", pages: [.older, .recent])
    #expect(
      try both.map { try $0.get().images.first?.key } == [FakeBing.week()[7].key, FakeBing.week()[0].key])
    #expect(bing.archiveRequests(.recent) == 2)
    #expect(bing.archiveRequests(.older) == 2)
    // A page that fails is that page's failure alone.
    bing.server.route("/HPImageArchive.aspx", query: ["mkt": "en-US", "idx": "7"], .status(503))
    let partly = client.archives(market: "en-US", pages: [.recent, .older])
    #expect((try? partly[0].get()) != nil)
    guard case .failure(let error) = partly[1] else {
      Issue.record("the older page answered 503 and was not a failure")
      return
    }
    #expect((error as? BingError)?.isTemporary == true)
  }

  /// Real answers: en-US's recent page of 2023-10-20 (2023-10-19 back to 10-12), and the
  /// capture of a week before (10-12 back to 10-05), which is what the older page held that day.
  /// Bing corrected the shared day's caption in between (Idaho → Washington).
  static func realPages() throws -> (recent: ArchiveResponse, older: ArchiveResponse) {
    (
      try ArchiveResponse.decode(RealBingFixtures.body("en-US_2023-10-20"), requestedMarket: "en-US"),
      try ArchiveResponse.decode(RealBingFixtures.body("en-US_2023-10-13"), requestedMarket: "en-US")
    )
  }

  @Test func theOlderPageAddsTheDaysBeforeTheRecentOnesOnly() throws {
    let (recent, older) = try Self.realPages()
    let added = older.images(before: recent)
    #expect(added.map(\.date.description) == (5...11).reversed().map { "2023-10-\($0 < 10 ? "0" : "")\($0)" })
    let window = recent.images + added
    #expect(window.count == 15)
    #expect(Set(window.map(\.date)).count == 15, "each day once")
    // The shared day is the recent page's, with its corrected caption.
    let barn = try #require(window.first { $0.key == "OHR.IdahoBarn" })
    #expect(window.filter { $0.key == "OHR.IdahoBarn" }.count == 1)
    #expect(barn.caption == "Old barn and canola field, Palouse region, Washington")
    #expect(older.images.contains { $0.key == "OHR.IdahoBarn" && $0.caption.hasSuffix("Idaho") })
  }

  @Test func aPageAlignedWithTheRecentOneAddsNothing() throws {
    let (recent, _) = try Self.realPages()
    #expect(recent.images(before: recent).isEmpty)
  }

  @Test func whenTheOlderPageIsAskedFor() throws {
    let (recent, _) = try Self.realPages()
    let day = { (text: String) in CalendarDate(parsing: text)! }
    #expect(Update.olderPageReason(newestStored: nil, recent: recent, days: nil) == .firstUpdate)
    // The recent page reaches back to 2023-10-12: a history ending on 10-11 is filled by it.
    #expect(Update.olderPageReason(newestStored: day("2023-10-11"), recent: recent, days: nil) == nil)
    #expect(Update.olderPageReason(newestStored: day("2023-10-19"), recent: recent, days: nil) == nil)
    #expect(
      Update.olderPageReason(newestStored: day("2023-10-10"), recent: recent, days: nil)
        == .gap(newest: day("2023-10-10")))
    #expect(
      Update.olderPageReason(newestStored: day("2022-01-01"), recent: recent, days: nil)
        == .gap(newest: day("2022-01-01")))
    // `--days` (at most 8) keeps to the recent page, even on a first update.
    for days in 1...8 {
      #expect(Update.olderPageReason(newestStored: nil, recent: recent, days: days) == nil)
    }
  }

  @Test(arguments: [
    ("2023-10-11", "2023-10-12"), ("2023-10-31", "2023-11-01"), ("2023-12-31", "2024-01-01"),
    ("2024-02-28", "2024-02-29"), ("2023-02-28", "2023-03-01"), ("2100-02-28", "2100-03-01"),
  ])
  func theDayAfter(day: String, next: String) throws {
    #expect(try #require(CalendarDate(parsing: day)).dayAfter == CalendarDate(parsing: next))
  }

  @Test func thereIsNoDayAfterTheLastOne() throws {
    #expect(try #require(CalendarDate(parsing: "9999-12-31")).dayAfter == nil)
  }
}
