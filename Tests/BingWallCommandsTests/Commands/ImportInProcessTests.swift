import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `import` of plain folders, single files and hand-made (hostile) export documents, inside the
/// test process.
@Suite struct ImportInProcessTests {
  /// Writes `data` to `path`, with a modification time at local noon of `day` when given.
  static func write(_ data: Data, to path: String, modifiedOn day: String? = nil) throws {
    try data.write(to: URL(fileURLWithPath: path))
    guard let day else { return }
    let parts = day.split(separator: "-").compactMap { Int($0) }
    var components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)
    components.timeZone = TimeZone.current
    let date = try #require(Calendar(identifier: .gregorian).date(from: components))
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
  }

  /// `list --json --limit 0` as objects, by key.
  static func listed(_ run: InProcess) throws -> [String: [String: Any]] {
    let result = run.run(["list", "--json", "--limit", "0"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: array.map { ($0["key"] as? String ?? "", $0) })
  }

  @Test func theNameSchemesOfOtherToolsGiveDatesNamesAndMarkets() throws {
    let folder = try TemporaryDirectory()
    try Self.write(try ExportImportSupport.jpeg("#100000"), to: folder.file("20240130-AuroraIceland_UHD.jpg"))
    try Self.write(
      try ExportImportSupport.jpeg("#200000"), to: folder.file("OHR.BeaversBend_EN-US1234567890_UHD.jpg"),
      modifiedOn: "2025-03-04")
    try Self.write(try ExportImportSupport.jpeg("#300000"), to: folder.file("20161205_SomePlace.jpg"))
    try Self.write(
      try ExportImportSupport.jpeg("#400000"), to: folder.file("holiday photo.JPEG"), modifiedOn: "2023-05-06"
    )
    try Self.write(try ExportImportSupport.jpeg("#500000"), to: folder.file("2026-11-28_Reef_1920x1080.jpg"))
    try Self.write(try ExportImportSupport.jpeg("#600000"), to: folder.file("2026-11-27_ja-JP_Moor-2.jpg"))
    try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
    try Self.write(try ExportImportSupport.jpeg("#700000"), to: folder.file("sub/20200101-Deeper_UHD.jpg"))

    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(result.stdout.hasSuffix("Imported 6 pictures.\n"), "\(result.stdout)")
    let pictures = try Self.listed(run)
    func fields(_ key: String) -> [String] {
      let picture = pictures[key] ?? [:]
      return [
        picture["date"] as? String ?? "-", picture["market"] as? String ?? "-",
        picture["resolution"] as? String ?? "-", picture["bing_id"] as? String ?? "-",
        "\(picture["markets"] as? [String] ?? ["-"])",
      ]
    }
    #expect(fields("OHR.AuroraIceland") == ["2024-01-30", "", "UHD", "OHR.AuroraIceland", "[]"])
    #expect(
      fields("OHR.BeaversBend") == [
        "2025-03-04", "en-US", "UHD", "OHR.BeaversBend_EN-US1234567890", "[\"en-US\"]",
      ])
    #expect(fields("OHR.SomePlace") == ["2016-12-05", "", "64x36", "OHR.SomePlace", "[]"])
    #expect(fields("OHR.holiday_photo") == ["2023-05-06", "", "64x36", "OHR.holiday_photo", "[]"])
    #expect(fields("OHR.Reef") == ["2026-11-28", "", "1920x1080", "OHR.Reef", "[]"])
    #expect(fields("OHR.Moor") == ["2026-11-27", "ja-JP", "64x36", "OHR.Moor", "[\"ja-JP\"]"])
    #expect(pictures["OHR.Deeper"] == nil)
    #expect(pictures["OHR.AuroraIceland"]?["width"] as? Int == 64)
    #expect(pictures["OHR.AuroraIceland"]?["title"] as? String == "AuroraIceland")
    // A market-less picture is found by its date, like any other.
    #expect(run.run(["show", "2016-12-05"]).stdout.contains("OHR.SomePlace"))
    let files = ExportImportSupport.names(run.paths.defaultImageDir)
    #expect(files.contains("2024-01-30_AuroraIceland_UHD.jpg"), "\(files)")
    #expect(files.count == 6, "\(files)")
  }

  @Test func filesThatAreNotJPEGsAreRefusedByNameAndTheOthersStillCome() throws {
    let folder = try TemporaryDirectory()
    try Self.write(Data("hello, not a picture\n".utf8), to: folder.file("x.jpg"))
    try Self.write(Data("notes\n".utf8), to: folder.file("notes.txt"))
    try Self.write(try ExportImportSupport.jpeg("#123456"), to: folder.file("20240130-Good_UHD.jpg"))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.status == 1)
    #expect(result.stderr == "bingwall: error: not a JPEG: notes.txt\nbingwall: error: not a JPEG: x.jpg\n")
    #expect(result.stdout == "Imported 2024-01-30 OHR.Good (Good)\nImported 1 picture; 2 refused.\n")
    #expect(try Self.listed(run).keys.sorted() == ["OHR.Good"])
    #expect(ExportImportSupport.names(run.paths.defaultImageDir) == ["2024-01-30_Good_UHD.jpg"])
  }

  @Test func duplicatesByContentAreSkippedAndASecondImportImportsNothing() throws {
    let folder = try TemporaryDirectory()
    let same = try ExportImportSupport.jpeg("#abcdef")
    try Self.write(same, to: folder.file("20240101_First.jpg"))
    try Self.write(same, to: folder.file("20240102_Second.jpg"))
    try Self.write(try ExportImportSupport.jpeg("#fedcba"), to: folder.file("20240103_Third.jpg"))
    let run = try ExportImportSupport.freshUser()
    let first = run.run(["import", folder.path])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.hasSuffix("Imported 2 pictures; 1 already stored.\n"), "\(first.stdout)")
    let second = run.run(["import", folder.path])
    #expect(second.status == 0)
    #expect(second.stdout == "Imported 0 pictures; 3 already stored.\n")
    #expect(try Self.listed(run).keys.sorted() == ["OHR.First", "OHR.Third"])
    #expect(ExportImportSupport.names(run.paths.defaultImageDir).count == 2)
  }

  @Test func oneFileCanBeImportedByItself() throws {
    let folder = try TemporaryDirectory()
    try Self.write(try ExportImportSupport.jpeg("#0a0b0c"), to: folder.file("20240130-Alone_UHD.jpg"))
    try Self.write(Data("text".utf8), to: folder.file("text.jpg"))
    let run = try ExportImportSupport.freshUser()
    let good = run.run(["import", folder.file("20240130-Alone_UHD.jpg")])
    #expect(good.status == 0, "\(good.stderr)")
    #expect(try Self.listed(run)["OHR.Alone"]?["date"] as? String == "2024-01-30")
    let bad = run.run(["import", folder.file("text.jpg")])
    #expect(bad.status == 1)
    #expect(bad.stderr == "bingwall: error: not a JPEG: text.jpg\n")
  }

  @Test func aFileLargerThanAnyWallpaperIsRefusedUnread() throws {
    let folder = try TemporaryDirectory()
    // Sparse: 257 MiB that take no disk.
    let path = folder.file("20240130-Huge_UHD.jpg")
    #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8, 0xFF])))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 257 << 20)
    try handle.close()
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: 20240130-Huge_UHD.jpg is larger than 256 MiB, more than any wallpaper; skipped\n"
    )
    #expect(ExportImportSupport.names(run.paths.defaultImageDir) == [])
  }

  /// On a terminal a bar redraws on stderr; piped, not a byte of it.
  @Test func aProgressBarOnlyOnATerminal() throws {
    let folder = try TemporaryDirectory()
    try Self.write(try ExportImportSupport.jpeg("#0c0b0a"), to: folder.file("20240130-Bar_UHD.jpg"))
    let piped = try ExportImportSupport.freshUser()
    #expect(piped.run(["import", folder.path]).stderr == "")

    let terminal = try ExportImportSupport.freshUser()
    let result = terminal.run(["import", folder.path]) { $0.terminal.stderrIsTTY = true }
    #expect(result.status == 0)
    #expect(result.stderr.contains("\r\u{1b}[K"), "\(result.stderr.debugDescription)")
    #expect(result.stderr.contains("1/1"), "\(result.stderr.debugDescription)")
  }

  /// A picture `prune` removed comes back with an import, and `update` may fetch it again.
  @Test func importingAPrunedPictureTakesItOffThePrunedList() throws {
    let run = try FakeBingRun.context(days: 2)
    #expect(run.run(["update", "--market", "en-US", "--no-apply"]).status == 0)
    let folder = try TemporaryDirectory()
    #expect(run.run(["export", folder.path]).status == 0)
    let pruned = run.run(["prune", "--keep", "1"])
    #expect(pruned.status == 0, "\(pruned.stderr)")
    let store = try HistoryStore(path: run.paths.databaseFile)
    func prunedKeys() throws -> [String] {
      try store.database.query("SELECT key FROM pruned ORDER BY key").map { try $0.string("key") }
    }
    #expect(try prunedKeys() == ["OHR.Fox"])

    let result = run.run(["import", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("Imported 1 picture; 1 already stored.\n"), "\(result.stdout)")
    #expect(try prunedKeys() == [])
    #expect(try Self.listed(run).keys.sorted() == ["OHR.Fox", "OHR.Lake"])
  }
}
