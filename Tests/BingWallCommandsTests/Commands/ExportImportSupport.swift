import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// Histories and comparisons the export and import tests share.
enum ExportImportSupport {
  /// Three en-US pictures from the scripted Bing (Lake 2026-12-01, Fox, Dune), then: Lake also
  /// shown in de-DE, Fox briefly shown for en-US on Lake's day (so Fox keeps a superseded
  /// appearance), Lake a favourite and Dune banned.
  static func richHistory() throws -> InProcess {
    let run = try FakeBingRun.context(days: 3)
    let update = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(update.status == 0, "\(update.stderr)")
    let store = try HistoryStore(path: run.paths.databaseFile)
    let lake = try store.resolve(.key("OHR.Lake"), market: nil, at: TestClock.start)
    let fox = try store.resolve(.key("OHR.Fox"), market: nil, at: TestClock.start)
    let now = run.clock.now()
    func appearance(_ market: String, _ date: String, _ name: String, title: String) -> Appearance {
      Appearance(
        date: CalendarDate(parsing: date)!,
        words: PictureWords(
          title: title, caption: "\(name) caption \(market)",
          credit: "\(name) Photographer", copyright: "\(name) caption (© \(name) Photographer)",
          copyrightLink: RemoteURL(link: "https://www.bing.com/search?q=\(name)&form=\(market)")),
        bing: BingListing(
          market: Market(stored: market), servedMarket: market == "de-DE" ? Market(stored: "de-DE") : nil,
          bingID: "OHR.\(name)_\(market.uppercased())99", urlbase: "/th?id=OHR.\(name)_X99",
          hsh: "hash\(name)\(market)", wp: market != "de-DE", fullStartDate: instant(date + "T07:00:00Z")))
    }
    try store.write {
      try store.record(
        appearance("de-DE", "2026-12-01", "Lake", title: "Der See"), pictureID: lake.rowID, at: now)
      try store.record(
        appearance("en-US", "2026-12-01", "Fox", title: "Fox again"), pictureID: fox.rowID, at: now)
      try store.record(
        appearance("en-US", "2026-12-01", "Lake", title: "Lake title"), pictureID: lake.rowID, at: now)
    }
    #expect(run.run(["favorite", "OHR.Lake"]).status == 0)
    #expect(run.run(["ban", "OHR.Dune"]).status == 0)
    return run
  }

  /// `list --json --limit 0` with `id` and `path` taken out, keys sorted: what must survive a round trip.
  static func listed(_ run: InProcess, _ extra: [String] = []) throws -> String {
    let result = run.run(["list", "--json", "--limit", "0"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return try canonical(array.map(withoutLocalFields))
  }

  /// `show KEY --json` without `id` and `path`.
  static func shown(_ run: InProcess, _ key: String) throws -> String {
    let result = run.run(["show", key, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try canonical(withoutLocalFields(object))
  }

  static func withoutLocalFields(_ object: [String: Any]) -> [String: Any] {
    object.filter { $0.key != "id" && $0.key != "path" }
  }

  static func canonical(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
  }

  /// Every appearance of every picture, by key, superseded flags included.
  static func appearances(_ run: InProcess) throws -> [String: [StoredAppearance]] {
    let store = try HistoryStore(path: run.paths.databaseFile)
    var result: [String: [StoredAppearance]] = [:]
    for picture in try store.pictures(.init(limit: 0)) {
      result[picture.id.key] = try store.appearances(pictureID: picture.rowID)
    }
    return result
  }

  /// The sha256 of each stored picture's file as it is on disk, by key.
  static func fileHashes(_ run: InProcess) throws -> [String: String] {
    let store = try HistoryStore(path: run.paths.databaseFile)
    var result: [String: String] = [:]
    for picture in try store.pictures(.init(limit: 0)) {
      result[picture.id.key] = try SHA256.hash(fileAt: picture.path)
    }
    return result
  }

  /// The export document in `folder`, parsed by Foundation (an independent reader).
  static func document(_ folder: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/bingwall-export.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(object["pictures"] as? [[String: Any]])
  }

  /// Names in `folder`, sorted, hidden ones included.
  static func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// A real JPEG of one colour (distinct colours, distinct bytes).
  static func jpeg(_ colour: String, width: Int = 64, height: Int = 36) throws -> Data {
    try TestJPEG.make(width: width, height: height, colour: colour)
  }

  /// A fresh user with no history, its clock a day after the exporting one's.
  static func freshUser() throws -> InProcess {
    let run = try InProcess(environment: ["BINGWALL_BACKEND": "none"])
    run.clock.set(UTC.at("2026-12-02T10:00:00Z"))
    return run
  }
}
