import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing

/// Which market Bing served: the body's `market` object when it has one (`mbl=1`), else the
/// market part of the newest picture's id, as in every archived response.
@Suite struct ServedMarketTests {
  func decode(_ fixture: String, market: String) throws -> ArchiveResponse {
    try ArchiveResponse.decode(RealBingFixtures.body(fixture), requestedMarket: market)
  }

  @Test func rowIdsWithoutAMarketObjectMeanROWWasServed() throws {
    let response = try decode(RealBingFixtures.daDKServedROW, market: "da-DK")
    #expect(response.images.first?.bingID == "OHR.JaliscoAgave_ROW7883559373")
    #expect(response.images.first?.idMarket == "ROW")
    #expect(response.servedMarket == "ROW")
    #expect(response.marketSubstituted)
  }

  @Test func ownIdsWithoutAMarketObjectAreNoSubstitution() throws {
    let response = try decode(RealBingFixtures.deDEOwnPictures, market: "de-DE")
    #expect(response.images.first?.idMarket == "DE-DE")
    #expect(response.servedMarket == "de-DE")  // in the listed spelling
    #expect(!response.marketSubstituted)
  }

  @Test func theMarketObjectOutranksTheIds() throws {
    let body =
      #"{"market":{"mkt":"en-ZA"},"images":[{"fullstartdate":"202612010000","urlbase":"/th?id=OHR.X_ROW1"}]}"#
    let response = try ArchiveResponse.decode(Data(body.utf8), requestedMarket: "en-ZA")
    #expect(response.servedMarket == "en-ZA")
    #expect(!response.marketSubstituted)
  }

  @Test(
    arguments: [
      // The newest picture decides: Bing starting pictures of its own for a market shows there first.
      (["OHR.A_EN-AU1", "OHR.B_ROW2"], "en-AU"),
      (["OHR.A_ROW1", "OHR.B_EN-AU2"], "ROW"),
      (["OHR.A_XX-YY1"], "xx-YY"),
      // No suffix, or one that is no market code: nothing to infer.
      (["OHR.NoSuffix"], nil),
      (["OHR.A_ENUSA1"], nil),
    ] as [([String], String?)])
  func theNewestIdNamesTheServedMarket(ids: [String], served: String?) throws {
    let images = ids.enumerated().map { index, id in
      #"{"fullstartdate":"2026120\#(8 - index)0800","urlbase":"/th?id=\#(id)"}"#
    }
    let body = #"{"images":[\#(images.joined(separator: ","))]}"#
    let response = try ArchiveResponse.decode(Data(body.utf8), requestedMarket: "en-AU")
    #expect(response.servedMarket == served)
  }

  @Test func theIdsServedMarketDecidesAnEstimatedDate() throws {
    // Asked for da-DK (east of UTC, startdate is the day before), served ROW (at or west of
    // UTC, startdate is the day): without fullstartdate the date follows ROW.
    let body = #"{"images":[{"startdate":"20220505","urlbase":"/th?id=OHR.JaliscoAgave_ROW7883559373"}]}"#
    let rowServed = try ArchiveResponse.decode(Data(body.utf8), requestedMarket: "da-DK")
    #expect(rowServed.images.first?.date.description == "2022-05-05")
    let own = body.replacingOccurrences(of: "_ROW", with: "_DA-DK")
    let daDKServed = try ArchiveResponse.decode(Data(own.utf8), requestedMarket: "da-DK")
    #expect(daDKServed.images.first?.date.description == "2022-05-06")
  }
}
