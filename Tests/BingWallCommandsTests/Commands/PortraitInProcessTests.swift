import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// Bing's portrait file (`_1080x1920`) for a screen on its side, in the test process: fetched by
/// `update` only while such a screen exists, stored as the picture's second file, asked for
/// once, and read by `apply` for that screen; pruned, checked and repaired with its picture.
@Suite struct PortraitInProcessTests {
  static let portraitColour = "#10e020"

  /// Two pictures stored, an X session whose xwallpaper backend paints one canvas over the three
  /// screens of the `xrandr --listactivemonitors` fixture (HDMI-1 is 1080x1920, DP-1 1280x1440; DP-1~2
  /// is a monitor drawn by `--setmonitor`, which xwallpaper's `--output` cannot name).
  static func context(portrait: Bool = true) throws -> InProcess {
    let run = try FakeBingRun.context(days: 2)
    run.environment["DISPLAY"] = ":0"
    run.environment["BINGWALL_BACKEND"] = "xwallpaper"
    run.processes.install("xwallpaper", at: "/usr/bin/xwallpaper")
    let monitors =
      portrait
      ? Fixtures.text("outputs/xrandr-listmonitors.txt")
      : "Monitors: 1\n 0: +*eDP-1 1920/344x1080/194+0+0  eDP-1\n"
    run.processes.stub(["xrandr", "--listactivemonitors"]) { _ in .exit(0, stdout: monitors) }
    run.processes.stub("xwallpaper") { _ in .exit(0) }
    return run
  }

  /// Green for the newest picture; each other picture's own colour (Bing's placeholder is one
  /// file for many keys, so two keys never share bytes here).
  static func servePortrait(_ run: InProcess, _ image: FakeBingImage, width: Int = 1080, height: Int = 1920)
    throws
  {
    let colour =
      image.key == FakeBingRun.week[0].key ? portraitColour : FakeBing.colour(for: image.key)
    let jpeg = try TestJPEG.make(width: width, height: height, colour: colour)
    run.http.stub("id=\(image.bingID)_1080x1920.jpg", .ok(Array(jpeg), type: "image/jpeg"))
  }

  static func portraitRequests(_ run: InProcess) -> Int {
    run.http.requests.filter { $0.contains("_1080x1920.jpg") }.count
  }

  static func store(_ run: InProcess) throws -> HistoryStore {
    try #require(try HistoryStore.openExisting(path: run.paths.databaseFile))
  }

