import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// `update`, `status` and the daemon loop run inside the test process on the test context:
/// exact output, every request accounted for, the scheduler state as the journal wrote it.
@Suite struct UpdateInProcessTests {
  @Test func updatePrintsEachNewPictureAndRecordsTheStateOnce() throws {
    let run = try FakeBingRun.context()
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        2026-12-01  en-US  Lake title — Lake caption, Somewhere (© Lake Photographer/Agency)
        2026-11-30  en-US  Fox title — Fox caption, Somewhere (© Fox Photographer/Agency)

        """)
    // Both pages of the archive (the market's first update), then the two pictures.
    #expect(run.http.requests.count == 4)
    #expect(run.http.requests.filter { $0.contains("/th?id=") }.count == 2)
    // The jitter is the first draw of the context's random source: drawn in one place.
    let state = StateFile(stateDir: run.paths.stateDir).load()
    var generator = RandomSourceGenerator(TestRandom(seed: 7))
    #expect(state.jitter == ScheduleJitter.random(using: &generator))
    #expect(state.lastUpdateSuccess == UTC.at("2026-12-01T09:00:00Z"))
    #expect(state.consecutiveFailures == 0)

    let again = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(again.status == 0)
    #expect(again.stdout == "Already up to date.\n")
    #expect(run.http.requests.count == 5)  // only the archive's recent page again

    // --force downloads again, and says what it fetched rather than "Already up to date".
    let forced = run.run(["update", "--market", "en-US", "--no-apply", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout == "Fetched 2 pictures again; each is the stored file.\n")
  }

  @Test func archiveFailuresAreRetriedOnTheClockAndRecordedAsAFailure() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    run.http.stub("/HPImageArchive.aspx", .response(status: 503, headers: [:], body: Array("busy".utf8)))
    FakeBingRun.stubNoAutostart(run)
    let result = run.run(["update", "--market", "en-US", "--quiet"])
    #expect(result.status == 75)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("bingwall: error: "))
    #expect(result.stderr.contains("503"))
    // The recent page three times; the older page once, beside its first try (no history yet),
    // and never again once the recent page failed.
    #expect(run.http.requests.filter { $0.contains("&idx=0&") }.count == 3)
    #expect(run.http.requests.count == 4)
    #expect(run.clock.sleeps.count == 2)  // backoff between the three attempts, no real sleep
    let status = run.run(["status"])
    #expect(status.stdout.contains("last update:  "))
    #expect(status.stdout.contains(", failed: "))
  }

  @Test func anUnstubbedRequestFailsTheTestLoudly() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    withKnownIssue {
      _ = run.run(["update", "--market", "en-US"])
    } matching: { issue in
      issue.description.contains("unstubbed HTTP request")
    }
  }

  /// The daemon's "next update at" line and `status --json`'s next_update are the same instant.
  @Test func daemonLogsTheNextUpdateThatStatusShows() throws {
    let run = try FakeBingRun.context()
    let lines = try run.runDaemonToItsFirstWait()
    #expect(lines.first?.hasPrefix("new picture: 2026-12-01  en-US  Lake title") == true)
    let next = try #require(lines.first { $0.hasPrefix("next update at ") })
    let status = run.run(["status", "--json"])
    let object = try #require(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    let shown = try #require(object["next_update"] as? String)
    #expect(next == "next update at \(shown)")
    #expect(lines.last == "stopping")
  }
}
