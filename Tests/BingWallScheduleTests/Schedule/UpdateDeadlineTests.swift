import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The daily update deadline over tables of markets and clocks: earliest market's publication plus
/// the jitter, overdue means now, and a late Bing is asked again after a pause, never in a loop.
@Suite struct UpdateDeadlineTests {
  /// A fixed jitter, so the tables can give exact times: 4 minutes, 2 minutes.
  static let jitter = ScheduleJitter(publication: 240, retry: 120, backoffShare: 0.5)

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var markets: [NewestPicture]
    var lastSuccess: Date?
    var now: Date
    var market: String
    var date: Date
    var reason: UpdateDeadline.Reason
    var testDescription: String { name }
  }

  static func pictures(_ pairs: KeyValuePairs<String, String?>) -> [NewestPicture] {
    pairs.map { NewestPicture(.market(Market(stored: $0.key)), fullStartDate: $0.value.map(UTC.at)) }
  }

  static let cases: [Case] = [
    Case(
      name: "winter day: ja-JP (1500 the day before) publishes first, before en-IN and en-US",
      markets: pictures([
        "en-US": "2026-12-02T08:00:00Z", "ja-JP": "2026-12-01T15:00:00Z", "en-IN": "2026-12-01T18:30:00Z",
      ]),
      lastSuccess: UTC.at("2026-12-02T08:05:00Z"), now: UTC.at("2026-12-02T09:00:00Z"),
      market: "ja-JP", date: UTC.at("2026-12-02T15:04:00Z"),
      reason: .publication(UTC.at("2026-12-02T15:00:00Z"))),
    Case(
      name: "winter day after ja-JP's update: en-IN at 1830 is next",
      markets: pictures([
        "en-US": "2026-12-02T08:00:00Z", "ja-JP": "2026-12-02T15:00:00Z", "en-IN": "2026-12-01T18:30:00Z",
      ]),
      lastSuccess: UTC.at("2026-12-02T15:04:00Z"), now: UTC.at("2026-12-02T15:04:01Z"),
      market: "en-IN", date: UTC.at("2026-12-02T18:34:00Z"),
      reason: .publication(UTC.at("2026-12-02T18:30:00Z"))),
    Case(
      name: "winter evening: en-US's 0800 next morning is next",
      markets: pictures([
        "en-US": "2026-12-02T08:00:00Z", "ja-JP": "2026-12-02T15:00:00Z", "en-IN": "2026-12-02T18:30:00Z",
      ]),
      lastSuccess: UTC.at("2026-12-02T18:34:00Z"), now: UTC.at("2026-12-02T20:00:00Z"),
      market: "en-US", date: UTC.at("2026-12-03T08:04:00Z"),
      reason: .publication(UTC.at("2026-12-03T08:00:00Z"))),
    Case(
      name: "summer: en-GB (2300) before en-US (0700)",
      markets: pictures(["en-US": "2026-07-15T07:00:00Z", "en-GB": "2026-07-14T23:00:00Z"]),
      lastSuccess: UTC.at("2026-07-15T07:04:00Z"), now: UTC.at("2026-07-15T12:00:00Z"),
      market: "en-GB", date: UTC.at("2026-07-15T23:04:00Z"),
      reason: .publication(UTC.at("2026-07-15T23:00:00Z"))),
    Case(
      name: "summer, markets listed the other way round: the same answer",
      markets: pictures(["en-GB": "2026-07-14T23:00:00Z", "en-US": "2026-07-15T07:00:00Z"]),
      lastSuccess: UTC.at("2026-07-15T07:04:00Z"), now: UTC.at("2026-07-15T12:00:00Z"),
      market: "en-GB", date: UTC.at("2026-07-15T23:04:00Z"),
      reason: .publication(UTC.at("2026-07-15T23:00:00Z"))),
    Case(
      name: "summer en-US at 0700: the day after is due at 0700 + jitter",
      markets: pictures(["en-US": "2026-07-15T07:00:00Z"]),
      lastSuccess: nil, now: UTC.at("2026-07-15T07:30:00Z"),
      market: "en-US", date: UTC.at("2026-07-16T07:04:00Z"),
      reason: .publication(UTC.at("2026-07-16T07:00:00Z"))),
    Case(
      name: "DST ends (en-US 0700 -> 0800 on 2 Nov): fullstartdate + 24 h, so 0700, not local midnight",
      markets: pictures(["en-US": "2026-11-01T07:00:00Z"]),
      lastSuccess: UTC.at("2026-11-01T07:04:00Z"), now: UTC.at("2026-11-01T12:00:00Z"),
      market: "en-US", date: UTC.at("2026-11-02T07:04:00Z"),
      reason: .publication(UTC.at("2026-11-02T07:00:00Z"))),
    Case(
      name: "DST starts (en-US 0800 -> 0700 on 9 Mar): 0800 + 24 h, an hour after Bing",
      markets: pictures(["en-US": "2026-03-08T08:00:00Z"]),
      lastSuccess: UTC.at("2026-03-08T08:04:00Z"), now: UTC.at("2026-03-08T12:00:00Z"),
      market: "en-US", date: UTC.at("2026-03-09T08:04:00Z"),
      reason: .publication(UTC.at("2026-03-09T08:00:00Z"))),
    Case(
      name: "a market without a picture is due now, whatever the others say",
      markets: pictures(["en-US": "2026-12-02T08:00:00Z", "de-DE": nil]),
      lastSuccess: nil, now: UTC.at("2026-12-02T09:00:00Z"),
      market: "de-DE", date: UTC.at("2026-12-02T09:00:00Z"), reason: .noPicture),
    Case(
      name: "no picture, last success long ago: due now",
      markets: pictures(["de-DE": nil]),
      lastSuccess: UTC.at("2026-12-02T08:00:00Z"), now: UTC.at("2026-12-02T09:00:00Z"),
      market: "de-DE", date: UTC.at("2026-12-02T09:00:00Z"), reason: .noPicture),
    Case(
      name: "no picture although an update just succeeded: again after 15 min + jitter",
      markets: pictures(["de-DE": nil]),
      lastSuccess: UTC.at("2026-12-02T08:55:00Z"), now: UTC.at("2026-12-02T09:00:00Z"),
      market: "de-DE", date: UTC.at("2026-12-02T09:12:00Z"), reason: .stillNoPicture),
    Case(
      name: "machine off for a day: overdue, due now",
      markets: pictures(["en-US": "2026-11-30T08:00:00Z"]),
      lastSuccess: UTC.at("2026-11-30T08:04:00Z"), now: UTC.at("2026-12-02T09:00:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T09:00:00Z"),
      reason: .overdue(UTC.at("2026-12-01T08:00:00Z"))),
    Case(
      name: "overdue by one second after publication + jitter: due now",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-01T08:04:00Z"), now: UTC.at("2026-12-02T08:04:01Z"),
      market: "en-US", date: UTC.at("2026-12-02T08:04:01Z"),
      reason: .overdue(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "published but inside the jitter: wait for the jitter",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-01T08:04:00Z"), now: UTC.at("2026-12-02T08:02:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T08:04:00Z"),
      reason: .publication(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "Bing late: an update after 0800 found yesterday's picture; again in 15 min + jitter",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T08:04:00Z"), now: UTC.at("2026-12-02T08:04:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T08:21:00Z"), reason: .late(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "Bing late and the retry time passed (the machine slept): due now",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T08:04:00Z"), now: UTC.at("2026-12-02T09:30:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T09:30:00Z"), reason: .late(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "Bing 1 h 59 min late: still every 15 min",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T09:59:00Z"), now: UTC.at("2026-12-02T10:00:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T10:16:00Z"), reason: .late(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "Bing 2 h late: hourly from now on",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T10:00:00Z"), now: UTC.at("2026-12-02T10:00:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T11:02:00Z"), reason: .late(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "a success inside the jitter window already counts: retry, not the jittered publication",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T08:01:00Z"), now: UTC.at("2026-12-02T08:02:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T08:18:00Z"), reason: .late(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "a late market's retry does not hide another that publishes sooner (made-up 0810 start)",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z", "xx-XX": "2026-12-01T08:10:00Z"]),
      lastSuccess: UTC.at("2026-12-02T08:04:00Z"), now: UTC.at("2026-12-02T08:05:00Z"),
      market: "xx-XX", date: UTC.at("2026-12-02T08:14:00Z"),
      reason: .publication(UTC.at("2026-12-02T08:10:00Z"))),
    Case(
      name: "one update covers every market: all late after it, the first listed wins the tie",
      markets: pictures(["en-US": "2026-12-01T08:00:00Z", "ja-JP": "2026-12-01T07:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T08:04:00Z"), now: UTC.at("2026-12-02T08:05:00Z"),
      market: "en-US", date: UTC.at("2026-12-02T08:21:00Z"), reason: .late(UTC.at("2026-12-02T08:00:00Z"))),
    Case(
      name: "clock stepped back 3 days: a picture from the future counts from now (+24 h)",
      markets: pictures(["en-US": "2026-12-02T08:00:00Z"]),
      lastSuccess: UTC.at("2026-12-02T08:04:00Z"), now: UTC.at("2026-11-29T08:00:00Z"),
      market: "en-US", date: UTC.at("2026-11-30T08:04:00Z"),
      reason: .publication(UTC.at("2026-11-30T08:00:00Z"))),
    Case(
      name: "clock stepped back: a success from the future counts as now for a market without a picture",
      markets: pictures(["de-DE": nil]),
      lastSuccess: UTC.at("2026-12-09T08:00:00Z"), now: UTC.at("2026-12-02T08:00:00Z"),
      market: "de-DE", date: UTC.at("2026-12-02T08:17:00Z"), reason: .stillNoPicture),
  ]

  @Test(arguments: cases) func deadline(_ row: Case) throws {
    let deadline = try #require(
      UpdateDeadline.next(for: row.markets, lastSuccess: row.lastSuccess, now: row.now, jitter: Self.jitter))
    #expect(deadline.entry == .market(Market(stored: row.market)))
    #expect(Timestamp.iso8601(deadline.date) == Timestamp.iso8601(row.date))
    #expect(deadline.date == row.date)
    #expect(deadline.reason == row.reason)
    #expect(deadline.date >= row.now)
  }

  @Test func noMarketMeansNoDeadline() {
    #expect(
      UpdateDeadline.next(for: [], lastSuccess: nil, now: UTC.at("2026-12-02T08:00:00Z"), jitter: Self.jitter)
        == nil)
  }

  /// The earliest market plus a jitter within 1…10 minutes, for many seeds; the seeds spread.
  @Test func seededJitterStaysWithinOneToTenMinutes() throws {
    let markets = Self.pictures(["en-US": "2026-12-02T08:00:00Z", "ja-JP": "2026-12-01T15:00:00Z"])
    let publication = UTC.at("2026-12-02T15:00:00Z")
    var offsets: Set<TimeInterval> = []
    var retries: Set<Int> = []
    var shares: Set<Double> = []
    for seed in UInt64(0)..<200 {
      var generator = SeededGenerator(seed: seed)
      let jitter = ScheduleJitter.random(using: &generator)
      #expect(ScheduleJitter.seconds.contains(jitter.retry))
      #expect((0...1).contains(jitter.backoffShare))
      retries.insert(jitter.retry)
      shares.insert(jitter.backoffShare)
      let deadline = try #require(
        UpdateDeadline.next(
          for: markets, lastSuccess: nil, now: UTC.at("2026-12-02T09:00:00Z"), jitter: jitter))
      let offset = deadline.date.timeIntervalSince(publication)
      #expect((60...600).contains(offset), "seed \(seed): \(offset) s")
      #expect(offset == TimeInterval(jitter.publication))
      #expect(offset == offset.rounded(), "whole seconds")
      #expect(deadline.entry == .market(Market(stored: "ja-JP")))
      offsets.insert(offset)
    }
    #expect(offsets.count > 100, "200 seeds gave only \(offsets.count) offsets")
    #expect(retries.count > 100, "200 seeds gave only \(retries.count) retry offsets")
    #expect(shares.count > 100, "200 seeds gave only \(shares.count) backoff shares")
    var again = SeededGenerator(seed: 42)
    var first = SeededGenerator(seed: 42)
    #expect(ScheduleJitter.random(using: &again) == ScheduleJitter.random(using: &first))
  }

  @Test func jitterOutsideItsRangeIsPulledBack() {
    let low = ScheduleJitter(publication: -5, retry: 0, backoffShare: -1)
    #expect(low == ScheduleJitter(publication: 60, retry: 60, backoffShare: 0))
    let high = ScheduleJitter(publication: 99_999, retry: 601, backoffShare: 7)
    #expect(high == ScheduleJitter(publication: 600, retry: 600, backoffShare: 1))
    #expect(ScheduleJitter(publication: 60, retry: 60, backoffShare: .nan).backoffShare == 0.5)
  }
}
