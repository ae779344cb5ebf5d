import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallModel
@testable import BingWallSystem

/// Market-local dates: the UTC date of `fullstartdate + 12 h`, and the `startdate` fallback.
@Suite struct ArchiveImageDateTests {
  @Test(arguments: [
    // en-US: summer 07:00, winter 08:00, the same day.
    ("202407080700", "2024-07-08", 1_720_422_000.0),
    ("202401150800", "2024-01-15", 1_705_305_600),
    // ja-JP 15:00 and zh-CN 16:00 the day before.
    ("202111101500", "2021-11-11", 1_636_556_400),
    ("202403191600", "2024-03-20", 1_710_864_000),
    // en-IN 18:30 the day before; en-GB 23:00 the day before in summer, 00:00 in winter.
    ("202407071830", "2024-07-08", 1_720_377_000),
    ("202407072300", "2024-07-08", 1_720_393_200),
    ("202401150000", "2024-01-15", 1_705_276_800),
    // Across a year's end, onto a leap day, and past a non-leap February.
    ("202312311600", "2024-01-01", 1_704_038_400),
    ("202402281600", "2024-02-29", 1_709_136_000),
    ("202302281600", "2023-03-01", 1_677_600_000),
  ])
  func dateFromFullStartDate(fullstartdate: String, local: String, instant: Double) throws {
    let dates = try ArchiveImage.dates(fullstartdate: fullstartdate, startdate: "19700101", market: "en-US")
    #expect(dates.date == CalendarDate(parsing: local))
    #expect(dates.fullStartDate == Date(timeIntervalSince1970: instant))
    #expect(!dates.isEstimated)
  }

  @Test(arguments: [
    "2024070807", "20240708070000", "2024-07-08", "202402300700", "202302290700", "202407082400",
    "202407080760", "202413080700", "000007080700", "20240708070a", " 202407080700", "２０２４０７０８０７００",
    "-20240708070",
  ])
  func malformedFullStartDateIsRefused(fullstartdate: String) {
    #expect(throws: SkippedImage.Reason.badDate(field: "fullstartdate", value: fullstartdate)) {
      try ArchiveImage.dates(fullstartdate: fullstartdate, startdate: "20240708", market: "en-US")
    }
  }

  @Test(arguments: [
    // West of UTC (and ROW, and no market at all): startdate is the local date, 00:00 UTC.
    ("20240708", "en-US", "2024-07-08", 1_720_396_800.0),
    ("20240708", "ROW", "2024-07-08", 1_720_396_800),
    ("20240708", nil, "2024-07-08", 1_720_396_800),
    ("20240108", "pt-BR", "2024-01-08", 1_704_672_000),
    ("20240107", "en-GB", "2024-01-07", 1_704_585_600),
    // East of UTC: startdate is the day before; 12:00 UTC on it.
    ("20211110", "ja-JP", "2021-11-11", 1_636_545_600),
    ("20240319", "zh-CN", "2024-03-20", 1_710_849_600),
    ("20240707", "en-IN", "2024-07-08", 1_720_353_600),
    ("20240707", "DE-de", "2024-07-08", 1_720_353_600),
    ("20231231", "fr-FR", "2024-01-01", 1_704_024_000),
  ])
  func dateEstimatedFromStartDate(startdate: String, market: String?, local: String, instant: Double) throws {
    let dates = try ArchiveImage.dates(fullstartdate: nil, startdate: startdate, market: market)
    #expect(dates.date == CalendarDate(parsing: local))
    #expect(dates.fullStartDate == Date(timeIntervalSince1970: instant))
    #expect(dates.isEstimated)
    // The estimate keeps the rule that defines the date.
    #expect(ArchiveImage.localDate(startingAt: dates.fullStartDate) == dates.date)
  }

  @Test func anEmptyFullStartDateFallsBack() throws {
    let dates = try ArchiveImage.dates(fullstartdate: "", startdate: "20211110", market: "ja-JP")
    #expect(dates.date == CalendarDate(year: 2021, month: 11, day: 11))
    #expect(dates.isEstimated)
  }

  @Test func fullStartDateWinsOverStartDate() throws {
    let dates = try ArchiveImage.dates(fullstartdate: "202111101500", startdate: "garbage", market: "en-US")
    #expect(dates.date == CalendarDate(year: 2021, month: 11, day: 11))
    #expect(!dates.isEstimated)
  }

  @Test(arguments: [
    (String?.none, String?.none, SkippedImage.Reason.noDate),
    ("", "", .noDate),
    (nil, "2024-07-08", .badDate(field: "startdate", value: "2024-07-08")),
    (nil, "20240230", .badDate(field: "startdate", value: "20240230")),
  ])
  func withoutAUsableDateTheImageIsUnusable(
    fullstartdate: String?, startdate: String?, reason: SkippedImage.Reason
  ) {
    #expect(throws: reason) {
      try ArchiveImage.dates(fullstartdate: fullstartdate, startdate: startdate, market: "en-US")
    }
  }

  @Test(arguments: [
    ("ja-JP", true), ("zh-CN", true), ("en-IN", true), ("de-DE", true), ("en-AU", true), ("en-NZ", true),
    ("en-US", false), ("en-CA", false), ("pt-BR", false), ("es-MX", false), ("en-GB", false), ("ROW", false),
    ("JP", false), ("", false),
  ])
  func sideOfUTC(market: String, east: Bool) {
    #expect(ArchiveImage.isEastOfUTC(market: market) == east)
  }

  @Test func everyKnownMarketIsPlaced() {
    // A new market must be placed on purpose: east ones are listed, and these are the rest.
    let west: Set = ["US", "CA", "MX", "AR", "CL", "BR", "GB", "IE", "PT", "XL", "ROW"]
    for market in Market.known {
      let country = String(market.split(separator: "-").last ?? "")
      #expect(
        ArchiveImage.countriesEastOfUTC.contains(country) != west.contains(country), "\(market) is unplaced")
    }
  }
}
