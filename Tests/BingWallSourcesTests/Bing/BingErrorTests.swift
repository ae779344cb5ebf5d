import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallSystem

/// Which Bing failures are worth retrying (exit 75), and what their messages say.
@Suite struct BingErrorTests {
  static let url = "https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1"

  @Test(arguments: [
    (500, true), (502, true), (503, true), (504, true), (599, true), (429, true), (408, true),
    (400, false), (401, false), (403, false), (404, false), (410, false), (451, false),
    (204, false), (301, false), (304, false), (0, false),
  ])
  func temporaryStatuses(status: Int, temporary: Bool) {
    #expect(BingError.httpStatus(url: Self.url, status: status).isTemporary == temporary)
  }

  @Test(arguments: [
    (503, "Bing answered HTTP 503 for \(url); try again later"),
    (429, "Bing answered HTTP 429 for \(url); try again later"),
    (404, "Bing answered HTTP 404 for \(url); check network.endpoint (or BINGWALL_ENDPOINT) and the market"),
  ])
  func statusMessages(status: Int, message: String) {
    let error = BingError.httpStatus(url: Self.url, status: status)
    #expect(told(error) == message)
    #expect(error.localizedDescription == error.description)
  }

  @Test(arguments: [
    (BingError.emptyBody(market: "en-US", url: nil), true),
    (.nullBody(market: "en-US", url: nil), true),
    (.noImages(market: "en-US", url: nil), true),
    (.htmlPage(market: "en-US", url: nil, title: nil), false),
    (.invalidJSON(market: "en-US", url: nil, detail: "x"), false),
    (.notAnObject(market: "en-US", url: nil, found: "a list"), false),
    (.imagesNotAList(market: "en-US", url: nil, found: "a string"), false),
    (.noUsableImage(market: "en-US", url: nil, skipped: []), false),
    (.unusableImage(.noDate), false),
  ])
  func temporaryBodies(error: BingError, temporary: Bool) {
    #expect(error.isTemporary == temporary)
  }

  @Test(arguments: [
    ("plain", 80, "'plain'"),
    ("", 80, "''"),
    ("a\u{1B}[31mb", 80, "'a?[31mb'"),
    ("tab\there\r\n", 80, "'tab?here??'"),
    ("left\u{202E}right\u{2028}", 80, "'left?right?'"),
    ("ビーバーズ（©）", 80, "'ビーバーズ（©）'"),
    ("abcdef", 3, "'abc…'"),
    ("abc", 3, "'abc'"),
  ])
  func quotedTextIsPrintableAndShort(text: String, limit: Int, quoted: String) {
    #expect(BingError.quoted(text, limit: limit) == quoted)
  }
}
