import BingWallTestSupport
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSystem

/// What `import` reads from the names of plain JPEG files: every peer's scheme, written here
/// from that peer's own rule (the comments say which), the odd real ids Bing has served, and the
/// names that only look like a scheme.
@Suite struct ImportFileNameSchemeTests {
  typealias Row = (
    file: String, name: String, date: String?, market: String?, resolution: String?, id: String?
  )

  static let rows: [Row] = [
    // Bing's own file name, as its URL ends: `OHR.<Name>_<MKT><digits>_<RES>.jpg`.
    (
      "OHR.BeaversBend_EN-US1234567890_UHD.jpg", "BeaversBend", nil, "en-US", "UHD",
      "OHR.BeaversBend_EN-US1234567890"
    ),
    ("OHR.Fjord_ROW9876_1920x1080.JPG", "Fjord", nil, "ROW", "1920x1080", "OHR.Fjord_ROW9876"),
    ("OHR.Mesa_ZH-CN42.jpeg", "Mesa", nil, "zh-CN", nil, "OHR.Mesa_ZH-CN42"),
    // Before 2019 Bing's names had no `OHR.` (`/az/hprichbg/rb/<Name>_<MKT><digits>_<RES>.jpg`).
    (
      "WhiteBluffsWilderness_EN-AU12259474431_1920x1080.jpg", "WhiteBluffsWilderness", nil, "en-AU",
      "1920x1080",
      "OHR.WhiteBluffsWilderness_EN-AU12259474431"
    ),
    // TTGBingWallPaper: Bing's startdate, `_`, then the file name the download suggests.
    (
      "20170808_AlaskaLynx_EN-US9313111559_1920x1080.jpg", "AlaskaLynx", "2017-08-08", "en-US", "1920x1080",
      "OHR.AlaskaLynx_EN-US9313111559"
    ),
    (
      "20230105_OHR.SnowyOwl_EN-GB0123456789_UHD.jpg", "SnowyOwl", "2023-01-05", "en-GB", "UHD",
      "OHR.SnowyOwl_EN-GB0123456789"
    ),
    // The GNOME Shell extension: `<YYYYMMDD>-<Name>_<MKT><digits>_<RES>.jpg`…
    (
      "20260905-LakeFyans_JA-JP2778092364_UHD.jpg", "LakeFyans", "2026-09-05", "ja-JP", "UHD",
      "OHR.LakeFyans_JA-JP2778092364"
    ),
    ("20240130-AuroraIceland_UHD.jpg", "AuroraIceland", "2024-01-30", nil, "UHD", nil),
    // …and before 2019 the date, `-`, and the URL's tail after `th?`, the `?` kept or made safe.
    (
      "20190515-th?id=OHR.AbuSimbel_EN-AU0072035482_1920x1080.jpg", "AbuSimbel", "2019-05-15", "en-AU",
      "1920x1080",
      "OHR.AbuSimbel_EN-AU0072035482"
    ),
    (
      "20190515-th_id=OHR.AbuSimbel_EN-AU0072035482_1920x1080.jpg", "AbuSimbel", "2019-05-15", "en-AU",
      "1920x1080",
      "OHR.AbuSimbel_EN-AU0072035482"
    ),
    // mklein994's bing-wallpaper: `<YYYY-MM-DD>_<Bing's name>`, a portrait size here.
    (
      "2026-09-05_OHR.LakeFyans_JA-JP2778092364_768x1280.jpg", "LakeFyans", "2026-09-05", "ja-JP", "768x1280",
      "OHR.LakeFyans_JA-JP2778092364"
    ),
    // mklein994's bing-wallpaper as its src/lib.rs names files: Bing's `hsh`, `_`, Bing's name.
    (
      "15118304a874a8445003ea056cdbe261_OHR.ThamesLondon_EN-CA7037142112_UHD.jpg", "ThamesLondon", nil,
      "en-CA",
      "UHD", "OHR.ThamesLondon_EN-CA7037142112"
    ),
    // thejandroman: the `id`'s last two dot-separated parts, so Bing's name without `OHR.`.
    (
      "ThamesLondon_EN-CA7037142112_1920x1080.jpg", "ThamesLondon", nil, "en-CA", "1920x1080",
      "OHR.ThamesLondon_EN-CA7037142112"
    ),
    // TTGBingWallPaper with today's `/th?id=` URLs: the suggested name is `th.jpg`.
    ("20240901_th.jpg", "", "2024-09-01", nil, nil, nil),
    // The GNOME extension in mid-2019 kept the URL's query after `.jpg`.
    (
      "20190515-th?id=OHR.AbuSimbel_EN-AU0072035482_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",
      "AbuSimbel",
      "2019-05-15", "en-AU", "1920x1080", "OHR.AbuSimbel_EN-AU0072035482"
    ),
    // pybingwallpaper with --keep-file-name, Variety and thejandroman: Bing's own name.
    (
      "OHR.LakeFyans_ZH-CN2778092364_1920x1080.jpg", "LakeFyans", nil, "zh-CN", "1920x1080",
      "OHR.LakeFyans_ZH-CN2778092364"
    ),
    // Odd real ids: digits and inner underscores belong to the name.
    (
      "OHR.BefanaPiazzaNavona_459973167_IT-IT4250570937_UHD.jpg", "BefanaPiazzaNavona_459973167", nil,
      "it-IT",
      "UHD", "OHR.BefanaPiazzaNavona_459973167_IT-IT4250570937"
    ),
    (
      "OHR.Cihan_Bektas_B03_03_IT-IT7231382966_1920x1080.jpg", "Cihan_Bektas_B03_03", nil, "it-IT",
      "1920x1080",
      "OHR.Cihan_Bektas_B03_03_IT-IT7231382966"
    ),
    (
      "shutterstock_1344992492_IT-IT1234567890_1920x1080.jpg", "shutterstock_1344992492", nil, "it-IT",
      "1920x1080",
      "OHR.shutterstock_1344992492_IT-IT1234567890"
    ),
    (
      "20220101_Nara_TodaijiBell2022_JA-JP1234567890_1920x1080.jpg", "Nara_TodaijiBell2022", "2022-01-01",
      "ja-JP",
      "1920x1080", "OHR.Nara_TodaijiBell2022_JA-JP1234567890"
    ),
    (
      "OHR.DSTEnds2024_EN-GB1274642468_UHD.jpg", "DSTEnds2024", nil, "en-GB", "UHD",
      "OHR.DSTEnds2024_EN-GB1274642468"
    ),
    // A bare date.
    ("20260103.jpg", "", "2026-01-03", nil, nil, nil),
    ("2026-01-03.jpeg", "", "2026-01-03", nil, nil, nil),
    // The ancestor app's `<YYYYMMDD>_<Name>.jpg`.
    ("20161205_SomePlace.jpg", "SomePlace", "2016-12-05", nil, nil, nil),
    // bingwall's image folder and export, with the number a clash adds.
    ("2026-11-28_Reef_UHD.jpg", "Reef", "2026-11-28", nil, "UHD", nil),
    ("2026-11-28_Reef_UHD-3.jpg", "Reef", "2026-11-28", nil, "UHD", nil),
    ("2026-11-27_ja-JP_Moor.jpg", "Moor", "2026-11-27", "ja-JP", nil, nil),
    ("2026-11-27_ja-JP_Moor-2.jpg", "Moor", "2026-11-27", "ja-JP", nil, nil),
    // Only look like a scheme: the whole stem is the name, and the date comes from the mtime.
    ("20241399-Nowhere_UHD.jpg", "20241399-Nowhere_UHD", nil, nil, nil, nil),
    ("OHR.NoMarket.jpg", "NoMarket", nil, nil, nil, nil),
    ("2026-02-30_Reef_UHD.jpg", "2026-02-30_Reef_UHD", nil, nil, nil, nil),
    ("holiday photo.jpg", "holiday photo", nil, nil, nil, nil),
    ("holiday_2023.jpg", "holiday_2023", nil, nil, nil, nil),
  ]

