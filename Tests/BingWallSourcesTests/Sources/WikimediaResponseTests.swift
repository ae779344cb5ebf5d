import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// Wikimedia's featured feed (hand-made bodies: see the fixtures' README) and the thumbnail rule.
@Suite struct WikimediaResponseTests {
  static let day = CalendarDate(year: 2026, month: 6, day: 24)!

  @Test func everyFieldIsRead() throws {
    let body = SourceFixtures.wikimedia("featured-2026-06-24.json")
    func field(_ path: Any...) -> Any? { SourceFixtures.field(body, ["image"] + path) }
    let response = try WikimediaResponse.decode(body, day: Self.day, policy: .httpsOnly)
    let picture = response.picture
    // The title as a key is written as Commons' file URLs write it (`SourceKey`): `(` is `%28`.
    let title = try #require(field("title") as? String)
    #expect(picture.id == PictureID(source: .wikimedia, key: SourceKey.escaped(title)))
    #expect(picture.id.key == "File:Messier_24_%28infrared,_red,_green%29.jpg")
    #expect(picture.date == Self.day)
    #expect(picture.image.text == field("image", "source") as? String)
    #expect(response.width == field("image", "width") as? Int)
    #expect(response.height == field("image", "height") as? Int)
    #expect(response.thumbnail?.text == field("thumbnail", "source") as? String)
    #expect(picture.page?.text == field("file_page") as? String)
    // A caption of 104 characters is no title: the file's name is.
    #expect(picture.words.caption == field("description", "text") as? String)
    #expect(picture.words.title == "Messier 24 (infrared, red, green)")
    #expect(picture.words.credit == field("artist", "text") as? String)
    #expect(response.creditLine == field("credit", "text") as? String)
    #expect(picture.licence == field("license", "type") as? String)
    #expect(picture.licenceLink?.text == field("license", "url") as? String)
    // Artist, then credit and licence, as the picture must always be shown with them.
    #expect(picture.words.copyright == "Jane Example (Own work, CC BY-SA 4.0)")
    #expect(picture.portrait == nil)
  }

