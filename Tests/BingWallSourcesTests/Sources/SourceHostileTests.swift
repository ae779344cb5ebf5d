import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// Bodies no source should send: each is refused with its own typed error, within bounds.
@Suite struct SourceHostileTests {
  static func spotlight(_ body: String, _ version: SpotlightResponse.Version = .v4) -> SourceError? {
    SourceFixtures.error {
      _ = try SpotlightResponse.decode(Data(body.utf8), version: version, policy: .httpsOnly)
    }
  }

  static func apod(_ body: String, _ api: APODResponse.API = .planetary) -> SourceError? {
    SourceFixtures.error { _ = try APODResponse.decode(Data(body.utf8), api: api, policy: .httpsOnly) }
  }

  static let day = CalendarDate(year: 2026, month: 6, day: 24)!

  static func wikimedia(_ body: String) -> SourceError? {
    SourceFixtures.error { _ = try WikimediaResponse.decode(Data(body.utf8), day: day, policy: .httpsOnly) }
  }

  /// The one unusable reason of a Spotlight body whose every item is unusable.
  static func onlyItemError(_ error: SourceError?) -> SourceError? {
    guard case .noPicture(.spotlight, .noPhotograph(0, let unusable))? = error, unusable.count == 1 else {
      return nil
    }
    return unusable[0]
  }