  @Test(arguments: rows.indices)
  func readsWhatTheNameSays(row: Int) {
    let (file, name, date, market, resolution, id) = Self.rows[row]
    #expect(
      FileNameScheme.read(file)
        == NamedPicture(
          name: name, date: date.map { CalendarDate(parsing: $0)! }, market: market.map(Market.init(stored:)),
          resolution: resolution, bingID: id), "\(file)"
    )
  }

  @Test func aNameThatKeptTheQueryIsStillAJPEG() {
    #expect(
      FileNameScheme.hasJPEGExtension(
        "20190515-th?id=OHR.A_EN-AU1_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp"))
    // The cut is only at `.jpg&`: a name that merely holds `.jpg` is not a JPEG.
    #expect(!FileNameScheme.hasJPEGExtension("notes.jpg.txt"))
    #expect(!FileNameScheme.hasJPEGExtension("notes.jpeg&x=1.txt"))
    #expect(FileNameScheme.withoutQuery("a&b.jpg") == "a&b.jpg")
  }

  @Test func portraitSizesAreRenditions() {
    #expect(FileNameScheme.read("2026-09-05_OHR.LakeFyans_JA-JP2778092364_768x1280.jpg").isPortrait)
    #expect(FileNameScheme.read("OHR.Lake_EN-US1_1080x1920.jpg").isPortrait)
    #expect(!FileNameScheme.read("OHR.Lake_EN-US1_1920x1080.jpg").isPortrait)
    #expect(!FileNameScheme.read("OHR.Lake_EN-US1_UHD.jpg").isPortrait)
  }

  @Test func keysAreMadeOfOurOwnCharacters() {
    #expect(PictureKey.key(forName: "holiday photo") == "OHR.holiday_photo")
    #expect(PictureKey.key(forName: "../../etc/passwd") == "OHR.etc_passwd")
    #expect(PictureKey.key(forName: "$(rm -rf ~)") == "OHR.rm_-rf___")
    #expect(PictureKey.key(forName: "") == "OHR.picture")
    #expect(PictureKey.problem("OHR.Lake") == nil)
    // Another source's key is bounded as the history stores it, escaped: an export of this
    // version's long Commons keys comes back.
    let commons = "File:" + String(repeating: "Gorila_de_monta%C3%B1a_%28", count: 8) + ".jpg"
    #expect(PictureKey.problem(commons, source: .wikimedia) == nil)
    #expect(
      PictureKey.problem("File:" + String(repeating: "\u{F1}", count: 300), source: .wikimedia)
        == "it is longer than 1024 bytes once escaped")
    #expect(PictureKey.problem("OHR.a/b") != nil)
    #expect(PictureKey.problem("OHR.-rf") != nil)
    #expect(PictureKey.problem("Lake") != nil)
  }
}
