import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// The update's time limit bounds its work too, not only its transfers: a source whose answer
/// takes longer to read than a request may take to arrive (`network.timeout`, 30 s) is stopped
/// and told as that source's failure, and the other sources' pictures and Bing's are stored.
///
/// The run's clock moves one second at each reading of its monotonic time (`ReadingClock`), so
/// the reader of a 4 MB feed, which reads the clock every few thousand steps, sees about a
/// thousand seconds go by, as a machine a thousand times slower would, and the test waits for
/// none of them.
@Suite struct UpdateTimeLimitInProcessTests {
  /// A clock whose monotonic time moves one second each time it is read, beside the test
  /// clock's own (its wall clock, its sleeps).
  final class ReadingClock: WallClock, Sendable {
    let base: TestClock
    private let readings = Mutex(0)

    init(_ base: TestClock) { self.base = base }

    func now() -> Date { base.now() }
    func sleep(for duration: Duration) { base.sleep(for: duration) }
    func monotonicNow() -> ContinuousClock.Instant {
      base.monotonicNow()
        + .seconds(
          readings.withLock { count in
            count += 1
            return count
          })
    }

    /// How far its monotonic time has moved: its readings, and the test clock's sleeps.
    func elapsed(since start: ContinuousClock.Instant) -> Duration { start.duration(to: monotonicNow()) }
  }

  /// Earth Observatory's feed with its newest item's title 4 MB of `&`.
  static func hostileFeed() throws -> [UInt8] {
    let feed = Fixtures.text("feeds/earth_observatory-iotd-handmade.xml")
    let body = try TextFlood.replacingFirst(
      of: "title", in: feed, with: TextFlood.ampersand.text())
    return Array(body.utf8)
  }

  @Test func aFeedThatTakesTooLongToReadIsThatSourcesFailureAndTheOthersAreStored() throws {
    let run = try UpdateSourcesInProcessTests.context(sources: "bing,apod,earth-observatory")
    run.environment["BINGWALL_EARTH_OBSERVATORY_ENDPOINT"] = "https://eo.test"
    let feed = try Self.hostileFeed()
    run.http.stub("/feed/earth-observatory/image-of-the-day", .ok(feed, type: "application/rss+xml"))
    run.http.stub("/feeds/image-of-the-day.rss", .ok(feed, type: "application/rss+xml"))
    let clock = ReadingClock(run.clock)
    let start = clock.base.monotonicNow()

    let result = run.run(["update", "--no-apply"]) { $0.clock = clock }

    // Earth Observatory's failure, in its own words, for both its feeds; a warning, since the
    // others' pictures came.
    #expect(result.status == ExitCode.failure, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "bingwall: warning: NASA Earth Observatory's answer took more than 30 s to read; "
          + "stopped reading it and passed it over (its fallback on eo.test failed too)"),
      "\(result.stderr)")
    let store = try UpdateSourcesInProcessTests.store(run)
    #expect(try store.pictures(.init(limit: 0, sources: [.earthObservatory])).isEmpty)
    #expect(try store.pictures(.init(limit: 0, sources: [.apod])).count == 1)
    #expect(try store.pictures(.init(limit: 0, sources: [.bing])).count == 15)
    // Both feeds were asked for, each once.
    #expect(run.http.requests.filter { $0.contains("/feed/earth-observatory/") }.count == 1)
    #expect(run.http.requests.filter { $0.contains("/feeds/image-of-the-day.rss") }.count == 1)
    // The whole run, readings of the feed included, stayed within the update's limit
    // (6 × network.timeout): each reading stopped after its 30 s, not after the thousand the
    // feed would have taken.
    let elapsed = clock.elapsed(since: start)
    #expect(elapsed < .seconds(180), "\(elapsed)")
    #expect(elapsed >= .seconds(60), "both readings ran to their limit: \(elapsed)")
  }
}
