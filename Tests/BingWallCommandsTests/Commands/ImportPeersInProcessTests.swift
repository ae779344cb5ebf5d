import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `import` of folders named exactly as other Bing tools name their files, with their sidecars.
/// Every expectation is written from the peer's rule (the comment above it), not from what our
/// reader answers.
@Suite struct ImportPeersInProcessTests {
  /// A small JPEG of its own colour (from its path) at `path`.
  static func picture(_ path: String, width: Int = 64, height: Int = 36, modifiedOn day: String? = nil) throws
  {
    let data = try ExportImportSupport.jpeg(FakeBing.colour(for: path), width: width, height: height)
    try ImportInProcessTests.write(data, to: path, modifiedOn: day)
  }

  /// `list --json` by key, and the fields these tests compare.
  static func fields(_ run: InProcess) throws -> [String: [String]] {
    try ImportInProcessTests.listed(run).mapValues { picture in
      [
        picture["date"] as? String ?? "-", "\(picture["markets"] as? [String] ?? [])",
        picture["resolution"] as? String ?? "-", picture["title"] as? String ?? "-",
        "\(picture["favorite"] as? Bool ?? false)", "\(picture["banned"] as? Bool ?? false)",
      ]
    }
  }

  @Test func ttgStartDateThenBingsName() throws {
    // TTGBingWallPaper: startdate + "_" + the download's suggested name (Bing's file name).
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("20170808_AlaskaLynx_EN-US9313111559_1920x1080.jpg"))
    try Self.picture(folder.file("20230105_OHR.SnowyOwl_EN-GB0123456789_UHD.jpg"))
    let run = try ExportImportSupport.freshUser()
    #expect(run.run(["import", folder.path]).status == 0)
    let fields = try Self.fields(run)
    #expect(
      fields["OHR.AlaskaLynx"] == ["2017-08-08", "[\"en-US\"]", "1920x1080", "AlaskaLynx", "false", "false"])
    #expect(fields["OHR.SnowyOwl"] == ["2023-01-05", "[\"en-GB\"]", "UHD", "SnowyOwl", "false", "false"])
    #expect(fields.count == 2)
  }

  @Test func neffoNamesAndItsBingJSON() throws {
    // The GNOME extension: `YYYYMMDD-Name_MKTdigits_RES.jpg`, before 2019 `YYYYMMDD-th?id=OHR.…`,
    // and bing.json with Bing's image objects plus `favourite` and `hidden`.
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("20260905-LakeFyans_JA-JP2778092364_UHD.jpg"))
    try Self.picture(folder.file("20260905-LakeFyans_EN-CA1111111111_UHD.jpg"))
    try Self.picture(folder.file("20190515-th?id=OHR.AbuSimbel_EN-AU0072035482_1920x1080.jpg"))
    let sidecar: [[String: Any]] = [
      [
        "startdate": "20260905", "urlbase": "/th?id=OHR.LakeFyans_JA-JP2778092364", "title": "Lake Fyans",
        "copyright": "Lake Fyans, Victoria, Australia (© A Photographer/Agency)",
        "copyrightlink": "https://www.bing.com/search?q=Lake+Fyans", "favourite": true, "hidden": false,
      ],
      [
        "startdate": "20190515", "urlbase": "/th?id=OHR.AbuSimbel_EN-AU0072035482", "title": "Abu Simbel",
        "copyright": "Abu Simbel temples, Egypt (© Someone Else)", "hidden": true,
      ],
      ["startdate": "20260101", "urlbase": "/th?id=../../../etc/passwd", "title": "never"],
    ]
    try JSONSerialization.data(withJSONObject: sidecar).write(
      to: URL(fileURLWithPath: folder.file("bing.json")))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(result.stdout.hasSuffix("Imported 2 pictures; 1 already stored.\n"), "\(result.stdout)")
    let fields = try Self.fields(run)
    #expect(
      fields["OHR.LakeFyans"] == [
        "2026-09-05", "[\"en-CA\", \"ja-JP\"]", "UHD", "Lake Fyans", "true", "false",
      ])
    #expect(
      fields["OHR.AbuSimbel"] == ["2019-05-15", "[\"en-AU\"]", "1920x1080", "Abu Simbel", "false", "true"])
    let shown = try ExportImportSupport.shown(run, "OHR.LakeFyans")
    #expect(shown.contains("Lake Fyans, Victoria, Australia"))
    #expect(shown.contains("\"credit\":\"A Photographer\\/Agency\""))
  }

  @Test func mklein994DatedBingNamesAndAPortraitRendition() throws {
    // mklein994's bing-wallpaper: `YYYY-MM-DD_` then Bing's file name; a portrait size is the
    // same picture, not another.
    let folder = try TemporaryDirectory()
    try Self.picture(
      folder.file("2026-09-05_OHR.LakeFyans_JA-JP2778092364_768x1280.jpg"), width: 36, height: 64)
    try Self.picture(folder.file("2026-09-05_OHR.LakeFyans_JA-JP2778092364_1920x1080.jpg"))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.stdout.hasSuffix("Imported 1 picture; 1 already stored.\n"), "\(result.stdout)")
    #expect(
      try Self.fields(run)["OHR.LakeFyans"] == [
        "2026-09-05", "[\"ja-JP\"]", "1920x1080", "LakeFyans", "false", "false",
      ])
  }

  @Test func bingsOwnNamesFromPybingwallpaperVarietyAndThejandroman() throws {
    // pybingwallpaper (--keep-file-name) and thejandroman's script keep Bing's file name.
    // Variety names the file by the URL's `id` (`OHR.Fox_EN-US…_UHD.jpg`, en-US) and, when it
    // cannot write into the picture, writes NAME.metadata.json: for Bing a headline "Bing Photo
    // of the Day, YYYY-MM-DD" and Bing's copyright line as the description.
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("OHR.Lake_EN-US1234567890_1920x1080.jpg"), modifiedOn: "2025-03-04")
    try Self.picture(folder.file("OHR.Fox_EN-US4567890123_UHD.jpg"), modifiedOn: "2025-06-01")
    let metadata: [String: Any] = [
      "sourceName": "Bing", "sourceType": "bing", "sfwRating": 100,
      "sourceURL": "https://www.bing.com/search?q=fox",
      "imageURL": "https://www.bing.com/th?id=OHR.Fox_EN-US4567890123_UHD.jpg",
      "headline": "Bing Photo of the Day, 2025-03-05",
      "description": "A fox in the frost, Yorkshire (© A Photographer/Agency)",
    ]
    try JSONSerialization.data(withJSONObject: metadata)
      .write(to: URL(fileURLWithPath: folder.file("OHR.Fox_EN-US4567890123_UHD.jpg.metadata.json")))
    // Variety writes the sidecar while the picture is still `.partial`, and renames only the picture.
    try Self.picture(folder.file("OHR.Owl_EN-US5550001111_UHD.jpg"), modifiedOn: "2025-06-01")
    var owl = metadata
    owl["headline"] = "Bing Photo of the Day, 2025-03-06"
    owl["description"] = "An owl at dusk (© Someone)"
    try JSONSerialization.data(withJSONObject: owl)
      .write(to: URL(fileURLWithPath: folder.file("OHR.Owl_EN-US5550001111_UHD.jpg.partial.metadata.json")))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let fields = try Self.fields(run)
    #expect(fields["OHR.Lake"] == ["2025-03-04", "[\"en-US\"]", "1920x1080", "Lake", "false", "false"])
    #expect(fields["OHR.Fox"] == ["2025-03-05", "[\"en-US\"]", "UHD", "Fox", "false", "false"])
    let fox = try ExportImportSupport.shown(run, "OHR.Fox")
    #expect(fox.contains("\"caption\":\"A fox in the frost, Yorkshire\""))
    #expect(fox.contains("\"credit\":\"A Photographer\\/Agency\""))
    #expect(run.run(["search", "yorkshire"]).stdout.contains("OHR.Fox"))
    #expect(fields["OHR.Owl"]?.first == "2025-03-06")
  }

  @Test func oneNameFromThreeMarketsIsOnePicture() throws {
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("OHR.LakeFyans_EN-CA1111111111_UHD.jpg"), modifiedOn: "2026-09-05")
    try Self.picture(folder.file("OHR.LakeFyans_JA-JP2778092364_1920x1080.jpg"), modifiedOn: "2026-09-05")
    try Self.picture(folder.file("OHR.LakeFyans_ZH-CN3333333333_UHD.jpg"), modifiedOn: "2026-09-06")
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.stdout.hasSuffix("Imported 1 picture; 2 already stored.\n"), "\(result.stdout)")
    let appearances = try ExportImportSupport.appearances(run)["OHR.LakeFyans"] ?? []
    #expect(
      appearances.map {
        "\($0.appearance.market?.code ?? "") \($0.appearance.date) \($0.appearance.bing?.bingID ?? "")"
      }
      .sorted()
        == [
          "en-CA 2026-09-05 OHR.LakeFyans_EN-CA1111111111", "ja-JP 2026-09-05 OHR.LakeFyans_JA-JP2778092364",
          "zh-CN 2026-09-06 OHR.LakeFyans_ZH-CN3333333333",
        ])
    // A UHD file was kept, not the 1920x1080 one.
    #expect(try Self.fields(run)["OHR.LakeFyans"]?[2] == "UHD")
    // A second import of the same folder adds nothing.
    let again = run.run(["import", folder.path])
    #expect(again.stdout.hasSuffix("Imported 0 pictures; 3 already stored.\n"), "\(again.stdout)")
    #expect(try ImportInProcessTests.listed(run).count == 1)
  }

  @Test func aBareDateKeepsItsDate() throws {
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("20260103.jpg"), modifiedOn: "2026-05-05")
    try Self.picture(folder.file("2026-01-04.jpg"), modifiedOn: "2026-05-05")
    let run = try ExportImportSupport.freshUser()
    #expect(run.run(["import", folder.path]).status == 0)
    let fields = try Self.fields(run)
    #expect(fields["OHR.20260103"]?.first == "2026-01-03")
    #expect(fields["OHR.20260104"]?.first == "2026-01-04")
  }

  @Test func aBareDateTakesItsNameFromBingJSON() throws {
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("20260103.jpg"))
    let sidecar = [
      ["startdate": "20260103", "urlbase": "/th?id=OHR.Snowfall_EN-US5550001111", "title": "Snowfall"]
    ]
    try JSONSerialization.data(withJSONObject: sidecar).write(
      to: URL(fileURLWithPath: folder.file("bing.json")))
    let run = try ExportImportSupport.freshUser()
    #expect(run.run(["import", folder.path]).status == 0)
    #expect(try Self.fields(run)["OHR.Snowfall"]?[0...3] == ["2026-01-03", "[]", "64x36", "Snowfall"])
  }

  @Test(arguments: [
    ("not UTF-8", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D])),
    (
      "100,000 deep",
      Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    ),
    ("17 MiB", Data(repeating: 0x20, count: 17 << 20)),
  ])
  func aHostileSidecarIsRefusedInOneLineAndThePicturesLand(what: String, body: Data) throws {
    let folder = try TemporaryDirectory()
    try Self.picture(folder.file("20260905-LakeFyans_JA-JP2778092364_UHD.jpg"))
    try body.write(to: URL(fileURLWithPath: folder.file("bing.json")))
    try body.write(
      to: URL(fileURLWithPath: folder.file("OHR.LakeFyans_JA-JP2778092364_UHD.jpg.metadata.json")))
    let run = try ExportImportSupport.freshUser()
    let result = run.run(["import", folder.path])
    #expect(result.status == 1, "\(what)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(what): \(result.stderr)")
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("bingwall: error: ") && $0.hasSuffix("; its pictures are imported without it")
      })
    #expect(try Self.fields(run)["OHR.LakeFyans"]?.first == "2026-09-05", "\(what)")
  }

  @Test func fromPeerLooksInItsFolderAndDryRunChangesNothing() throws {
    let run = try ExportImportSupport.freshUser()
    let gnome = run.paths.home + "/Pictures/BingWallpaper"
    try FileManager.default.createDirectory(atPath: gnome, withIntermediateDirectories: true)
    try Self.picture(gnome + "/20260905-LakeFyans_JA-JP2778092364_UHD.jpg")
    try Self.picture(gnome + "/20260905-LakeFyans_EN-CA1111111111_UHD.jpg")
    let dry = run.run(["import", "--from", "neffo", "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    let lines = dry.stdout.split(separator: "\n")
    #expect(lines.count == 2, "\(dry.stdout)")
    // Both files are UHD: the one with more bytes is read, the other counted with it.
    #expect(
      lines.first?.hasPrefix("2026-09-05  OHR.LakeFyans  en-CA ja-JP  (1 more file)  ← 20260905-LakeFyans_")
        == true)
    #expect(lines.last == "Would import 1 picture from \(gnome).")
    #expect(!FileManager.default.fileExists(atPath: run.paths.databaseFile))
    #expect(
      run.run(["import", "--from", "neffo"]).stdout.hasSuffix("Imported 1 picture; 1 already stored.\n"))

    let none = run.run(["import", "--from", "pybingwallpaper"])
    #expect(none.status == 1)
    #expect(
      none.stderr
        == "bingwall: error: no folder of pybingwallpaper's pictures: looked in \(run.paths.home)/MyBingWallpapers; give the folder as PATH\n"
    )
    let both = run.run(["import", "--from", "neffo", gnome])
    #expect(both.status == 64)

    // Variety: every Downloaded/Bing* folder.
    let variety = run.paths.home + "/.config/variety/Downloaded/Bing"
    try FileManager.default.createDirectory(atPath: variety, withIntermediateDirectories: true)
    try Self.picture(variety + "/OHR.Fox_EN-GB4567890123_UHD.jpg")
    #expect(run.run(["import", "--from", "variety"]).stdout.contains("OHR.Fox"))
  }
}
