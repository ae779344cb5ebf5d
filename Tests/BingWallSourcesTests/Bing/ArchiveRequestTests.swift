import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallModel

/// The two URLs bingwall builds: the archive request and a picture's download.
@Suite struct ArchiveRequestTests {
  @Test(arguments: [
    (
      "https://www.bing.com", "en-US",
      "https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1"
    ),
    (
      "http://127.0.0.1:8080", "ja-JP",
      "http://127.0.0.1:8080/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=ja-JP&mbl=1"
    ),
    (
      "https://mirror.example/bing", "ROW",
      "https://mirror.example/bing/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=ROW&mbl=1"
    ),
    // A trailing slash is dropped all the same, so the path never starts with `//`.
    (
      "https://www.bing.com/", "de-DE",
      "https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=de-DE&mbl=1"
    ),
  ])
  func archiveURL(endpoint: String, market: String, expected: String) {
    #expect(ArchiveRequest.url(endpoint: endpoint, market: market, page: .recent) == expected)
  }

  @Test(arguments: [
    // A market must not be able to add or override query items, or change the path.
    ("en-US&n=1", "en-US%26n%3D1"),
    ("en US", "en%20US"),
    ("zh-CN#x", "zh-CN%23x"),
    ("../x", "..%2Fx"),
    ("fr-FR\u{0}", "fr-FR%00"),
    ("ñ", "%C3%B1"),
    ("a_b.c~d", "a_b.c~d"),
  ])
  func marketIsPercentEncoded(market: String, encoded: String) {
    let url = ArchiveRequest.url(endpoint: "https://www.bing.com", market: market, page: .recent)
    #expect(url == "https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=\(encoded)&mbl=1")
  }

  @Test(arguments: [
    (
      "https://www.bing.com", "/th?id=OHR.BeaversBend_JA-JP2539821984", "UHD",
      "https://www.bing.com/th?id=OHR.BeaversBend_JA-JP2539821984_UHD.jpg"
    ),
    (
      "http://127.0.0.1:9", "/th?id=OHR.X_EN-US1", "1920x1080",
      "http://127.0.0.1:9/th?id=OHR.X_EN-US1_1920x1080.jpg"
    ),
    (
      "https://www.bing.com/", "/az/hprichbg/rb/BeaversBend_EN-US2539821984", "1366x768",
      "https://www.bing.com/az/hprichbg/rb/BeaversBend_EN-US2539821984_1366x768.jpg"
    ),
    // A bad resolution stays inside the file name instead of changing the URL.
    (
      "https://www.bing.com", "/th?id=OHR.X_EN-US1", "UHD&x=1",
      "https://www.bing.com/th?id=OHR.X_EN-US1_UHD%26x%3D1.jpg"
    ),
  ])
  func imageURL(endpoint: String, urlbase: String, resolution: String, expected: String) {
    #expect(
      ImageURL.url(endpoint: endpoint, urlbase: urlbase, resolution: Resolution(stored: resolution))
        == expected)
  }

  @Test func imageURLOfADecodedPictureUsesOurEndpoint() throws {
    let response = try ArchiveResponse.decode(Data(BingFixtures.zhCN.utf8), requestedMarket: "zh-CN")
    let absolute = try #require(response.images.first { $0.key == "OHR.CherryWuhan" })
    #expect(
      absolute.imageURL(endpoint: "http://127.0.0.1:1", resolution: "UHD")
        == "http://127.0.0.1:1/th?id=OHR.CherryWuhan_ZH-CN2837465019_UHD.jpg")
  }
}
