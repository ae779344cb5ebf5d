import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// Spotlight's two real bodies, read field by field, and the rule that sets promotions aside.
@Suite struct SpotlightResponseTests {
  static let v4 = SourceFixtures.spotlight("spotlight_2025-06-02-v4.json")
  static let v3 = SourceFixtures.spotlight("spotlight_2025-06-02-v3.json")

  @Test func v4GivesEveryItemWithItsFields() throws {
    let response = try SpotlightResponse.decode(Self.v4, version: .v4, policy: .httpsOnly)
    #expect(response.pictures.count == 4)
    #expect(response.skipped.isEmpty)
    #expect(response.ignoredItems == 0)
    for (index, picture) in response.pictures.enumerated() {
      let ad = SourceFixtures.nested(Self.v4, ["batchrsp", "items", index, "item"])
      func field(_ path: Any...) -> String? { SourceFixtures.field(ad, path) as? String }
      let hover = try #require(field("ad", "iconHoverText")).components(separatedBy: "\r\n")
      #expect(picture.id == PictureID(source: .spotlight, key: try #require(field("ad", "entityId"))))
      #expect(picture.id.key == field("prm", "_id"))
      #expect(picture.date == nil)
      #expect(picture.image.text == field("ad", "landscapeImage", "asset"))
      #expect(picture.portrait?.text == field("ad", "portraitImage", "asset"))
      #expect(picture.words.title == hover[0])
      #expect(picture.words.caption == field("ad", "title"))
      #expect(picture.words.copyright == field("ad", "copyright"))
      // The capture wrote the server's © as "c", so nothing is taken off the credit here.
      #expect(picture.words.credit == field("ad", "copyright"))
      #expect(picture.description == field("ad", "description"))
      let cta = try #require(field("ad", "ctaUri"))
      #expect(picture.page?.text == String(cta.dropFirst("microsoft-edge:".count)))
      #expect(picture.words.copyrightLink == picture.page)
      #expect(picture.licence == "personal use only")
    }
    let first = response.pictures[0]
    #expect(first.id.key == "128000000005012509")
    #expect(first.words.title == "Northern saw-whet owl in Hamilton, Ontario, Canada")
    #expect(first.words.caption == "Little but loud")
    #expect(first.image.text.hasSuffix("_3840x2160.jpg"))
    #expect(first.portrait?.text.hasSuffix("_1080x1920.jpg") == true)
    #expect(first.page?.host == "www.bing.com")
  }

