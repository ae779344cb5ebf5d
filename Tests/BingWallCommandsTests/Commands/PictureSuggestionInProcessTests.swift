import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// A selector that matches nothing quotes what was typed and suggests what was probably meant,
/// on a history of two pictures: Lake (2026-12-01) and Fox (2026-11-30).
@Suite struct PictureSuggestionInProcessTests {
  static func context() throws -> InProcess {
    let run = try FakeBingRun.context(days: 2)
    #expect(run.run(["update", "--market", "en-US", "--no-apply", "-q"]).status == 0)
    return run
  }

  static func failure(_ run: InProcess, _ words: [String]) -> String {
    let result = run.run(words)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    return result.stderr
  }

  @Test func aMisspeltLatestIsQuotedAsTypedAndCorrected() throws {
    let run = try Self.context()
    #expect(
      Self.failure(run, ["show", "lastest"]) == """
        bingwall: error: no stored picture matches 'lastest'
        bingwall: hint: did you mean 'latest'?

        """)
  }

  @Test(arguments: [
    ("Lak", "'Lake' (2026-12-01)"), ("OHR.Foz", "'Fox' (2026-11-30)"), ("lake", "'Lake' (2026-12-01)"),
  ])
  func aKeyNearAStoredOneSuggestsItWithItsDate(typed: String, suggestion: String) throws {
    let run = try Self.context()
    #expect(
      Self.failure(run, ["apply", typed]) == """
        bingwall: error: no stored picture matches '\(typed)'
        bingwall: hint: did you mean \(suggestion)?

        """)
  }

  @Test func aDayWithNoPictureSuggestsTheStoredDaysAroundIt() throws {
    let run = try Self.context()
    let store = try HistoryStore(path: run.paths.databaseFile)
    try GalleryHistory.add(store, key: "OHR.Early", date: "2026-11-20", title: "Early", link: "")
    #expect(
      Self.failure(run, ["show", "2026-11-25"]).hasSuffix(
        "bingwall: hint: did you mean 2026-11-20 or 2026-11-30?\n"))
    #expect(
      Self.failure(run, ["show", "2026-12-09"]).hasSuffix("bingwall: hint: did you mean 2026-12-01?\n"))
    // A day written loosely is read as the day it names.
    #expect(
      Self.failure(run, ["favorite", "2026-12-1"]) == """
        bingwall: error: no stored picture matches '2026-12-1'
        bingwall: hint: did you mean 2026-12-01?

        """)
  }

  @Test func nothingNearPointsAtList() throws {
    let run = try Self.context()
    #expect(
      Self.failure(run, ["show", "Zebra", "--market", "en-US"]) == """
        bingwall: error: no stored picture matches 'Zebra' in en-US
        bingwall: hint: 'bingwall list' shows what is stored

        """)
  }

  /// The suggestions a store makes, closest first, then newest, at most three.
  @Test func suggestionsAreClosestFirstThenNewest() throws {
    let folder = try TemporaryDirectory()
    let store = try HistoryStore(path: folder.file("history.db"))
    for (key, date) in [("OHR.Cave", "2026-11-01"), ("OHR.Cove", "2026-11-03"), ("OHR.Cafe", "2026-11-02")] {
      try GalleryHistory.add(store, key: key, date: date, title: key, link: "")
    }
    #expect(
      throws: HistoryError.notFound(
        selector: "Cav", market: nil,
        suggestions: ["'Cave' (2026-11-01)", "'Cove' (2026-11-03)", "'Cafe' (2026-11-02)"])
    ) { try store.resolve(PictureSelector(parsing: "Cav"), market: nil, at: TestClock.start) }
    #expect(
      HistoryError.notFound(selector: "x", market: nil, suggestions: ["a", "b", "c"]).hint
        == "did you mean a, b or c?")
  }
}
