import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `export` inside the test process, and the round trip through `import` into another user's
/// empty history.
@Suite struct ExportInProcessTests {
  /// Each picture is told as it is done, before the export document that ends the export is
  /// written, so `export` prints its lines as it goes rather than all at the end.
  @Test func eachPictureIsToldBeforeTheExportEnds() throws {
    let source = try ExportImportSupport.richHistory()
    let folder = try TemporaryDirectory()
    let target = folder.file("export")
    var use = Export(resources: try Resources(context: source.context(), configFile: nil))
    var told: [(key: String, documentThere: Bool)] = []
    use.onEvent = { picture, _ in
      told.append(
        (picture.id.key, FileManager.default.fileExists(atPath: target + "/" + ExportDocument.fileName)))
    }
    let outcome = try use.run(Export.Request(folder: target))
    #expect(told.map(\.key) == outcome.events.map(\.picture.id.key))
    #expect(told.count == 3)
    #expect(told.allSatisfy { !$0.documentThere })
    #expect(FileManager.default.fileExists(atPath: target + "/" + ExportDocument.fileName))
  }

  /// Everything `list` and `show` say comes back, ids and absolute paths aside, with the same
  /// bytes: two markets, a favourite, a banned picture and a superseded appearance included.
  @Test func exportThenImportIntoAnEmptyHistoryGivesTheSameHistory() throws {
    let source = try ExportImportSupport.richHistory()
    let folder = try TemporaryDirectory()
    let target = folder.file("export")
    let exported = source.run(["export", target])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(
      exported.stdout == """
        2026-11-30_en-US_Fox.jpg  Fox title
        2026-12-01_de-DE_Lake.jpg  Der See
        2026-11-29_en-US_Dune.jpg  Dune title
        Exported 3 pictures to \(target).

        """)
    #expect(
      ExportImportSupport.names(target) == [
        "2026-11-29_en-US_Dune.jpg", "2026-11-30_en-US_Fox.jpg", "2026-12-01_de-DE_Lake.jpg",
        "bingwall-export.json",
      ])

