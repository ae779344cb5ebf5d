import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallModel
@testable import BingWallSystem

/// Decoding whole archive bodies, market by market, as Bing serves them (BingFixtures).
@Suite struct ArchiveResponseTests {
  private func decode(_ body: String, market: String) throws -> ArchiveResponse {
    try ArchiveResponse.decode(Data(body.utf8), requestedMarket: market)
  }

  private func dates(_ response: ArchiveResponse) -> [String] {
    response.images.map(\.date.description)
  }

  private static func days(_ year: Int, _ month: Int, from last: Int, count: Int) -> [String] {
    (0..<count).map { "\(CalendarDate(year: year, month: month, day: last - $0)!)" }
  }

  @Test func enUSSummer() throws {
    let response = try decode(BingFixtures.enUS, market: "en-US")

    #expect(response.servedMarket == "en-US")
    #expect(!response.marketSubstituted)
    #expect(response.skipped.isEmpty)
    #expect(dates(response) == Self.days(2024, 7, from: 8, count: 8))
    #expect(Set(response.images.map(\.key)).count == 8)
    let first = try #require(response.images.first)
    let expected = try ArchiveImage(
      urlbase: "/th?id=OHR.LavenderField_EN-US4827103965", fullstartdate: "202407080700",
      startdate: "20240708", enddate: "20240709",
      copyright: "Lavender rows near Valensole, Provence, France (© Gaspard Lemaire/Getty Images)",
      copyrightLink:
        "https://www.bing.com/search?q=LavenderField&form=hpcapt&filters=HpDate%3a%2220240708_0700%22",
      title: "Purple rows of summer", hsh: "a74cfa871253771fd20d757188b4d8d9", wp: true)
    #expect(first == expected)
    #expect(first.bingID == "OHR.LavenderField_EN-US4827103965")
    #expect(first.key == "OHR.LavenderField")
    #expect(first.name == "LavenderField")
    #expect(first.fullStartDate == Date(timeIntervalSince1970: 1_720_422_000))
    #expect(first.caption == "Lavender rows near Valensole, Provence, France")
    #expect(first.credit == "Gaspard Lemaire/Getty Images")
    #expect(first.startdate == "20240708")
    #expect(first.enddate == "20240709")
    #expect(first.wp)
    #expect(!first.isDateEstimated)
  }

  @Test func captionsWithParenthesesAndRelativeLinks() throws {
    let response = try decode(BingFixtures.enUS, market: "en-US")
    let tekapo = try #require(response.images.first { $0.key == "OHR.TekapoStars" })
    #expect(
      tekapo.caption
        == "Church of the Good Shepherd at Lake Tekapo (Takapō), Mackenzie Basin (South Island), New Zealand")
    #expect(tekapo.credit == "Aroha Whetu/Night Sky Images/Minden Pictures/Alamy")