  @Test func v3SetsThePromotionAsideAndGivesThePhotographs() throws {
    let response = try SpotlightResponse.decode(Self.v3, version: .v3, policy: .httpsOnly)
    let promotion = try #require(
      SourceFixtures.field(
        SourceFixtures.nested(Self.v3, ["batchrsp", "items", 0, "item"]), ["ad", "hs1_title_text", "tx"])
        as? String)
    #expect(promotion.hasPrefix("Microsoft Search in Bing"))
    #expect(response.skipped == [SpotlightResponse.Skipped(index: 0, reason: .promotion(title: promotion))])
    #expect(response.pictures.count == 2)
    for (offset, picture) in response.pictures.enumerated() {
      let ad = SourceFixtures.nested(Self.v3, ["batchrsp", "items", offset + 1, "item"])
      func field(_ path: Any...) -> String? { SourceFixtures.field(ad, path) as? String }
      #expect(picture.id == PictureID(source: .spotlight, key: try #require(field("prm", "_id"))))
      #expect(picture.date == nil)
      #expect(picture.image.text == field("ad", "image_fullscreen_001_landscape", "u"))
      #expect(picture.portrait?.text == field("ad", "image_fullscreen_001_portrait", "u"))
      #expect(picture.words.title == field("ad", "title_text", "tx"))
      #expect(picture.words.caption == "")
      #expect(picture.words.copyright == field("ad", "copyright_text", "tx"))
      let link = try #require(field("ad", "title_destination_url", "u"))
      #expect(picture.page?.text == String(link.dropFirst("microsoft-edge:".count)))
      #expect(picture.licence == SpotlightResponse.licence)
      #expect(!picture.image.text.hasSuffix("_empty.jpg"))
    }
    #expect(
      response.pictures.map(\.id.key) == ["WW_128000000004741809_EN-US", "WW_128000000004988849_EN-US"])
    #expect(response.pictures.map(\.words.title) == ["Bardenas Reales, Spain", "Budapest, Hungary"])
  }

  /// The promotion's picture is a photograph of the same size as the others': the rule is its
  /// links, which lead to a product rather than to Bing's pages about the picture.
  @Test func thePromotionIsKnownByItsLinksNotItsPictureSize() throws {
    let ad = SourceFixtures.nested(Self.v3, ["batchrsp", "items", 0, "item"])
    #expect(SourceFixtures.field(ad, ["ad", "image_fullscreen_001_landscape", "w"]) as? String == "1920")
    #expect(SourceFixtures.field(ad, ["ad", "image_fullscreen_001_landscape", "h"]) as? String == "1080")
    let link = try #require(SourceFixtures.field(ad, ["ad", "hs1_destination_url", "u"]) as? String)
    #expect(!SpotlightResponse.isBingPage(link))
    #expect(SpotlightResponse.isBingPage("microsoft-edge:https://www.bing.com/search?q=Seattle,+WA"))
    #expect(SpotlightResponse.isBingPage("https://bing.com/spotlight?spotlightid=X"))
    #expect(!SpotlightResponse.isBingPage("microsoft-edge:https://www.bing.com.example.org/"))
    #expect(!SpotlightResponse.isBingPage("https://www.bing.com@example.org/"))
  }

  @Test func aCopyrightSignIsTakenOffTheCredit() {
    #expect(SpotlightResponse.credit("© Megan Lorenz / Adobe Stock") == "Megan Lorenz / Adobe Stock")
    #expect(SpotlightResponse.credit("Megan Lorenz / Adobe Stock") == "Megan Lorenz / Adobe Stock")
  }

  /// A v4 item whose `iconHoverText` is missing: the teaser is the title, and the item's
  /// `prm._id` its id when `entityId` is missing too.
  @Test func aV4ItemWithoutHoverTextOrEntityIdFallsBack() throws {
    let item =
      #"{"ad":{"landscapeImage":{"asset":"https://img.example/a.jpg"},"title":"Little but loud","copyright":"© Jane Doe"},"prm":{"_id":"42"}}"#
    let response = try SpotlightResponse.decode(Self.body([item]), version: .v4, policy: .httpsOnly)
    let picture = try #require(response.pictures.first)
    #expect(picture.id.key == "42")
    #expect(picture.words.title == "Little but loud")
    #expect(picture.words.caption == "")
    #expect(picture.words.credit == "Jane Doe")
    #expect(picture.portrait == nil)
    #expect(picture.page == nil)
  }

  @Test func v3BodyReadAsV4HasNoPhotograph() throws {
    let error = SourceFixtures.error {
      _ = try SpotlightResponse.decode(Self.v3, version: .v4, policy: .httpsOnly)
    }
    guard case .noPicture(.spotlight, .noPhotograph(let promotions, let unusable))? = error else {
      Issue.record("expected no photograph, got \(String(describing: error))")
      return
    }
    // v4 reads promotions from `ctaUri`, which v3 items do not have: each is unusable instead.
    #expect(promotions == 0)
    #expect(unusable.count == 3)
    #expect(
      unusable.allSatisfy {
        if case .missingField(.spotlight, let path) = $0 {
          path.hasSuffix("ad.landscapeImage")
        } else {
          false
        }
      })
  }

  @Test func itemsBeyondEightAreNotReadAndRepeatsAreSetAside() throws {
    let item = #"{"ad":{"landscapeImage":{"asset":"https://img.example/a.jpg"},"entityId":"1"}}"#
    let response = try SpotlightResponse.decode(
      Self.body(Array(repeating: item, count: 11)), version: .v4, policy: .httpsOnly)
    // Each is the same picture: the first is kept, the others set aside as repeats.
    #expect(response.pictures.count == 1)
    #expect(response.skipped.map(\.index) == Array(1..<SpotlightResponse.maximumItems))
    #expect(response.skipped.allSatisfy { $0.reason == .repeated })
    #expect(response.ignoredItems == 3)
  }

  /// `{"batchrsp":{"ver":"1.0","items":[{"item":"…"}, …]}}` around each item's JSON text.
  static func body(_ items: [String]) -> Data {
    let wrapped = items.map { item -> [String: Any] in ["item": item] }
    return try! JSONSerialization.data(withJSONObject: ["batchrsp": ["ver": "1.0", "items": wrapped]])
  }
}
