import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// The RSS feeds: Earth Observatory's (hand-made, in both feeds' shapes) and Commons' picture
/// of the day (real), each item read for its picture, its day and its words.
@Suite struct FeedResponseTests {
  static func feed(_ name: String) -> [UInt8] { Array(Fixtures.text("feeds/\(name)").utf8) }

  static func earthObservatory(_ body: String) -> SourceError? {
    SourceFixtures.error { _ = try EarthObservatoryFeed.decode(Array(body.utf8), policy: .httpsOnly) }
  }

  /// A feed of `items`, in the shape of both EO feeds.
  static func rss(_ items: String...) -> String {
    """
    <?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>EO</title>
    \(items.joined())</channel></rss>
    """
  }

  @Test func earthObservatoryNewFeedOffersItsNewestItemsWidestMediaContent() throws {
    let picture = try EarthObservatoryFeed.decode(
      Self.feed("earth_observatory-iotd-handmade.xml"), policy: .httpsOnly)
    #expect(picture.id == PictureID(source: .earthObservatory, key: "autumn-colours-along-the-lakes"))
    #expect(picture.date == CalendarDate(year: 2026, month: 10, day: 2))
    #expect(
      picture.image.text
        == "https://assets.science.nasa.gov/content/dam/science/esd/eo/images/iotd/2026/autumn-lakes.jpg")
    #expect(picture.words.title == "Autumn Colours Along the Lakes & Rivers")
    #expect(
      picture.description
        == "Forests turn red and gold around a chain of lakes, seen by a satellite\u{2019}s camera.")
    #expect(picture.words.credit == "NASA Earth Observatory")
    #expect(picture.licence == "public domain (NASA)")
    #expect(
      picture.page?.text == "https://science.nasa.gov/earth/earth-observatory/autumn-colours-along-the-lakes/"
    )
  }

  @Test func earthObservatoryOldFeedMakesTheThumbnailFullSize() throws {
    let picture = try EarthObservatoryFeed.decode(
      Self.feed("earth_observatory-old-iotd-handmade.xml"), policy: .httpsOnly)
    #expect(picture.id.key == "160002-ice-floes-in-a-northern-bay")
    // pubDate -0400: the day as written.
    #expect(picture.date == CalendarDate(year: 2026, month: 10, day: 2))
    #expect(
      picture.image.text
        == "https://eoimages.gsfc.nasa.gov/images/imagerecords/160000/160002/bay_floes_lrg.jpg")
    #expect(picture.words.title == "Ice Floes in a Northern Bay")
    #expect(picture.description == "Sea ice breaks up into floes as spring arrives in a northern bay.")
  }

  @Test func earthObservatoryPictureFromEnclosureThenContentImage() throws {
    let enclosure = Self.rss(
      """
      <item><title>E</title><link>https://science.nasa.gov/earth/e/</link><pubDate>Thu, 01 Oct 2026 04:00:00 +0000</pubDate>
      <enclosure url="https://example.org/e.mp4" type="video/mp4"/><enclosure url="https://example.org/e.jpg" type="image/jpeg"/></item>
      """)
    #expect(
      try EarthObservatoryFeed.decode(Array(enclosure.utf8), policy: .httpsOnly).image.text
        == "https://example.org/e.jpg")
    let content = Self.rss(
      """
      <item><title>C</title><link>https://science.nasa.gov/earth/c/</link>
      <content:encoded><![CDATA[<p>text <IMG alt="x" SRC='https://example.org/c.jpg?w=1&amp;h=2'> <img src="https://example.org/second.jpg"></p>]]></content:encoded></item>
      """)
    let picture = try EarthObservatoryFeed.decode(Array(content.utf8), policy: .httpsOnly)
    #expect(picture.image.text == "https://example.org/c.jpg?w=1&h=2")
    // No pubDate: no day; the caller records the day it fetched the picture.
    #expect(picture.date == nil)
  }

  @Test func earthObservatoryNewestByDayNotByPlace() throws {
    let body = Self.rss(
      """
      <item><title>Old</title><link>https://e.org/images/1/old</link><pubDate>Tue, 29 Sep 2026 00:00:00 GMT</pubDate>
      <media:content url="https://e.org/old.jpg"/></item>
      """,
      """
      <item><title>New</title><link>https://e.org/images/2/new</link><pubDate>Fri, 02 Oct 2026 00:00:00 GMT</pubDate>
      <media:content url="https://e.org/new.jpg"/></item>
      """)
    #expect(try EarthObservatoryFeed.decode(Array(body.utf8), policy: .httpsOnly).id.key == "2-new")
  }

  @Test func earthObservatoryRefusals() {
    #expect(Self.earthObservatory("") == .notFeed(.earthObservatory, detail: "the body is empty"))
    #expect(
      Self.earthObservatory("<!DOCTYPE html><html><body><p>Moved<br></body></html>")
        == .notFeed(.earthObservatory, detail: "it is an HTML page"))
    #expect(
      Self.earthObservatory(#"{"items":[]}"#)?.description.hasPrefix(
        "NASA Earth Observatory's answer is not an RSS feed") == true)
    #expect(Self.earthObservatory(Self.rss()) == .noPicture(.earthObservatory, .noItems))
    #expect(
      Self.earthObservatory("<rss><title/></rss>") == .missingField(.earthObservatory, path: "rss.channel"))
    // Entities the document declares are never expanded.
    let laughs = #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaa">]><rss><channel>&a;</channel></rss>"#
    guard case .notFeed(.earthObservatory, let detail)? = Self.earthObservatory(laughs) else {
      Issue.record("a feed declaring entities must be refused")
      return
    }
    #expect(detail.contains("declares its own entities"))
  }

  @Test func earthObservatoryHostilePictureURLsAreRefusedByName() {
    for url in ["file:///etc/passwd", "javascript:alert(1)", "http://example.org/a.jpg", "/relative/a.jpg"] {
      let body = Self.rss(
        "<item><title>T</title><link>https://e.org/images/1/t</link><media:content url=\"\(url)\"/></item>")
      guard case .noPicture(.earthObservatory, .noPhotograph(0, let unusable))? = Self.earthObservatory(body),
        case .badURL(.earthObservatory, let path, _)? = unusable.first
      else {
        Issue.record("\(url) must be refused")
        continue
      }
      #expect(path == "rss.channel.item[0].media:content.url")
    }
  }

  @Test func earthObservatoryKeysAreSafeSingleWords() throws {
    func key(_ link: String) throws -> String? {
      EarthObservatoryFeed.key(ofLink: try RemoteURL(checking: link, policy: .httpsOnly))
    }
    #expect(
      try key("https://e.org/images/154195/istanbul-a-turkish-delight") == "154195-istanbul-a-turkish-delight"
    )
    #expect(try key("https://e.org/earth/a%20b%2F..%2Fc/?x=1#y") == "ab..c")
    #expect(try key("https://e.org/../..") == nil)
    #expect(try key("https://e.org") == nil)
    let long = try #require(try key("https://e.org/" + String(repeating: "a", count: 500)))
    #expect(long.count == EarthObservatoryFeed.maximumKeyLength)
  }

  @Test func pubDates() {
    #expect(
      RSSFeed.day(ofPubDate: "Mon, 15 Jun 2026 00:00:00 GMT") == CalendarDate(year: 2026, month: 6, day: 15))
    #expect(
      RSSFeed.day(ofPubDate: "2 Oct 2026 23:59:59 -0400") == CalendarDate(year: 2026, month: 10, day: 2))
    #expect(RSSFeed.day(ofPubDate: "Mon, 31 Feb 2026 00:00:00 GMT") == nil)
    #expect(RSSFeed.day(ofPubDate: "2026-10-02") == nil)
    #expect(RSSFeed.day(ofPubDate: "") == nil)
  }

  @Test func commonsFeedOffersTheNewestDay() throws {
    let body = Self.feed("wikimedia_commons-potd-rss-2026-06-24.xml")
    let (picture, width) = try WikimediaFeed.decode(body, policy: .httpsOnly)
    // The same title as the featured feed gives the same picture, so both name it alike.
    let featured = try WikimediaResponse.decode(
      SourceFixtures.wikimedia("featured-2026-06-24.json"), day: CalendarDate(year: 2026, month: 6, day: 24)!,
      policy: .httpsOnly)
    #expect(picture.id == featured.picture.id)
    #expect(picture.date == CalendarDate(year: 2026, month: 6, day: 24))
    #expect(picture.image == featured.picture.image)
    #expect(width == featured.width)
    #expect(
      picture.words.caption.hasPrefix("The Small Sagittarius Star Cloud (Messier 24) is a dust-free window"))
    #expect(picture.words.caption.hasSuffix("can be seen all night from most of the world."))
    #expect(!picture.words.caption.contains("<"))
    // A paragraph of a caption is no title: the file's name is, as the featured feed gives it.
    #expect(picture.words.title == "Messier 24 (infrared, red, green)")
    #expect(picture.words.title == featured.picture.words.title)
    #expect(picture.words.credit == "")
    // The feed states no licence (and an empty dc:creator): the file page does.
    #expect(picture.licence == "stated on the file page")
    #expect(
      picture.page?.text == "https://commons.wikimedia.org/wiki/File:Messier_24_(infrared,_red,_green).jpg")
    #expect(picture.licenceLink == picture.page)
  }

  @Test func commonsFeedTitlesAreShortCaptionsOrFileNames() throws {
    let text = Fixtures.text("feeds/wikimedia_commons-potd-rss-2026-06-24.xml")
    let items = text.components(separatedBy: "<item>").dropFirst().map {
      $0.components(separatedBy: "</item>")[0]
    }
    let titles = try items.map { item in
      let body = "<rss><channel><item>\(item)</item></channel></rss>"
      return try WikimediaFeed.decode(Array(body.utf8), policy: .httpsOnly).picture.words.title
    }
    // Every day of the real feed, June 15-24: a one-sentence caption, else the file's name.
    #expect(
      titles == [
        "Mountain gorilla (Gorilla beringei beringei), Bwindi Impenetrable National Park, Uganda",
        "Kirchberg an der Jagst - Altstadt - Ansicht von NO mit Jagstbrücke (1)",
        "Oregon ANG pilot preparing F-15 flight at Nellis - Weapons Instructor Course",
        "Red-headed weaver (Anaplectes rubriceps leuconotus) male",
        "Schönwald im Schwarzwald, Escheckstraße -- 2025 -- 0147",
        "Geranium sanguineum, 27-06-2024. (actm.)",
        "Fields TR Bazar NH-181 Nilgiris Aug25 A7CR 07388-HDR",
        "Chrysomma sinense (Yellow-eyed Babbler) in Bhigwan, Maharashtra, India",
        "A group of Dorcas gazelle at dusk in Morocco",
        "Messier 24 (infrared, red, green)",
      ])
  }

  @Test func commonsFeedCreatorIsTheCredit() throws {
    let text = Fixtures.text("feeds/wikimedia_commons-potd-rss-2026-06-24.xml")
    let last = text.components(separatedBy: "<item>").last!.components(separatedBy: "</item>")[0]
      .replacingOccurrences(of: "<dc:creator></dc:creator>", with: "<dc:creator>Jane Example</dc:creator>")
    let body =
      #"<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item>"# + last + "</item></channel></rss>"
    let picture = try WikimediaFeed.decode(Array(body.utf8), policy: .httpsOnly).picture
    #expect(picture.words.credit == "Jane Example")
    #expect(picture.words.copyright == "Jane Example")
  }

  @Test func commonsFeedDecodesAPercentEncodedTitle() throws {
    let text = Fixtures.text("feeds/wikimedia_commons-potd-rss-2026-06-24.xml")
    // Only the first item (June 15): its file name is percent-encoded in the link.
    let first = text.components(separatedBy: "<item>")[1].components(separatedBy: "</item>")[0]
    let body = "<rss><channel><item>\(first)</item></channel></rss>"
    let (picture, width) = try WikimediaFeed.decode(Array(body.utf8), policy: .httpsOnly)
    // Kept as Commons' own file URLs write it (`SourceKey`): the ñ and the brackets escaped.
    #expect(
      picture.id.key
        == "File:Gorila_de_monta%C3%B1a_%28Gorilla_beringei_beringei%29,_parque_nacional_de_la_Selva_Impenetrable_de_Bwindi,_Uganda,_2024-02-02,_DD_80.jpg"
    )
    #expect(width == 7301)
    #expect(
      picture.image.text.hasPrefix(
        "https://upload.wikimedia.org/wikipedia/commons/e/ec/Gorila_de_monta%C3%B1a"))
    #expect(!picture.image.text.contains("/thumb/"))
  }

  @Test func commonsFeedItemsWithoutAFileAreRefused() {
    func error(_ description: String) -> SourceError? {
      let escaped = description.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
        of: "<", with: "&lt;")
      let body =
        "<rss><channel><item><pubDate>Wed, 24 Jun 2026 00:00:00 GMT</pubDate><description>\(escaped)</description></item></channel></rss>"
      return SourceFixtures.error { _ = try WikimediaFeed.decode(Array(body.utf8), policy: .httpsOnly) }
    }
    #expect(
      error("<p>No picture today</p>")
        == .missingField(.wikimedia, path: "rss.channel.item[0].description a.href"))
    #expect(
      error(#"<a href="/wiki/File:A.jpg"></a>"#)
        == .missingField(.wikimedia, path: "rss.channel.item[0].description img.src"))
    guard
      case .badURL(.wikimedia, _, .scheme("javascript"))? = error(
        #"<a href="/wiki/File:A.jpg"><img src="javascript:alert(1)"></a>"#)
    else {
      Issue.record("a javascript: picture must be refused")
      return
    }
    #expect(
      error(#"<a href="/wiki/File:A%0Ab.jpg"><img src="https://e.org/a.jpg"></a>"#)
        == .wrongType(
          .wikimedia, path: "rss.channel.item[0].description a.href", expected: "a file title",
          found: "text that is not one"))
  }

  @Test func htmlTagsReadAttributesAndInnerHTML() {
    let html = HTMLTags(
      #"<!-- <img src="no"> --><div class="x description en"><div>in</div> <b>&amp;</b></div><img src=a&amp;b alt='q"'><a href>"#
    )
    #expect(html.starts("img").map(\.attributes) == [["src": "a&b", "alt": "q\""]])
    #expect(html.starts("a").first?.attributes == ["href": ""])
    let div = html.starts("div")[0]
    #expect(html.inner(div) == "<div>in</div> <b>&amp;</b>")
    // A tag never closed ends the fragment; a `<` that opens no tag is text.
    #expect(HTMLTags("a < b <img src='x").starts("img").first?.attributes == ["src": "x"])
  }

  @Test func htmlTagsAreBounded() {
    let many = HTMLTags(String(repeating: "<b>", count: HTMLTags.maximumTags * 2))
    #expect(many.tags.count == HTMLTags.maximumTags)
    let attributes = (0..<200).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
    let one = HTMLTags("<img \(attributes)>")
    #expect(one.starts("img").first?.attributes.count == HTMLTags.maximumAttributes)
    // A quote never closed ends the fragment without reading past it.
    #expect(HTMLTags("<img src=\"x").starts("img").first?.attributes == ["src": "x"])
  }
}

/// The feeds read at the test clock's start (2026-11-30), when every fixture's day is plausible:
/// the picture chosen, as the tests above expect it.
extension EarthObservatoryFeed {
  static func decode(_ body: [UInt8], policy: RemoteURL.Policy, limit: WorkLimit = .none) throws(SourceError)
    -> SourcePicture
  {
    let feed = try decode(body, policy: policy, at: TestClock.start, limit: limit)
    guard let picture = feed.picture else { throw .noPicture(.earthObservatory, .noItems) }
    return picture
  }
}

extension WikimediaFeed {
  static func decode(_ body: [UInt8], policy: RemoteURL.Policy, limit: WorkLimit = .none) throws(SourceError)
    -> (picture: SourcePicture, width: Int?)
  {
    let feed = try decode(body, policy: policy, at: TestClock.start, limit: limit)
    guard let chosen = feed.picture else { throw .noPicture(.wikimedia, .noItems) }
    return chosen
  }
}