    let puffin = try #require(response.images.first { $0.key == "OHR.PuffinCove" })
    // `\u0026` in the body is the `&` of the link.
    #expect(puffin.copyrightLink == "/search?q=Atlantic+puffin&form=hpcapt")
    #expect(
      puffin.absoluteCopyrightLink(endpoint: "https://www.bing.com")?.text
        == "https://www.bing.com/search?q=Atlantic+puffin&form=hpcapt")
  }

  /// One lone `\ud800` in one title of a real de-DE body: the eight pictures all come, that
  /// title with U+FFFD where the broken escape was (it made the whole archive refused).
  @Test func aLoneSurrogateInOneTitleCostsNoPicture() throws {
    let response = try ArchiveResponse.decode(
      RealBingFixtures.body(RealBingFixtures.deDELoneSurrogate), requestedMarket: "de-DE")
    let intact = try ArchiveResponse.decode(
      RealBingFixtures.body(RealBingFixtures.deDEOwnPictures), requestedMarket: "de-DE")
    #expect(response.images.count == 8)
    #expect(response.skipped.isEmpty)
    #expect(response.images.map(\.key) == intact.images.map(\.key))
    #expect(response.images[1].title == "Matrosen im \u{FFFD}Smoking")
    #expect(intact.images[1].title == "Matrosen im Smoking")
  }

  @Test func enUSWinterKeepsTheWallpaperFlag() throws {
    let response = try decode(BingFixtures.enUSWinter, market: "en-US")

    #expect(dates(response) == Self.days(2024, 1, from: 15, count: 8))
    #expect(response.images.map(\.wp) == [true, true, false, true, true, true, true, true])
    #expect(response.images[2].key == "OHR.MLKMemorial")
    let hours = response.images.map { Calendar.utc.component(.hour, from: $0.fullStartDate) }
    #expect(hours == Array(repeating: 8, count: 8))
  }

  @Test func jaJPDatesAreTheNextDayAndCreditsFullWidth() throws {
    let response = try decode(BingFixtures.jaJP, market: "ja-JP")

    #expect(response.servedMarket == "ja-JP")
    #expect(dates(response) == Self.days(2021, 11, from: 11, count: 8))
    let first = try #require(response.images.first)
    #expect(first.bingID == "OHR.BeaversBend_JA-JP2539821984")
    #expect(first.key == "OHR.BeaversBend")
    #expect(first.startdate == "20211110")
    #expect(first.enddate == "20211111")
    #expect(first.date == CalendarDate(year: 2021, month: 11, day: 11))
    #expect(first.title == "ブロークン・ボウ湖の紅葉")
    #expect(first.caption == "ビーバーズ・ベンド・リゾートパーク, 米国 オクラホマ州")
    #expect(first.credit == "Inge Johnsson/Alamy Stock Photo")
    #expect(first.hsh == "be331c8a5be95ef8d4585717b1e70865")
    for image in response.images {
      // startdate is the day before the local date east of UTC.
      #expect(CalendarDate(compact: image.startdate).map { "\($0)" } != image.date.description)
      #expect(!image.credit.hasSuffix("）") && !image.credit.isEmpty)
    }
  }

  @Test func zhCNHasNoTitlesAndNoForeignHosts() throws {
    let response = try decode(BingFixtures.zhCN, market: "zh-CN")

    #expect(dates(response) == Self.days(2024, 3, from: 20, count: 8))
    #expect(response.images.allSatisfy { $0.title.isEmpty })
    #expect(response.images.allSatisfy { $0.displayTitle == $0.caption && !$0.caption.isEmpty })
    #expect(response.images[0].displayTitle == "婺源的油菜花田，江西")
    #expect(response.images[1].urlbase == "/th?id=OHR.CherryWuhan_ZH-CN2837465019")
    #expect(response.images.allSatisfy { $0.urlbase.hasPrefix("/th?id=OHR.") })
  }

  @Test(arguments: [("en-ZA", true), ("ROW", false), ("row", false)])
  func rowIsServedInPlaceOfOtherMarkets(requested: String, substituted: Bool) throws {
    let response = try decode(BingFixtures.row, market: requested)

    #expect(response.requestedMarket == requested)
    #expect(response.servedMarket == "ROW")
    #expect(response.marketSubstituted == substituted)
    #expect(response.images.count == 8)
    #expect(response.images.allSatisfy { $0.title == "Info" })
    #expect(response.images.allSatisfy { $0.displayTitle == $0.caption })
    #expect(response.images[2].copyrightLink == "javascript:void(0)")
    #expect(response.images[2].absoluteCopyrightLink(endpoint: "https://www.bing.com") == nil)
  }

  @Test func enINStartsAtHalfPastSixUTC() throws {
    let response = try decode(BingFixtures.enIN, market: "en-IN")
    #expect(dates(response) == Self.days(2024, 7, from: 8, count: 3))
    #expect(response.images[0].fullStartDate == Date(timeIntervalSince1970: 1_720_377_000))
  }

  @Test func onePictureInTwoMarketsHasOneKey() throws {
    let us = try decode(BingFixtures.enUS, market: "en-US").images[0]
    let de = try decode(BingFixtures.deDE, market: "de-DE").images[0]

    #expect(us.key == de.key)
    #expect(us.key == "OHR.LavenderField")
    #expect(us.bingID != de.bingID)
    #expect(us.caption != de.caption)
    #expect(us.date == de.date)
  }

  @Test func aReissuedDayKeepsItsKeyAndDate() throws {
    let original = try decode(BingFixtures.enUS, market: "en-US").images[0]
    let reissued = try decode(BingFixtures.enUSReissued, market: "en-US").images[0]

    #expect(reissued.key == original.key)
    #expect(reissued.date == original.date)
    #expect(reissued.bingID == "OHR.LavenderField_EN-US5093817264")
    #expect(reissued.bingID != original.bingID)
    #expect(reissued.credit == "Gaspard Lemaître/Getty Images")
    #expect(original.credit == "Gaspard Lemaire/Getty Images")
  }

  @Test func legacyBodiesStillDecode() throws {
    let response = try decode(BingFixtures.legacy, market: "en-US")

    // No `market` object: the ids' `_EN-US` suffix says what was served.
    #expect(response.servedMarket == "en-US")
    #expect(!response.marketSubstituted)
    #expect(dates(response) == ["2016-11-07", "2016-11-06"])
    let first = try #require(response.images.first)
    #expect(first.bingID == "OHR.BeaversBend_EN-US2539821984")
    #expect(first.key == "OHR.BeaversBend")
    #expect(first.urlbase == "/az/hprichbg/rb/BeaversBend_EN-US2539821984")
    #expect(first.title.isEmpty)
    #expect(first.displayTitle == "Beavers Bend State Park, Oklahoma")
    #expect(first.hsh.isEmpty)
    #expect(first.wp)
    #expect(
      first.imageURL(endpoint: "https://www.bing.com", resolution: "1920x1080")
        == "https://www.bing.com/az/hprichbg/rb/BeaversBend_EN-US2539821984_1920x1080.jpg")
  }

  @Test func withoutFullStartDateTheDateIsEstimated() throws {
    let response = try decode(BingFixtures.jaJPWithoutFullStartDate, market: "ja-JP")

    #expect(dates(response) == ["2021-11-11", "2021-11-10"])
    #expect(response.images.allSatisfy { $0.isDateEstimated })
    #expect(response.images[0].fullStartDate == Date(timeIntervalSince1970: 1_636_545_600))
  }

  @Test func theServedMarketDecidesTheEstimate() throws {
    // Asked for en-US, served ja-JP: the body's dates are ja-JP's.
    let response = try decode(BingFixtures.jaJPWithoutFullStartDate, market: "en-US")
    #expect(response.marketSubstituted)
    #expect(response.images[0].date == CalendarDate(year: 2021, month: 11, day: 11))
  }

  @Test func unusableEntriesAreSkippedWithTheirReasons() throws {
    let response = try decode(BingFixtures.enUSPartlyUnusable, market: "en-US")

    #expect(response.images.map(\.key) == ["OHR.LavenderField", "OHR.SaguaroDusk"])
    #expect(response.images[1].title.isEmpty)
    #expect(response.images[1].displayTitle == "Saguaro cacti at dusk, Saguaro National Park, Arizona")
    #expect(
      response.skipped == [
        SkippedImage(
          index: 1, urlbase: nil,
          reason: .wrongType(field: "urlbase", expected: "a string", found: "a number")),
        SkippedImage(
          index: 2, urlbase: "/th?id=../../etc/passwd",
          reason: .unsafeID("../../etc/passwd", why: "contains '/'; only A-Z a-z 0-9 . _ - are allowed")),
        SkippedImage(index: 3, urlbase: nil, reason: .notAnObject(found: "a string")),
        SkippedImage(
          index: 4, urlbase: "/th?id=OHR.WrongFlag_EN-US1",
          reason: .wrongType(field: "wp", expected: "a boolean", found: "a string")),
      ])
    #expect(response.skipped.map(\.description)[0] == "image 2: 'urlbase' is a number, not a string")
    #expect(response.skipped.map(\.description)[3] == "image 5: 'wp' is a string, not a boolean")
  }

  @Test(arguments: [
    (#"{"title":5}"#, "'title' is a number, not a string"),
    (#"{"copyright":["x"]}"#, "'copyright' is a list, not a string"),
    (#"{"copyrightlink":{}}"#, "'copyrightlink' is an object, not a string"),
    (#"{"hsh":true}"#, "'hsh' is a boolean, not a string"),
    (#"{"fullstartdate":202407080700}"#, "'fullstartdate' is a number, not a string"),
    (#"{"startdate":20240708,"fullstartdate":null}"#, "'startdate' is a number, not a string"),
    (#"{"enddate":false}"#, "'enddate' is a boolean, not a string"),
    (#"{"wp":1}"#, "'wp' is a number, not a boolean"),
    (#"{"urlbase":null}"#, "'urlbase' is missing"),
  ])
  func everyKnownFieldIsTypeChecked(override: String, reason: String) throws {
    // A usable entry first, then one with the field overridden (later members win).
    let good = #"{"urlbase":"/th?id=OHR.Good_EN-US1","fullstartdate":"202407080700"}"#
    let bad =
      #"{"urlbase":"/th?id=OHR.Bad_EN-US2","fullstartdate":"202407070700","#
      + override.dropFirst()
    let response = try decode(#"{"images":["# + good + "," + bad + "]}", market: "en-US")
    #expect(response.images.map(\.key) == ["OHR.Good"])
    #expect(response.skipped.map(\.reason.description) == [reason])
  }

  @Test func absentAndNullOptionalFieldsAreTolerated() throws {
    let body = #"""
      {"images":[{"urlbase":"/th?id=OHR.Minimal_EN-US1","fullstartdate":"202407080700"},
      {"urlbase":"/th?id=OHR.Nulls_EN-US2","fullstartdate":"202407070700","startdate":null,"enddate":null,
      "copyright":null,"copyrightlink":null,"title":null,"hsh":null,"wp":null,"market":null}],"market":7}
      """#
    let response = try decode(body, market: "en-US")

    // `market` that is no object counts as absent, so the newest id's `_EN-US` decides.
    #expect(response.servedMarket == "en-US")
    #expect(response.skipped.isEmpty)
    #expect(response.images.map(\.key) == ["OHR.Minimal", "OHR.Nulls"])
    for image in response.images {
      #expect(image.title.isEmpty && image.copyright.isEmpty && image.caption.isEmpty)
      #expect(image.credit.isEmpty && image.copyrightLink.isEmpty && image.hsh.isEmpty)
      #expect(image.startdate.isEmpty && image.enddate.isEmpty)
      #expect(image.wp)
    }
    #expect(response.images.map(\.displayTitle) == ["Minimal", "Nulls"])
  }

  @Test(
    arguments: [
      (#"{"mkt":"en-US"}"#, "en-US"),
      (#"{"mkt":"EN-us"}"#, "en-US"),
      (#"{"mkt":"ROW"}"#, "ROW"),
      (#"{"mkt":"xx-YY"}"#, "xx-YY"),
      (#""ja-JP""#, "ja-JP"),
      (#"{"mkt":"../../x"}"#, nil),
      (#"{"mkt":"en-US\u001b[2J"}"#, nil),
      (#"{"mkt":""}"#, nil),
      (#"{"mkt":"abcdefghijklmnopq"}"#, nil),
      (#"{"mkt":1}"#, nil),
      (#"{"country":"en-US"}"#, nil),
      ("[]", nil),
    ] as [(String, String?)])
  func servedMarketIsCheckedAndCanonical(market: String, served: String?) throws {
    // An id without a market suffix, so that only the `market` object can name one.
    let body =
      #"{"market":"# + market
      + #","images":[{"urlbase":"/th?id=OHR.X1","fullstartdate":"202407080700"}]}"#
    let response = try decode(body, market: "en-US")
    #expect(response.servedMarket == served)
  }

  @Test func aByteOrderMarkAndSurroundingSpaceAreAccepted() throws {
    var body = Data([0xEF, 0xBB, 0xBF])
    body.append(Data(("\r\n  " + BingFixtures.enIN + "\n\n").utf8))
    let response = try ArchiveResponse.decode(body, requestedMarket: "en-IN")
    #expect(response == (try decode(BingFixtures.enIN, market: "en-IN")))
    // Not only the same as the bare body: the three days that body holds.
    #expect(dates(response) == Self.days(2024, 7, from: 8, count: 3))
  }

  @Test func everyFixtureDecodesToTheSameResultTwice() throws {
    // Decoding is pure: no state survives between calls.
    for body in [BingFixtures.enUS, BingFixtures.jaJP, BingFixtures.zhCN, BingFixtures.row] {
      #expect(try decode(body, market: "en-US") == (try decode(body, market: "en-US")))
    }
  }
}

extension Calendar {
  /// Gregorian in UTC, to read back the hour of a start instant.
  fileprivate static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }()
}
