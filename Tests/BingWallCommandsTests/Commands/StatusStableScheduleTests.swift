import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

/// A schedule's next time is drawn once and kept: every `status` tells the same time until it
/// passes, with or without a daemon (issue 47, "one line per kind of failure").
@Suite struct StatusStableScheduleTests {
  /// `next_update` and `next_fetch` of each source, from three `status --json` a second and
  /// twenty seconds apart (before the first failure's retry, the soonest time there is).
  static func nextTimes(_ run: InProcess) throws -> [[String]] {
    var seen: [[String]] = []
    for step in [0.0, 1, 20] {
      run.clock.advance(step)
      let object = try StatusInProcessTests.json(run)
      let sources = (object["sources"] as? [[String: Any]] ?? []).map { "\($0["next_fetch"] ?? "none")" }
      seen.append(["\(object["next_update"] ?? "none")"] + sources)
    }
    return seen
  }

  @Test func afterAnUpdateOfBingAndASourceEveryStatusTellsTheSameTimes() throws {
    let run = try UpdateSourcesInProcessTests.context()
    FakeBingRun.stubNoAutostart(run)
    #expect(run.run(["update", "--no-apply"]).status == 0)
    run.clock.advance(3600)
    let seen = try Self.nextTimes(run)
    #expect(Set(seen).count == 1, "\(seen)")
    #expect(seen[0][0].hasPrefix("2026-12-02T"), "\(seen)")
  }

  @Test func afterAFailedUpdateTheRetryTimeStays() throws {
    let run = try FakeBingRun.context(days: 1)
    run.http.stub("/HPImageArchive.aspx", .response(status: 503, headers: [:], body: []))
    #expect(run.run(["update", "--no-apply"]).status == 75)
    let seen = try Self.nextTimes(run)
    #expect(Set(seen).count == 1, "\(seen)")
    #expect(seen[0][0] > "2026-12-01T09:00:21Z", "\(seen)")
  }
}
