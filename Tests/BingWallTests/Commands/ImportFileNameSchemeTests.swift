import Testing

@testable import BingWallCommands
@testable import BingWallKit

/// What `import` reads from the names of plain JPEG files, scheme by scheme, and the names that
/// only look like a scheme.
@Suite struct ImportFileNameSchemeTests {
  @Test(
    arguments: [
      (
        "OHR.BeaversBend_EN-US1234567890_UHD.jpg", "BeaversBend", nil, "en-US", "UHD",
        "OHR.BeaversBend_EN-US1234567890"
      ),
      ("OHR.Fjord_ROW9876_1920x1080.JPG", "Fjord", nil, "ROW", "1920x1080", "OHR.Fjord_ROW9876"),
      ("OHR.Mesa_ZH-CN42.jpeg", "Mesa", nil, "zh-CN", nil, "OHR.Mesa_ZH-CN42"),
      ("20240130-AuroraIceland_UHD.jpg", "AuroraIceland", "2024-01-30", nil, "UHD", nil),
      ("20240130-AuroraIceland.jpg", "AuroraIceland", "2024-01-30", nil, nil, nil),
      ("20161205_SomePlace.jpg", "SomePlace", "2016-12-05", nil, nil, nil),
      ("2026-11-28_Reef_UHD.jpg", "Reef", "2026-11-28", nil, "UHD", nil),
      ("2026-11-28_Reef_UHD-3.jpg", "Reef", "2026-11-28", nil, "UHD", nil),
      ("2026-11-27_ja-JP_Moor.jpg", "Moor", "2026-11-27", "ja-JP", nil, nil),
      ("2026-11-27_ja-JP_Moor-2.jpg", "Moor", "2026-11-27", "ja-JP", nil, nil),
      // Only look like a scheme: the whole stem is the name, and the date comes from the mtime.
      ("20241399-Nowhere_UHD.jpg", "20241399-Nowhere_UHD", nil, nil, nil, nil),
      ("OHR.NoMarket.jpg", "NoMarket", nil, nil, nil, nil),
      ("2026-02-30_Reef_UHD.jpg", "2026-02-30_Reef_UHD", nil, nil, nil, nil),
      ("holiday photo.jpg", "holiday photo", nil, nil, nil, nil),
    ] as [(String, String, String?, String?, String?, String?)])
  func readsWhatTheNameSays(
    fileName: String, name: String, date: String?, market: String?, resolution: String?, bingID: String?
  ) {
    #expect(
      FileNameScheme.read(fileName)
        == NamedPicture(name: name, date: date, market: market, resolution: resolution, bingID: bingID))
  }

  @Test func keysAreMadeOfOurOwnCharacters() {
    #expect(PictureKey.key(forName: "holiday photo") == "OHR.holiday_photo")
    #expect(PictureKey.key(forName: "../../etc/passwd") == "OHR.etc_passwd")
    #expect(PictureKey.key(forName: "$(rm -rf ~)") == "OHR.rm_-rf___")
    #expect(PictureKey.key(forName: "") == "OHR.picture")
    #expect(PictureKey.problem("OHR.Lake") == nil)
    #expect(PictureKey.problem("OHR.a/b") != nil)
    #expect(PictureKey.problem("OHR.-rf") != nil)
    #expect(PictureKey.problem("Lake") != nil)
  }
}