  static func item(_ json: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: ["batchrsp": ["items": [["item": json]]]])
    return String(decoding: data, as: UTF8.self)
  }

  @Test func notJSONBodies() throws {
    #expect(Self.spotlight("") == .notJSON(.spotlight, detail: "the body is empty"))
    #expect(Self.apod("<!doctype html><title>Down</title>") == .notJSON(.apod, detail: "it is an HTML page"))
    #expect(Self.wikimedia("\u{FEFF}  \n") == .notJSON(.wikimedia, detail: "the body is empty"))
    guard case .notJSON(.apod, let detail)? = Self.apod(#"{"date":"2021-12-06","#) else {
      Issue.record("a body cut short is not JSON")
      return
    }
    #expect(detail.contains("cut short"))
    let invalid = SourceFixtures.error {
      _ = try APODResponse.decode([0x7B, 0xFF, 0x7D], api: .planetary, policy: .httpsOnly)
    }
    #expect(invalid == .notJSON(.apod, detail: "the body is not UTF-8 text"))
  }

  @Test func aBodyOverTheBoundIsNotRead() {
    let body = [UInt8](repeating: 0x20, count: SourceBody.maximumSize + 1)
    let error = SourceFixtures.error {
      _ = try WikimediaResponse.decode(body, day: Self.day, policy: .httpsOnly)
    }
    guard case .notJSON(.wikimedia, let detail)? = error else {
      Issue.record("expected notJSON, got \(String(describing: error))")
      return
    }
    #expect(detail.contains("more than \(SourceBody.maximumSize)"))
  }

  @Test func deeplyNestedBodiesAreRefused() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    guard case .notJSON(.apod, let detail)? = Self.apod(deep) else {
      Issue.record("a deep body is not JSON bingwall reads")
      return
    }
    #expect(detail.contains("nested deeper than"))
    // The same inside Spotlight's item, which is parsed a second time.
    guard
      case .nestedNotJSON(.spotlight, let path, let inner)? = Self.onlyItemError(
        Self.spotlight(Self.item(deep)))
    else {
      Issue.record("a deep item is not JSON bingwall reads")
      return
    }
    #expect(path == "batchrsp.items[0].item")
    #expect(inner.contains("nested deeper than"))
  }

  @Test func anItemThatIsNotJSON() {
    guard
      case .nestedNotJSON(.spotlight, let path, _)? = Self.onlyItemError(
        Self.spotlight(Self.item("{\"ad\": oops}")))
    else {
      Issue.record("expected nestedNotJSON")
      return
    }
    #expect(path == "batchrsp.items[0].item")
    let error = Self.spotlight(Self.item("{\"ad\": oops}"))
    #expect(
      error?.description.hasPrefix(
        "Windows Spotlight listed no photograph (1 unusable); the first: Windows Spotlight's answer has text at batchrsp.items[0].item that is not JSON"
      ) == true)
  }

  @Test func wrongTypes() {
    #expect(
      Self.spotlight(#"{"batchrsp":{"items":"many"}}"#)
        == .wrongType(.spotlight, path: "batchrsp.items", expected: "a list", found: "a string"))
    #expect(
      Self.spotlight(#"[1,2]"#)
        == .wrongType(.spotlight, path: "the body", expected: "an object", found: "a list"))
    #expect(
      Self.onlyItemError(Self.spotlight(#"{"batchrsp":{"items":[{"item":7}]}}"#))
        == .wrongType(.spotlight, path: "batchrsp.items[0].item", expected: "a string", found: "a number"))
    #expect(
      Self.onlyItemError(Self.spotlight(Self.item(#"{"ad":{"landscapeImage":{"asset":true}}}"#)))
        == .wrongType(
          .spotlight, path: "batchrsp.items[0].item.ad.landscapeImage.asset", expected: "a string",
          found: "a boolean"))
    #expect(
      Self.apod(#"{"date":20211206,"media_type":"image"}"#)
        == .wrongType(.apod, path: "date", expected: "a string", found: "a number"))
    #expect(
      Self.apod(#"{"date":"2021-02-30","media_type":"image"}"#)
        == .wrongType(.apod, path: "date", expected: "a date YYYY-MM-DD", found: "'2021-02-30'"))
    #expect(
      Self.apod(#"{"date":"2021-12-06","media_type":"image","hdurl":["https://x/y.jpg"]}"#)
        == .wrongType(.apod, path: "hdurl", expected: "a string", found: "a list"))
    #expect(
      Self.wikimedia(#"{"image":{"title":"File:X.jpg","image":{"source":"https://x/y.jpg"},"artist":42}}"#)
        == .wrongType(.wikimedia, path: "image.artist", expected: "an object", found: "a number"))
    #expect(
      Self.wikimedia(#"{"image":{"title":"File:X.jpg","image":{"source":"https://x/y.jpg","width":"wide"}}}"#)
        == .wrongType(.wikimedia, path: "image.image.width", expected: "a whole number", found: "a string"))
    #expect(
      Self.wikimedia(#"{"image":{"title":"File:\u001b[2J.jpg","image":{"source":"https://x/y.jpg"}}}"#)
        == .wrongType(
          .wikimedia, path: "image.title", expected: "a file title", found: "text that is not one"))
  }

  @Test func missingFields() {
    #expect(Self.spotlight(#"{"items":[]}"#) == .missingField(.spotlight, path: "batchrsp"))
    #expect(Self.apod(#"{"date":"2021-12-06","media_type":"image"}"#) == .missingField(.apod, path: "url"))
    #expect(
      Self.apod(#"{"date":"2021-12-06","media_type":"image","url":"https://x/p"}"#, .basic)
        == .missingField(.apod, path: "hdurl"))
    #expect(
      Self.wikimedia(#"{"image":{"title":"File:X.jpg"}}"#)
        == .missingField(.wikimedia, path: "image.image.source"))
    #expect(
      Self.onlyItemError(Self.spotlight(Self.item(#"{"ad":{"landscapeImage":{"asset":"https://x/y.jpg"}}}"#)))
        == .missingField(.spotlight, path: "batchrsp.items[0].item.prm._id"))
  }

  @Test func emptyOrRefusedSpotlight() {
    #expect(Self.spotlight(#"{"batchrsp":{"ver":"1.0","items":[]}}"#) == .noPicture(.spotlight, .noItems))
    #expect(Self.spotlight(#"{"batchrsp":{"ver":"1.0"}}"#) == .noPicture(.spotlight, .noItems))
    #expect(
      Self.spotlight(#"{"batchrsp":{"ver":"1.0","errors":[{"code":2040,"msg":"No ad available"}]}}"#)
        == .noPicture(.spotlight, .noAd(message: "No ad available")))
    let plain = Self.spotlight("No ad available")
    #expect(plain == .noPicture(.spotlight, .noAd(message: "No ad available")))
    #expect(plain?.isTemporary == true)
  }

  /// A picture URL that is not https is a typed failure, never a picture.
  @Test(arguments: [
    ("file:///etc/passwd", RemoteURL.Problem.scheme("file")),
    ("javascript:alert(document.cookie)", .scheme("javascript")),
    ("data:image/jpeg;base64,/9j/4AAQ", .scheme("data")),
    ("/apod/image/x.jpg", .notAbsolute),
    ("http://apod.nasa.gov/apod/image/x.jpg", .plainHTTP(host: "apod.nasa.gov")),
  ])
  func pictureURLsThatAreNotFetched(_ url: String, _ problem: RemoteURL.Problem) {
    let quoted = String(decoding: try! JSONSerialization.data(withJSONObject: [url]), as: UTF8.self)
      .dropFirst().dropLast()
    #expect(
      Self.apod(#"{"date":"2021-12-06","media_type":"image","hdurl":\#(quoted)}"#)
        == .badURL(.apod, path: "hdurl", problem: problem))
    #expect(
      Self.wikimedia(#"{"image":{"title":"File:X.jpg","image":{"source":\#(quoted)}}}"#)
        == .badURL(.wikimedia, path: "image.image.source", problem: problem))
    let item = Self.item(#"{"ad":{"landscapeImage":{"asset":\#(quoted)},"entityId":"1"}}"#)
    #expect(
      Self.onlyItemError(Self.spotlight(item))
        == .badURL(.spotlight, path: "batchrsp.items[0].item.ad.landscapeImage.asset", problem: problem))
    let v3 = Self.item(#"{"ad":{"image_fullscreen_001_landscape":{"u":\#(quoted)}},"prm":{"_id":"WW_1"}}"#)
    #expect(
      Self.onlyItemError(Self.spotlight(v3, .v3))
        == .badURL(
          .spotlight, path: "batchrsp.items[0].item.ad.image_fullscreen_001_landscape.u", problem: problem))
  }

  /// A loopback test server's plain http is accepted only when the caller says so.
  @Test func loopbackHTTPNeedsTheCallersWord() throws {
    let body = Data(#"{"date":"2021-12-06","media_type":"image","hdurl":"http://127.0.0.1:8123/x.jpg"}"#.utf8)
    #expect(throws: SourceError.badURL(.apod, path: "hdurl", problem: .plainHTTP(host: "127.0.0.1"))) {
      try APODResponse.decode(body, api: .planetary, policy: .httpsOnly)
    }
    let picture = try APODResponse.decode(body, api: .planetary, policy: .loopbackHTTPAllowed)
    #expect(picture.image.text == "http://127.0.0.1:8123/x.jpg")
  }

  /// A page link that is not https costs the link, not the picture.
  @Test func aBadPageLinkIsDropped() throws {
    let item = Self.item(
      #"{"ad":{"landscapeImage":{"asset":"https://x/y.jpg"},"entityId":"1","ctaUri":"microsoft-edge:javascript:alert(1)"}}"#
    )
    let error = Self.spotlight(item)
    // Not a page of Bing's: a promotion by the rule, so set aside rather than shown.
    #expect(error == .noPicture(.spotlight, .noPhotograph(promotions: 1, unusable: [])))
    #expect(SpotlightResponse.link("microsoft-edge:javascript:alert(1)", policy: .httpsOnly) == nil)
    #expect(
      SpotlightResponse.link("microsoft-edge:https://www.bing.com/x", policy: .httpsOnly)?.text
        == "https://www.bing.com/x")
  }

  /// A v3 item whose first picture is a placeholder takes the next real one.
  @Test func v3PlaceholdersAreSkipped() throws {
    let item = Self.item(
      #"{"ad":{"image_fullscreen_001_landscape":{"u":"https://x/a_empty.jpg"},"image_fullscreen_002_landscape":{"u":"https://x/real.jpg"},"image_fullscreen_002_portrait":{"u":"https://x/b_empty.jpg"}},"prm":{"_id":"WW_2"}}"#
    )
    let response = try SpotlightResponse.decode(Data(item.utf8), version: .v3, policy: .httpsOnly)
    #expect(response.pictures.map(\.image.text) == ["https://x/real.jpg"])
    #expect(response.pictures.first?.portrait == nil)
    let empty = Self.item(
      #"{"ad":{"image_fullscreen_001_landscape":{"u":"https://x/a_empty.jpg"}},"prm":{"_id":"WW_3"}}"#)
    #expect(
      Self.onlyItemError(Self.spotlight(empty, .v3))
        == .missingField(.spotlight, path: "batchrsp.items[0].item.ad.image_fullscreen_001_landscape.u"))
  }

  @Test func messagesKeepNetworkTextQuoted() {
    let error = SourceError.apiError(.apod, code: .named("X\u{1B}[2J"), message: "bad\u{1B}]0;title\u{07}")
    #expect(!error.description.contains("\u{1B}"))
    #expect(!error.description.contains("\u{07}"))
    let noAd = SourceError.noPicture(.spotlight, .noAd(message: "\u{1B}[31mNo ad"))
    #expect(!noAd.description.contains("\u{1B}"))
  }
}
