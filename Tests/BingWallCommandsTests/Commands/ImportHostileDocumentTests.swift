import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// Export documents written by someone else: their text is data, and no path or key in them
/// makes `import` read outside the export folder or write outside the image folder.
@Suite struct ImportHostileDocumentTests {
  /// A picture entry as `export` writes it, for a file with `sha256`.
  static func entry(key: String, path: String, sha256: String, date: String = "2026-12-01") -> [String: Any] {
    [
      "id": 1, "key": key, "date": date, "market": "en-US", "markets": ["en-US"], "title": "T",
      "caption": "C",
      "credit": "", "copyright": "", "copyright_link": "", "path": path, "width": 64, "height": 36,
      "bytes": 1, "sha256": sha256, "favorite": false, "banned": false, "applied_count": 0,
      "last_applied": NSNull(), "resolution": "UHD", "bing_id": "OHR.X_EN-US1", "served_market": NSNull(),
      "added_at": "2026-12-01T09:00:00Z",
      "appearances": [
        [
          "market": "en-US", "date": date, "served_market": NSNull(), "bing_id": "OHR.X_EN-US1", "title": "T",
          "caption": "C", "credit": "", "copyright": "", "copyright_link": "",
          "urlbase": "/th?id=OHR.X_EN-US1",
          "hsh": "h", "wp": true, "fullstartdate": "2026-12-01T08:00:00Z", "superseded": false,
        ]
      ],
    ]
  }

  static func writeDocument(_ pictures: [[String: Any]], to folder: String) throws {
    let document: [String: Any] = ["format": "bingwall-export", "version": 1, "pictures": pictures]
    try JSONSerialization.data(withJSONObject: document).write(
      to: URL(fileURLWithPath: folder + "/bingwall-export.json"))
  }