    let destination = try ExportImportSupport.freshUser()
    let imported = destination.run(["import", target])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasSuffix("Imported 3 pictures.\n"), "\(imported.stdout)")

    let before = try ExportImportSupport.listed(source)
    #expect(try ExportImportSupport.listed(destination) == before)
    #expect(before.contains("\"markets\":[\"de-DE\",\"en-US\"]"), "\(before)")
    for key in ["OHR.Lake", "OHR.Fox", "OHR.Dune"] {
      #expect(try ExportImportSupport.shown(destination, key) == ExportImportSupport.shown(source, key))
    }
    #expect(try ExportImportSupport.listed(destination, ["--favorites"]).contains("OHR.Lake"))
    #expect(try ExportImportSupport.listed(destination, ["--banned"]).contains("OHR.Dune"))
    // What list and show do not print: every appearance, superseded ones included.
    let appearances = try ExportImportSupport.appearances(destination)
    #expect(appearances == (try ExportImportSupport.appearances(source)))
    #expect(appearances["OHR.Fox"]?.contains { $0.superseded && $0.appearance.date == "2026-12-01" } == true)
    #expect(appearances["OHR.Lake"]?.count == 2)
    // The files themselves, hashed from disk on both sides.
    let hashes = try ExportImportSupport.fileHashes(destination)
    #expect(hashes.count == 3)
    #expect(hashes == (try ExportImportSupport.fileHashes(source)))
    // The imported files live in the destination's own image folder.
    let paths = try HistoryStore(path: destination.paths.databaseFile).pictures(.init(limit: 0)).map(\.path)
    #expect(paths.allSatisfy { $0.hasPrefix(destination.paths.defaultImageDir + "/") }, "\(paths)")
  }

  @Test func theDocumentHoldsListObjectsWithRelativePathsAndEveryAppearance() throws {
    let source = try ExportImportSupport.richHistory()
    let folder = try TemporaryDirectory()
    #expect(source.run(["export", folder.path]).status == 0)
    let pictures = try ExportImportSupport.document(folder.path)
    // list's order: Fox's superseded appearance on 2026-12-01 puts it level with Lake.
    #expect(pictures.compactMap { $0["key"] as? String } == ["OHR.Fox", "OHR.Lake", "OHR.Dune"])
    let lake = try #require(pictures.first { $0["key"] as? String == "OHR.Lake" })
    // Named after the appearance list shows: on a day with two markets, the first market.
    #expect(lake["path"] as? String == "2026-12-01_de-DE_Lake.jpg")
    #expect(lake["favorite"] as? Bool == true)
    let appearances = try #require(lake["appearances"] as? [[String: Any]])
    #expect(appearances.compactMap { $0["market"] as? String }.sorted() == ["de-DE", "en-US"])
    let german = try #require(appearances.first { $0["market"] as? String == "de-DE" })
    #expect(german["title"] as? String == "Der See")
    #expect(german["wp"] as? Bool == false)
    #expect(german["superseded"] as? Bool == false)
    #expect(german["served_market"] as? String == "de-DE")
    let fox = try #require(pictures.first { $0["key"] as? String == "OHR.Fox" })
    let foxAppearances = try #require(fox["appearances"] as? [[String: Any]])
    #expect(foxAppearances.contains { $0["superseded"] as? Bool == true })
  }

  @Test func favoritesAndSinceNarrowTheExport() throws {
    let source = try ExportImportSupport.richHistory()
    let favourites = try TemporaryDirectory()
    #expect(source.run(["export", favourites.path, "--favorites"]).status == 0)
    #expect(
      try ExportImportSupport.document(favourites.path).compactMap { $0["key"] as? String } == ["OHR.Lake"])
    #expect(
      ExportImportSupport.names(favourites.path) == ["2026-12-01_de-DE_Lake.jpg", "bingwall-export.json"])

    let recent = try TemporaryDirectory()
    let result = source.run(["export", recent.path, "--since", "2026-11-30"])
    #expect(result.status == 0)
    #expect(
      try ExportImportSupport.document(recent.path).compactMap { $0["key"] as? String } == [
        "OHR.Fox", "OHR.Lake",
      ])
    #expect(!ExportImportSupport.names(recent.path).contains("2026-11-29_en-US_Dune.jpg"))
  }

  /// Same name, same bytes: kept. Same name, other bytes: the picture gets `-2`.
  @Test func exportingAgainCopiesOnlyWhatIsNew() throws {
    let source = try ExportImportSupport.richHistory()
    let folder = try TemporaryDirectory()
    #expect(source.run(["export", folder.path]).status == 0)
    let again = source.run(["export", folder.path])
    #expect(again.status == 0)
    #expect(again.stdout == "Exported 3 pictures to \(folder.path) (3 already there).\n")
    #expect(ExportImportSupport.names(folder.path).count == 4)

    // Someone else's file under Fox's name.
    try FileManager.default.removeItem(atPath: folder.file("2026-11-30_en-US_Fox.jpg"))
    try ExportImportSupport.jpeg("#010203").write(
      to: URL(fileURLWithPath: folder.file("2026-11-30_en-US_Fox.jpg")))
    let third = source.run(["export", folder.path])
    #expect(third.stdout.hasPrefix("2026-11-30_en-US_Fox-2.jpg  Fox title\n"), "\(third.stdout)")
    let fox = try #require(
      try ExportImportSupport.document(folder.path).first { $0["key"] as? String == "OHR.Fox" })
    #expect(fox["path"] as? String == "2026-11-30_en-US_Fox-2.jpg")
    #expect(try SHA256.hash(fileAt: folder.file("2026-11-30_en-US_Fox-2.jpg")) == fox["sha256"] as? String)
    #expect(!ExportImportSupport.names(folder.path).contains { $0.hasPrefix(".") })
  }

  @Test func aMissingFileIsReportedAndTheRestExported() throws {
    let source = try ExportImportSupport.richHistory()
    let store = try HistoryStore(path: source.paths.databaseFile)
    let fox = try store.resolve(.key("OHR.Fox"), market: nil, at: TestClock.start)
    try FileManager.default.removeItem(atPath: fox.path)
    let folder = try TemporaryDirectory()
    let result = source.run(["export", folder.path])
    #expect(result.status == 1)
    #expect(result.stderr == "bingwall: error: the file of OHR.Fox is missing: \(fox.path); skipped\n")
    #expect(
      result.stdout.hasSuffix("Exported 2 pictures to \(folder.path); 1 missing.\n"), "\(result.stdout)")
    #expect(
      try ExportImportSupport.document(folder.path).compactMap { $0["key"] as? String } == [
        "OHR.Lake", "OHR.Dune",
      ])
  }

  @Test func aFolderThatCannotBeMadeIsAnErrorNamingIt() throws {
    let source = try ExportImportSupport.richHistory()
    let folder = try TemporaryDirectory()
    try Data("a file".utf8).write(to: URL(fileURLWithPath: folder.file("plain")))
    let result = source.run(["export", folder.file("plain/export")])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("bingwall: error: "), "\(result.stderr)")
    #expect(result.stderr.contains(folder.file("plain")), "\(result.stderr)")
    #expect(result.stdout == "")
  }

  @Test func quietPrintsNothingAndStillExports() throws {
    let source = try ExportImportSupport.richHistory()
    let folder = try TemporaryDirectory()
    let result = source.run(["export", "-q", folder.path])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(ExportImportSupport.names(folder.path).count == 4)
  }

  @Test func withoutAHistoryItSaysSo() throws {
    let run = try ExportImportSupport.freshUser()
    let folder = try TemporaryDirectory()
    let result = run.run(["export", folder.file("out")])
    #expect(result.status == 1)
    #expect(result.stderr.contains("update"), "\(result.stderr)")
  }
}
