import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `next` and `previous` on the scripted week (Lake 2026-12-01, the newest … Delta 2026-11-24),
/// with the `none` backend: each steps one day from the picture set last, says where it is, and
/// at either end says so and changes nothing.
@Suite struct StepInProcessTests {
  static func step(_ run: InProcess, _ words: String...) -> String {
    let result = run.run(words)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    return result.stdout
  }

  /// The key of the picture bingwall set last, as `status --json` reads it.
  static func current(_ run: InProcess) throws -> String? {
    let store = try HistoryStore(path: run.paths.databaseFile)
    return try store.recentlyApplied(limit: 1).first.flatMap { try store.picture(id: $0)?.id.key }
  }

  @Test func stepsOneDayEachWayFromThePictureOnScreen() throws {
    let run = try FakeBingRun.updated()
    // Nothing set yet: the first step lands on the newest.
    #expect(
      Self.step(run, "previous") == "Applied 2026-12-01 OHR.Lake (Lake title) with none (picture 8 of 8)\n")
    #expect(
      Self.step(run, "previous") == "Applied 2026-11-30 OHR.Fox (Fox title) with none (picture 7 of 8)\n")
    #expect(Self.step(run, "prev") == "Applied 2026-11-29 OHR.Dune (Dune title) with none (picture 6 of 8)\n")
    #expect(Self.step(run, "next") == "Applied 2026-11-30 OHR.Fox (Fox title) with none (picture 7 of 8)\n")
    #expect(try Self.current(run) == "OHR.Fox")
    // From a picture set by date, as from any other.
    #expect(run.run(["apply", "2026-11-26", "-q"]).status == 0)
    #expect(Self.step(run, "next") == "Applied 2026-11-27 OHR.Moor (Moor title) with none (picture 4 of 8)\n")
  }

  @Test func atEitherEndItSaysSoAndSetsNothing() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["apply", "latest", "-q"]).status == 0)
    let applies = try HistoryStore(path: run.paths.databaseFile).recentlyApplied(limit: 10)
    #expect(
      Self.step(run, "next") == "No newer picture: the newest is 2026-12-01 OHR.Lake (Lake title), 8 of 8.\n")
    #expect(run.run(["apply", "OHR.Delta", "-q"]).status == 0)
    #expect(
      Self.step(run, "previous")
        == "No older picture: the oldest is 2026-11-24 OHR.Delta (Delta title), 1 of 8.\n")
    #expect(try Self.current(run) == "OHR.Delta")
    #expect(applies.count == 1)
    #expect(run.run(["next", "-q"]).stdout == "")
  }

  @Test func bannedPicturesAreSkippedAndNotCounted() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["ban", "OHR.Fox", "OHR.Dune", "-q"]).status == 0)
    #expect(run.run(["apply", "latest", "-q"]).status == 0)
    #expect(
      Self.step(run, "previous") == "Applied 2026-11-28 OHR.Reef (Reef title) with none (picture 5 of 6)\n")
    // From a banned picture on screen, the step is taken from its day.
    #expect(run.run(["apply", "OHR.Dune", "-q"]).status == 0)
    #expect(Self.step(run, "next") == "Applied 2026-12-01 OHR.Lake (Lake title) with none (picture 6 of 6)\n")
  }

  /// A file of one's own on the screens (their state names no stored picture): start at the newest.
  @Test func fromAFileOfOnesOwnTheFirstStepIsTheNewest() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["apply", "OHR.Reef", "-q"]).status == 0)
    try ShownScreens(stateDir: run.paths.stateDir, files: LocalFileSystem()).save([
      .init(output: "DP-1", key: nil, source: "/p/mine.jpg", file: "/c/mine-2560x1440.jpg")
    ])
    #expect(Self.step(run, "next") == "Applied 2026-12-01 OHR.Lake (Lake title) with none (picture 8 of 8)\n")
  }

  @Test func aLostFileIsPassedOverWithAWarning() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["apply", "latest", "-q"]).status == 0)
    let fox = try HistoryStore(path: run.paths.databaseFile).resolve(
      .key("OHR.Fox"), market: nil, at: TestClock.start)
    try FileManager.default.removeItem(atPath: fox.path)
    let result = run.run(["previous"])
    #expect(result.status == 0)
    #expect(result.stdout == "Applied 2026-11-29 OHR.Dune (Dune title) with none (picture 6 of 8)\n")
    #expect(result.stderr == "bingwall: warning: skipped OHR.Fox: its file \(fox.path) is gone\n")
  }

  @Test func onlyTheMarketsAskedForCount() throws {
    let run = try FakeBingRun.updated()
    let result = run.run(["next", "--market", "de-DE"])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        bingwall: error: no stored picture that is not banned appeared in de-DE
        bingwall: hint: run 'bingwall update' for their pictures, or step through another market with --market

        """)
    run.environment["BINGWALL_MARKETS"] = "de-DE"
    #expect(run.run(["next", "--market", "en-US", "-q"]).status == 0)
  }

  /// A picture imported with no market is in every market's timeline; one of another market is not.
  @Test func aPictureOfNoMarketIsSteppedThroughAndOneOfAnotherIsNot() throws {
    let run = try FakeBingRun.updated()
    let store = try HistoryStore(path: run.paths.databaseFile)
    let own = run.home.file("own.jpg")
    try TestJPEG.make(width: 8, height: 8).write(to: URL(fileURLWithPath: own))
    try GalleryHistory.add(
      store, key: "OHR.Own", date: "2026-12-03", title: "Own", link: "", market: "", path: own)
    try GalleryHistory.add(store, key: "OHR.Alp", date: "2026-12-02", title: "Alp", link: "", market: "de-DE")
    #expect(run.run(["apply", "latest", "--market", "en-US", "-q"]).status == 0)
    #expect(Self.step(run, "next") == "Applied 2026-12-03 OHR.Own (Own) with none (picture 9 of 9)\n")
  }

  /// As many lost files in a row as a step looks at: said so, not an end that is not there.
  @Test func aRunOfLostFilesIsNotTakenForTheEnd() throws {
    let run = try FakeBingRun.updated()
    let store = try HistoryStore(path: run.paths.databaseFile)
    for day in 1...(Step.missingLimit + 1) {
      try GalleryHistory.add(
        store, key: "OHR.Lost\(day)", date: "2026-10-\(day < 10 ? "0" : "")\(day)", title: "Lost", link: "",
        path: run.home.file("gone-\(day).jpg"))
    }
    #expect(run.run(["apply", "OHR.Delta", "-q"]).status == 0)
    let result = run.run(["previous"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasSuffix(
        "bingwall: error: the files of the next \(Step.missingLimit) pictures are gone\n"
          + "bingwall: hint: 'bingwall doctor' lists them; 'bingwall doctor --fix' forgets them\n"),
      "\(result.stderr)")
    #expect(try Self.current(run) == "OHR.Delta")
  }

  @Test func anEmptyHistorySaysToUpdate() throws {
    let run = try FakeBingRun.context(days: 1)
    let result = run.run(["next"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "bingwall: error: the history is empty\nbingwall: hint: run 'bingwall update' first\n")
  }

  /// `random --favorites` with one favourite, and it on screen: nothing else to pick, not a failure.
  @Test func randomWithItsOnlyChoiceOnScreenSaysSo() throws {
    let run = try FakeBingRun.updated()
    let none = run.run(["random", "--favorites"])
    #expect(none.status == 1)
    #expect(none.stderr.hasPrefix("bingwall: error: no stored picture to pick"), "\(none.stderr)")
    #expect(run.run(["favorite", "OHR.Fox", "-q"]).status == 0)
    #expect(run.run(["random", "--favorites", "-q"]).status == 0)
    #expect(try Self.current(run) == "OHR.Fox")
    let again = run.run(["random", "--favorites"])
    #expect(again.status == 0)
    #expect(again.stderr == "")
    #expect(
      again.stdout
        == "Nothing else to pick: your only favourite, 2026-11-30 OHR.Fox (Fox title), is on screen.\n")
    // Nothing was set again.
    let fox = try HistoryStore(path: run.paths.databaseFile).resolve(
      .key("OHR.Fox"), market: nil, at: TestClock.start)
    #expect(fox.appliedCount == 1)
  }
}
