import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `favorite` and `ban` inside the test process, on a history of two pictures (Lake, the newest,
/// and Fox) that the scripted Bing delivered.
@Suite struct MarkInProcessTests {
  static func context() throws -> InProcess {
    let run = try FakeBingRun.context(days: 2)
    #expect(run.run(["update", "--market", "en-US", "--no-apply"]).status == 0)
    return run
  }

  /// The keys `list` shows with `flag` (`--favorites` or `--banned`), newest first.
  static func keys(_ run: InProcess, _ flag: String) throws -> [String] {
    let result = run.run(["list", flag, "--json"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return array.compactMap { $0["key"] as? String }
  }

  @Test func favoriteMarksEveryPictureNamedAndRemoveTakesItOff() throws {
    let run = try Self.context()
    let marked = run.run(["favorite", "latest", "OHR.Fox", "2026-12-01"])
    #expect(marked.status == 0, "\(marked.stderr)")
    #expect(
      marked.stdout == """
        Favourite: 2026-12-01 OHR.Lake (Lake title)
        Favourite: 2026-11-30 OHR.Fox (Fox title)

        """)
    #expect(try Self.keys(run, "--favorites") == ["OHR.Lake", "OHR.Fox"])
    let shown = run.run(["show", "OHR.Fox", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    #expect(object?["favorite"] as? Bool == true)
    #expect(object?["banned"] as? Bool == false)

    let removed = run.run(["favorite", "--remove", "OHR.Fox"])
    #expect(removed.stdout == "No longer a favourite: 2026-11-30 OHR.Fox (Fox title)\n")
    #expect(try Self.keys(run, "--favorites") == ["OHR.Lake"])
  }

  /// Every selector is resolved first: one that matches nothing changes nothing.
  @Test func aSelectorThatMatchesNothingChangesNothing() throws {
    let run = try Self.context()
    let result = run.run(["ban", "latest", "OHR.NoSuchPlace"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("OHR.NoSuchPlace"), "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(try Self.keys(run, "--banned") == [])
  }

  @Test func aBannedPictureIsNeverPickedByRandom() throws {
    let run = try Self.context()
    #expect(run.run(["ban", "OHR.Lake"]).status == 0)
    #expect(try Self.keys(run, "--banned") == ["OHR.Lake"])
    for seed in 1...12 {
      let pick = run.run(["random", "--dry-run", "--seed", "\(seed)"])
      #expect(pick.status == 0, "\(pick.stderr)")
      #expect(pick.stdout.contains("OHR.Fox") && !pick.stdout.contains("OHR.Lake"), "\(pick.stdout)")
    }
    #expect(
      run.run(["ban", "--remove", "OHR.Lake"]).stdout
        == "No longer banned: 2026-12-01 OHR.Lake (Lake title)\n")
    #expect(try Self.keys(run, "--banned") == [])
  }

  /// Nothing automatic happens to the screen; the user is told how to move on.
  @Test func banningTheCurrentWallpaperSaysWhatToDo() throws {
    let run = try Self.context()
    let store = try HistoryStore(path: run.paths.databaseFile)
    let lake = try store.resolve(.key("OHR.Lake"), market: nil, at: TestClock.start)
    try store.recordApply(pictureID: lake.rowID, backend: "none", reason: "apply", at: run.clock.now())

    let result = run.run(["ban", "latest"])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "bingwall: warning: the banned picture is still your wallpaper\n"
        + "bingwall: hint: 'bingwall random' or 'bingwall next' sets another\n")
    #expect(run.run(["ban", "OHR.Fox"]).stderr == "")
  }

  @Test func quietSaysNothingAndStillMarks() throws {
    let run = try Self.context()
    let result = run.run(["favorite", "-q", "latest"])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(try Self.keys(run, "--favorites") == ["OHR.Lake"])
  }

  @Test func withoutAHistoryItSaysSo() throws {
    let run = try FakeBingRun.context(days: 1)
    let result = run.run(["favorite", "latest"])
    #expect(result.status == 1)
    #expect(!result.stderr.isEmpty)
  }
}