  @Test func missingArtistCreditLicenceAndDescriptionAreEmpty() throws {
    let body = SourceFixtures.wikimedia("featured-2026-06-23-bare.json")
    let day = CalendarDate(year: 2026, month: 6, day: 23)!
    let response = try WikimediaResponse.decode(body, day: day, policy: .httpsOnly)
    #expect(response.picture.id.key == "File:Gazelles_of_Sunset.jpg")
    #expect(response.picture.words.title == "Gazelles of Sunset")
    #expect(response.picture.words.caption == "")
    #expect(response.picture.words.credit == "")
    #expect(response.picture.words.copyright == "")
    #expect(response.picture.licence == "")
    #expect(response.picture.licenceLink == nil)
    #expect(response.creditLine == "")
    #expect(
      response.picture.image.text == SourceFixtures.field(body, ["image", "image", "source"]) as? String)
  }

  @Test func noImageIsNoPicture() {
    let body = Data(#"{"tfa":{"title":"Some_article"},"mostread":{}}"#.utf8)
    let error = SourceFixtures.error {
      _ = try WikimediaResponse.decode(body, day: Self.day, policy: .httpsOnly)
    }
    #expect(error == .noPicture(.wikimedia, .noImage(Self.day)))
    #expect(error?.description == "Wikimedia Commons has no picture of the day for 2026-06-24")
  }

  /// A title is bounded as the key it becomes: each byte outside the safe set takes three once
  /// escaped, so 400 brackets (1,200 bytes as a key) are refused here, not stored and then found
  /// damaged by every reader of the history.
  @Test func aTitleTooLongOnceEscapedIsRefused() throws {
    let body = SourceFixtures.wikimedia("featured-2026-06-24.json")
    var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    var image = try #require(object["image"] as? [String: Any])
    for (title, fits) in [
      ("File:" + String(repeating: "(", count: 338) + ".jpg", true),
      ("File:" + String(repeating: "(", count: 400) + ".jpg", false),
    ] {
      image["title"] = title
      object["image"] = image
      let edited = try JSONSerialization.data(withJSONObject: object)
      let error = SourceFixtures.error {
        let response = try WikimediaResponse.decode(edited, day: Self.day, policy: .httpsOnly)
        #expect(response.picture.id.key.utf8.count <= SourceKey.longest)
      }
      #expect((error == nil) == fits, "\(title.utf8.count) bytes: \(String(describing: error))")
    }
  }

  @Test func aProtocolRelativeLicenceLinkIsHTTPS() {
    #expect(
      WikimediaResponse.lenientURL("//creativecommons.org/licenses/by/4.0", policy: .httpsOnly)?.text
        == "https://creativecommons.org/licenses/by/4.0")
    #expect(WikimediaResponse.lenientURL("javascript:alert(1)", policy: .httpsOnly) == nil)
  }

  @Test func thumbnailURLFollowsCommonsLayout() throws {
    let body = SourceFixtures.wikimedia("featured-2026-06-24.json")
    let response = try WikimediaResponse.decode(body, day: Self.day, policy: .httpsOnly)
    // The feed's own 640 px thumbnail is made by the same rule: the rule gives its URL back.
    let feedThumbnail = try #require(response.thumbnail)
    let width = try #require(Int(feedThumbnail.text.split(separator: "/").last!.prefix { $0.isNumber }))
    #expect(
      WikimediaThumbnail.url(of: response.picture.image, width: width, policy: .httpsOnly) == feedThumbnail)
    let svg = try RemoteURL(
      checking: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Map.svg", policy: .httpsOnly)
    #expect(
      WikimediaThumbnail.url(of: svg, width: 1920, policy: .httpsOnly)?.text
        == "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Map.svg/1920px-Map.svg.png")
    for refused in [
      "https://upload.wikimedia.org/wikipedia/commons/a/ab/Film.webm",
      "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X.jpg/640px-X.jpg",
      "https://upload.wikimedia.org/wikipedia/commons/a/cd/X.jpg",
      "https://example.org/X.jpg",
    ] {
      #expect(
        WikimediaThumbnail.url(
          of: try RemoteURL(checking: refused, policy: .httpsOnly), width: 960, policy: .httpsOnly) == nil)
    }
  }

  @Test func boundedPicksAStandardWidthWithinTheLimit() throws {
    let body = SourceFixtures.wikimedia("featured-2026-06-24.json")
    let response = try WikimediaResponse.decode(body, day: Self.day, policy: .httpsOnly)
    let original = response.picture.image
    let width = try #require(response.width)
    // A 2560-pixel screen is covered by the 3840 step, narrower than the 7680 original.
    let limit = WikimediaThumbnail.standardWidth(covering: 2560)
    #expect(limit == 3840)
    let bounded = WikimediaThumbnail.bounded(
      original: original, originalWidth: width, maximumWidth: limit, policy: .httpsOnly)
    #expect(bounded == WikimediaThumbnail.url(of: original, width: 3840, policy: .httpsOnly))
    #expect(bounded.text.contains("/thumb/2/25/"))
    // Not a standard width: the widest standard one within it.
    #expect(
      WikimediaThumbnail.bounded(
        original: original, originalWidth: width, maximumWidth: 2000, policy: .httpsOnly)
        == WikimediaThumbnail.url(of: original, width: 1920, policy: .httpsOnly))
    // An original no wider than the limit is taken as it is.
    #expect(
      WikimediaThumbnail.bounded(
        original: original, originalWidth: width, maximumWidth: width, policy: .httpsOnly) == original)
    #expect(WikimediaThumbnail.standardWidth(covering: 10_000) == 3840)
    #expect(WikimediaThumbnail.standardWidth(covering: 1920) == 1920)
  }
}
