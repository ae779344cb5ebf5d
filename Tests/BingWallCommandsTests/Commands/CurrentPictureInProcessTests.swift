import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `current`, the picture on screen (the one bingwall set last), and `favorite`, `unfavorite`,
/// `ban` and `show` with no selector, which act on it: after `previous` that is not the newest.
/// On the scripted week with the `none` backend (Lake 2026-12-01, the newest; Fox 2026-11-30).
@Suite struct CurrentPictureInProcessTests {
  /// The week, with the newest applied and then one step back: Fox is on screen, Lake is newest.
  static func steppedBack() throws -> InProcess {
    let run = try FakeBingRun.updated()
    #expect(run.run(["apply", "-q"]).status == 0)
    #expect(run.run(["previous", "-q"]).status == 0)
    #expect(try StepInProcessTests.current(run) == "OHR.Fox")
    return run
  }

  @Test func favoriteWithNoSelectorMarksThePictureOnScreenNotTheNewest() throws {
    let run = try Self.steppedBack()
    let marked = run.run(["favorite"])
    #expect(marked.status == 0, "\(marked.stderr)")
    #expect(marked.stdout == "Favourite: 2026-11-30 OHR.Fox (Fox title)\n")
    #expect(try MarkInProcessTests.keys(run, "--favorites") == ["OHR.Fox"])

    let removed = run.run(["unfavorite"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stdout == "No longer a favourite: 2026-11-30 OHR.Fox (Fox title)\n")
    #expect(try MarkInProcessTests.keys(run, "--favorites") == [])
  }

  @Test func currentIsASelectorEverywhereAndLatestStillMeansTheNewest() throws {
    let run = try Self.steppedBack()
    #expect(run.run(["favorite", "current", "latest", "-q"]).status == 0)
    #expect(try MarkInProcessTests.keys(run, "--favorites") == ["OHR.Lake", "OHR.Fox"])
    // unfavorite takes selectors as favorite --remove does.
    #expect(run.run(["unfavorite", "latest", "-q"]).status == 0)
    #expect(try MarkInProcessTests.keys(run, "--favorites") == ["OHR.Fox"])

    let shown = run.run(["show", "current", "--json"])
    #expect(shown.status == 0, "\(shown.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    #expect(object?["key"] as? String == "OHR.Fox")
    // No selector is the same picture.
    #expect(run.run(["show", "--json"]).stdout == shown.stdout)
    let newest = run.run(["show", "latest", "--json"])
    let newestObject = try JSONSerialization.jsonObject(with: Data(newest.stdout.utf8)) as? [String: Any]
    #expect(newestObject?["key"] as? String == "OHR.Lake")
  }

  /// As `ban` of the picture on screen always did: it is banned, and the screen is left alone
  /// with a word on how to move on.
  @Test func banWithNoSelectorBansThePictureOnScreen() throws {
    let run = try Self.steppedBack()
    let result = run.run(["ban"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Banned: 2026-11-30 OHR.Fox (Fox title)\n")
    #expect(result.stderr.contains("the banned picture is still your wallpaper"), "\(result.stderr)")
    #expect(try MarkInProcessTests.keys(run, "--banned") == ["OHR.Fox"])
  }

  @Test func currentBeforeAnythingWasSetSaysHowToSetOne() throws {
    let run = try FakeBingRun.updated()
    for words in [["favorite"], ["ban"], ["show", "current"], ["show"], ["apply", "current"]] {
      let result = run.run(words)
      #expect(result.status == 1, "\(words)")
      #expect(
        result.stderr
          == "bingwall: error: no picture has been set yet\nbingwall: hint: 'bingwall apply' sets the newest\n",
        "\(words)")
    }
    #expect(try MarkInProcessTests.keys(run, "--favorites") == [])
    #expect(try MarkInProcessTests.keys(run, "--banned") == [])
  }

  @Test func aMisspeltCurrentIsSuggested() throws {
    let run = try Self.steppedBack()
    let result = run.run(["show", "curent"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("did you mean 'current'?"), "\(result.stderr)")
  }
}