  /// The portrait files are a detail of pictures already listed: said under `-v` only.
  @Test(arguments: [false, true])
  func portraitLinesOnlyUnderVerbose(verbose: Bool) throws {
    let run = try Self.context()
    let week = FakeBingRun.week
    try Self.servePortrait(run, week[0])
    try Self.servePortrait(run, week[1])
    let result = run.run(["update", "--no-apply"] + (verbose ? ["-v"] : []))
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("portrait file of ") }
    if verbose {
      #expect(lines.count == 2, "\(result.stdout)")
      #expect(
        lines.first?.hasPrefix("portrait file of \(week[0].key): \(run.paths.defaultImageDir)/") == true)
    } else {
      #expect(lines.isEmpty, "\(result.stdout)")
    }
  }

  @Test func updateFetchesThePortraitFileOnceForAScreenOnItsSide() throws {
    let run = try Self.context()
    let week = FakeBingRun.week
    try Self.servePortrait(run, week[0])
    run.http.stub("id=\(week[1].bingID)_1080x1920.jpg", .response(status: 404, headers: [:], body: []))
    let result = run.run(["update", "--no-apply", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let portraits = try #require(object["portraits"] as? [[String: Any]])
    #expect(portraits.map { $0["key"] as? String } == [week[0].key])
    let path = try #require(portraits.first?["path"] as? String)
    #expect(path.hasPrefix(run.paths.defaultImageDir + "/"))
    #expect(path.hasSuffix("_1080x1920.jpg"))
    #expect(try JPEGInspector.inspect(fileAt: path).height == 1920)

    // The same picture, not another: `list` still has two.
    #expect(try PruneInProcessTests.names(run).count == 2)
    // Asked once each: the stored one and the one Bing has none of are not asked for again.
    #expect(Self.portraitRequests(run) == 2)
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    #expect(Self.portraitRequests(run) == 2)
    #expect(run.run(["doctor", "--quick", "--json"]).stdout.contains(path) == false, "not a stray")
  }

  @Test func noPortraitScreenAsksForNothing() throws {
    let run = try Self.context(portrait: false)
    let result = run.run(["update", "--no-apply", "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.portraitRequests(run) == 0)
  }

  @Test func noDisplayAsksForNothingAndStartsNoProcess() throws {
    let run = try Self.context()
    run.environment["DISPLAY"] = nil
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    #expect(Self.portraitRequests(run) == 0)
    #expect(!run.processes.calls.contains { $0.first == "xrandr" })
  }

  /// A "portrait" file wider than tall would be cropped to a sliver again: refused and recorded
  /// as none, so it is not fetched hourly; a server error is asked about again next time.
  @Test func aWideOrFailedPortraitIsNotKept() throws {
    let run = try Self.context()
    let week = FakeBingRun.week
    try Self.servePortrait(run, week[0], width: 1920, height: 1080)
    run.http.stub("id=\(week[1].bingID)_1080x1920.jpg", .response(status: 503, headers: [:], body: []))
    let first = run.run(["update", "--no-apply"])
    #expect(first.status == 0, "a portrait file never fails the update: \(first.stderr)")
    #expect(!first.stdout.contains("portrait file of"))
    #expect(
      first.stderr.contains("bingwall: warning: cannot fetch the portrait file of \(week[1].key)"),
      "\(first.stderr)")
    let store = try Self.store(run)
    let ids = try store.pictures(.init(limit: 0)).map(\.rowID)
    #expect(try store.portraits(of: ids).isEmpty)
    let asked = Self.portraitRequests(run)
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    // Only the one that failed for a passing reason (503, retried within the update) is asked again.
    #expect(Self.portraitRequests(run) > asked)
    #expect(
      run.http.requests.dropFirst(run.http.requests.count - (Self.portraitRequests(run) - asked)).allSatisfy {
        $0.contains(week[1].bingID)
      })
  }

  /// The portrait screen of the canvas is cut from the portrait file; the others from the picture.
  @Test func applyReadsThePortraitFileForThePortraitScreen() throws {
    let run = try Self.context()
    let week = FakeBingRun.week
    try Self.servePortrait(run, week[0])
    run.http.stub("id=\(week[1].bingID)_1080x1920.jpg", .response(status: 404, headers: [:], body: []))
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    let result = run.run(["apply", "latest"])
    #expect(result.status == 0, "\(result.stderr)")
    let xwallpaper = try #require(run.processes.calls.last { $0.first == "xwallpaper" })
    #expect(xwallpaper.dropLast() == ["xwallpaper", "--no-randr", "--stretch"])
    let canvas = try Image.open(jpeg: try #require(xwallpaper.last)).inMemory("read")
    // The layout: HDMI-1 (1080x1920) at -1080,0, eDP-1 at 0,0, DP-1 (1280x1440) at 1920,0; the
    // canvas starts at the leftmost, so they sit at 0, 1080 and 3000.
    #expect(canvas.size == PixelSize(width: 4280, height: 1920))
    let green = { (rect: PixelRect) throws -> Bool in
      let area = try canvas.region(rect)
      return try area.mean(band: 1) > 180 && area.mean(band: 0) < 60
    }
    #expect(try green(PixelRect(x: 100, y: 100, width: 800, height: 1600)), "HDMI-1 shows the portrait file")
    #expect(try green(PixelRect(x: 3100, y: 100, width: 1000, height: 1200)), "DP-1 is taller than wide too")
    #expect(try !green(PixelRect(x: 1200, y: 100, width: 1700, height: 900)), "eDP-1 shows the picture")
  }

  /// Prune takes the portrait file with its picture; doctor checks it and `--fix` forgets a
  /// lost one so that the next update asks again.
  @Test func pruneAndDoctorKnowThePortraitFile() throws {
    let run = try Self.context()
    let week = FakeBingRun.week
    try Self.servePortrait(run, week[0])
    try Self.servePortrait(run, week[1])
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    let store = try Self.store(run)
    let pictures = try store.pictures(.init(limit: 0))
    let portraits = try store.portraits(of: pictures.map(\.rowID))
    #expect(portraits.count == 2)
    let lake = try #require(pictures.first { $0.id.key == week[0].key })
    let fox = try #require(pictures.first { $0.id.key == week[1].key })

    try FileManager.default.removeItem(atPath: try #require(portraits[lake.rowID]))
    let doctor = run.run(["doctor", "--quick"])
    #expect(doctor.status == 1)
    #expect(
      doctor.stdout.contains("the portrait file \(portraits[lake.rowID]!) is missing"), "\(doctor.stdout)")
    #expect(run.run(["doctor", "--quick", "--fix"]).status == 0)
    #expect(try store.portraits(of: [lake.rowID]).isEmpty)
    let asked = Self.portraitRequests(run)
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    #expect(Self.portraitRequests(run) == asked + 1)
    #expect(try store.portraits(of: [lake.rowID]).count == 1)

    let foxPortrait = try #require(portraits[fox.rowID])
    #expect(run.run(["prune", "--keep", "1"]).status == 0, "keeps the newest")
    #expect(!FileManager.default.fileExists(atPath: fox.path))
    #expect(!FileManager.default.fileExists(atPath: foxPortrait), "the portrait goes with its picture")
    #expect(try PruneInProcessTests.files(run).filter { $0.hasSuffix(".jpg") }.count == 2, "Lake's two files")
  }

  /// `update --force` asks Bing again: the same bytes keep their one file; other bytes replace
  /// it, and no second portrait file is left for doctor to find.
  @Test func forceKeepsOnePortraitFile() throws {
    let run = try Self.context()
    let week = FakeBingRun.week
    try Self.servePortrait(run, week[0])
    run.http.stub("id=\(week[1].bingID)_1080x1920.jpg", .response(status: 404, headers: [:], body: []))
    #expect(run.run(["update", "--no-apply", "-q"]).status == 0)
    let portraits = { try PruneInProcessTests.files(run).filter { $0.contains("_1080x1920") } }
    #expect(try portraits().count == 1)
    #expect(run.run(["update", "--no-apply", "--force", "-q"]).status == 0)
    #expect(try portraits().count == 1, "the same bytes: kept")
    let other = try TestJPEG.make(width: 1080, height: 1920, colour: "#e01010")
    run.http.stub("id=\(week[0].bingID)_1080x1920.jpg", .ok(Array(other), type: "image/jpeg"))
    #expect(run.run(["update", "--no-apply", "--force", "-q"]).status == 0)
    #expect(try portraits().count == 1, "other bytes: the old file went")
    let doctor = run.run(["doctor", "--quick"])
    #expect(!doctor.stdout.contains("portrait file no history row knows"), "\(doctor.stdout)")
  }
}