  @Test func pathsAndKeysThatLeadOutsideAreRefusedAndNothingLeaks() throws {
    let root = try TemporaryDirectory()
    let export = root.file("export")
    try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: false)
    // A picture outside the export folder that a hostile document points at.
    let secret = try ExportImportSupport.jpeg("#5e5e5e")
    try secret.write(to: URL(fileURLWithPath: root.file("secret.jpg")))
    let secretHash = try SHA256.hash(fileAt: root.file("secret.jpg"))
    try FileManager.default.createSymbolicLink(
      atPath: export + "/link.jpg", withDestinationPath: "../secret.jpg")
    let good = try ExportImportSupport.jpeg("#00aa00")
    try good.write(to: URL(fileURLWithPath: export + "/good.jpg"))
    let goodHash = try SHA256.hash(fileAt: export + "/good.jpg")
    try ExportImportSupport.jpeg("#aa0000").write(to: URL(fileURLWithPath: export + "/changed.jpg"))
    try Self.writeDocument(
      [
        Self.entry(key: "OHR.Parent", path: "../secret.jpg", sha256: secretHash),
        Self.entry(key: "OHR.Absolute", path: root.file("secret.jpg"), sha256: secretHash),
        Self.entry(key: "OHR.a/../../escape", path: "good.jpg", sha256: goodHash),
        Self.entry(key: "OHR.$(touch pwned);rm -rf ~", path: "good.jpg", sha256: goodHash),
        Self.entry(key: "OHR.Linked", path: "link.jpg", sha256: secretHash),
        Self.entry(key: "OHR.Hidden", path: "..", sha256: secretHash),
        Self.entry(key: "OHR.Changed", path: "changed.jpg", sha256: goodHash),
        Self.entry(key: "OHR.Good", path: "good.jpg", sha256: goodHash),
      ], to: export)
    let before = ExportImportSupport.names(root.path)

    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", export])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 7, "\(result.stderr)")
    #expect(
      lines.contains(
        "bingwall: error: picture 1 of the export refused: OHR.Parent: path '../secret.jpg' names a file in another folder; nothing outside the export folder is read"
      ), "\(result.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("bingwall: error: picture 2 of the export refused: OHR.Absolute: path")
          && $0.contains("is an absolute path")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("bingwall: error: picture 3 of the export refused: key 'OHR.a/../../escape'")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("bingwall: error: picture 4 of the export refused: key 'OHR.$(touch pwned);rm -rf ~'")
      })
    #expect(lines.contains("bingwall: error: link.jpg is not a regular file; skipped"), "\(result.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("bingwall: error: picture 6 of the export refused: OHR.Hidden: path '..'")
      })
    #expect(
      lines.contains(
        "bingwall: error: changed.jpg does not match the sha256 its export gives (changed or damaged); skipped"
      ))
    #expect(result.stdout.hasSuffix("Imported 1 picture; 7 refused.\n"), "\(result.stdout)")

    #expect(try ImportInProcessTests.listed(run).keys.sorted() == ["OHR.Good"])
    #expect(ExportImportSupport.names(run.paths.defaultImageDir) == ["2026-12-01_Good_UHD.jpg"])
    #expect(ExportImportSupport.names(root.path) == before)
    #expect(
      ExportImportSupport.names(export) == ["bingwall-export.json", "changed.jpg", "good.jpg", "link.jpg"])
    #expect(!FileManager.default.fileExists(atPath: "pwned"))
    // The secret's bytes never reached the history.
    #expect(try HistoryStore(path: run.paths.databaseFile).picture(sha256: secretHash) == nil)
  }

  @Test func aDocumentThatIsALinkIsRefused() throws {
    let root = try TemporaryDirectory()
    let export = root.file("export")
    try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: false)
    try Self.writeDocument([], to: root.path)
    try FileManager.default.createSymbolicLink(
      atPath: export + "/bingwall-export.json", withDestinationPath: root.file("bingwall-export.json"))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", export])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: \(export)/bingwall-export.json is not a bingwall export: it is not a regular file\n"
    )
  }

  @Test(arguments: [
    ("{\"format\": \"bingwall-export\", \"version\": 1, \"pictures\": [", "cut short?"),
    ("[1, 2]", "the document is a list, not an object"),
    (
      "{\"format\": \"something\", \"version\": 1, \"pictures\": []}",
      "its \"format\" is not \"bingwall-export\""
    ),
    (
      "{\"format\": \"bingwall-export\", \"version\": 2, \"pictures\": []}",
      "a newer bingwall may have written it"
    ),
  ])
  func aDocumentThatIsNotAnExportIsRefusedWhole(text: String, detail: String) throws {
    let export = try TemporaryDirectory()
    try Data(text.utf8).write(to: URL(fileURLWithPath: export.file("bingwall-export.json")))
    try ExportImportSupport.jpeg("#010101").write(
      to: URL(fileURLWithPath: export.file("20240130-Plain_UHD.jpg")))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", export.path])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "bingwall: error: \(export.path)/bingwall-export.json is not a bingwall export: "))
    #expect(result.stderr.contains(detail), "\(result.stderr)")
    // A folder with a broken document is not treated as a plain folder instead.
    #expect(!FileManager.default.fileExists(atPath: run.paths.databaseFile))
  }

  @Test func aDocumentLargerThanAnyExportIsNotRead() throws {
    let export = try TemporaryDirectory()
    let path = export.file("bingwall-export.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 129 << 20)
    try handle.close()
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", export.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: \(path) is larger than 128 MiB, more than any export holds; not read\n")
  }

  /// The history already here keeps what its days mean: an imported picture for a market and day
  /// that another stored picture holds comes in superseded.
  @Test func anImportedDayHeldHereComesInSuperseded() throws {
    let export = try TemporaryDirectory()
    try ExportImportSupport.jpeg("#0d0d0d").write(to: URL(fileURLWithPath: export.file("other.jpg")))
    let hash = try SHA256.hash(fileAt: export.file("other.jpg"))
    try Self.writeDocument([Self.entry(key: "OHR.Other", path: "other.jpg", sha256: hash)], to: export.path)

    let run = try FakeBingRun.context(days: 1)
    #expect(run.run(["update", "--market", "en-US", "--no-apply"]).status == 0)
    let result = run.run(["import", export.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(run.run(["show", "2026-12-01", "--market", "en-US"]).stdout.contains("OHR.Lake"))
    let appearances = try ExportImportSupport.appearances(run)
    #expect(appearances["OHR.Other"]?.map(\.superseded) == [true])
    #expect(appearances["OHR.Lake"]?.map(\.superseded) == [false])
  }
}
