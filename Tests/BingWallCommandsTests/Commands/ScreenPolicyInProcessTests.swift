import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// Which picture goes to which screen, on the scripted week stored in a real history (Lake the
/// newest … Delta): `[screens] policy`, `favorites_first` and `pin`, then their assignment to
/// fake outputs; and what `status` says each screen shows.
@Suite struct ScreenPolicyInProcessTests {
  static func store(_ run: InProcess) throws -> HistoryStore {
    try #require(try HistoryStore.openExisting(path: run.paths.databaseFile))
  }

  static let outputs = [
    Output(name: "HDMI-1", width: 1920, height: 1080, primary: false),
    Output(name: "DP-1", width: 2560, height: 1440, x: 1920, primary: true),
    Output(name: "DP-2", width: 1080, height: 1920, x: 4480, primary: false),
  ]

  @Test func differentPutsRecentUnbannedPicturesOnTheOtherScreens() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["ban", "OHR.Fox", "-q"]).status == 0)
    #expect(run.run(["favorite", "OHR.Moor", "-q"]).status == 0)
    let store = try Self.store(run)
    let lake = try store.resolve(.latest, market: nil, at: TestClock.start)
    let key = { (path: String) in try store.pictures(.init(limit: 0)).first { $0.path == path }?.id.key }

    let same = try ScreenPolicy.assignment(
      files: LocalFileSystem(),
      for: lake, policy: .same, favoritesFirst: false, pins: [], store: store, at: TestClock.start)
    #expect(same.assignment == ScreenAssignment())
    #expect(same.assignment.sources(for: Self.outputs).isEmpty)

    let different = try ScreenPolicy.assignment(
      files: LocalFileSystem(),
      for: lake, policy: .different, favoritesFirst: false, pins: [], store: store, at: TestClock.start)
    #expect(
      try different.assignment.others.map { try key($0.path) } == [
        "OHR.Dune", "OHR.Reef", "OHR.Moor", "OHR.Fjord", "OHR.Mesa", "OHR.Delta",
      ])
    let sources = different.assignment.sources(for: Self.outputs)
    // The primary shows the picture being set, so it is absent; the others in the desktop's order.
    #expect(try sources.mapValues { try key($0.path) } == ["HDMI-1": "OHR.Dune", "DP-2": "OHR.Reef"])

    let favourites = try ScreenPolicy.assignment(
      files: LocalFileSystem(),
      for: lake, policy: .different, favoritesFirst: true, pins: [], store: store, at: TestClock.start)
    #expect(try favourites.assignment.others.first.flatMap { try key($0.path) } == "OHR.Moor")
  }

  /// A pin holds its screen under either policy; one naming nothing stored is reported, not fatal.
  @Test func aPinnedScreenKeepsItsPicture() throws {
    let run = try FakeBingRun.updated()
    let store = try Self.store(run)
    let lake = try store.resolve(.latest, market: nil, at: TestClock.start)
    let mesa = try store.resolve(.key("OHR.Mesa"), market: nil, at: TestClock.start)
    let pinned = try ScreenPolicy.assignment(
      files: LocalFileSystem(),
      for: lake, policy: .same, favoritesFirst: false,
      pins: ["DP-2=OHR.Mesa", "DP-9=OHR.Nowhere"].compactMap(ScreenPin.init),
      store: store, at: TestClock.start)
    #expect(pinned.assignment.sources(for: Self.outputs).mapValues(\.path) == ["DP-2": mesa.path])
    #expect(pinned.problems.count == 1)
    #expect(pinned.problems.first?.contains("'DP-9=OHR.Nowhere'") == true)
  }

  /// `apply` says so, in one warning line, and still sets the picture.
  @Test func applyWarnsOfAPinThatNamesNothing() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["config", "set", "screens.pin", "DP-9=OHR.Nowhere"]).status == 0)
    let result = run.run(["apply", "latest"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Applied "))
    let warning = try #require(
      result.stderr.split(separator: "\n").first { $0.hasPrefix("bingwall: warning: ") })
    #expect(warning.contains("screens.pin 'DP-9=OHR.Nowhere'"), "\(warning)")
    #expect(warning.hasSuffix("; that screen shows what the policy gives it"), "\(warning)")
  }

  @Test func aPinThatIsNotOutputEqualsSelectorIsAConfigError() throws {
    let run = try FakeBingRun.updated()
    let result = run.run(["config", "set", "screens.pin", "DP-1"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("expected OUTPUT=SELECTOR, got 'DP-1'"), "\(result.stderr)")
  }

  /// `status --json` lists what each screen was last given, from the state file an apply writes.
  @Test func statusShowsEachScreensPicture() throws {
    let run = try FakeBingRun.updated()
    try ShownScreens(stateDir: run.paths.stateDir, files: LocalFileSystem()).save([
      .init(output: "DP-1", key: "OHR.Lake", source: "/p/lake.jpg", file: "/c/lake-2560x1440.jpg"),
      .init(output: "DP-2", key: nil, source: "/p/mine.jpg", file: "/c/mine-1080x1920.jpg"),
    ])
    let result = run.run(["status", "--json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let screens = try #require(object["screens"] as? [[String: Any]])
    #expect(screens.map { $0["output"] as? String } == ["DP-1", "DP-2"])
    #expect(screens.first?["key"] as? String == "OHR.Lake")
    #expect(screens.last?["key"] is NSNull)
    #expect(run.run(["status"]).stdout.contains("screen:       /p/mine.jpg on DP-2\n"))
  }
}
