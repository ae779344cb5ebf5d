import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// A feed of pictures read from the bodies servers sent, one of each shape: Media RSS (the
/// Guardian), an RSS 2.0 image enclosure (il Messaggero), Atom enclosure links (Flickr), and a
/// picture only in the entry's HTML (Reddit).
@Suite struct PictureFeedTests {
  static let source = Source(SourceKind(word: "feed"), named: "test")!

  static func read(_ name: String) throws -> FeedReading {
    let body = Array(Fixtures.text("feeds/picture-feeds/\(name)").utf8)
    return try PictureFeed.decode(body, source: source, policy: .httpsOnly)
  }

  @Test func mediaRSSOffersTheWidestContentNewestFirstWithItsPhotoCredit() throws {
    let feed = try Self.read("guardian-media-rss.xml")
    #expect(feed.skipped.isEmpty)
    #expect(feed.unread == 0)
    // The feed lists them oldest first (07:26, 15:46, 20:00 GMT).
    #expect(
      feed.pictures.map(\.title) == [
        "FBI has 'grave concerns' about Trump plan to release controversial memo",
        "So, how did conservatives like the State of the Union?",
        "Trump State of the Union address promised unity but emphasized discord",
      ])
    #expect(
      feed.pictures.map(\.credit) == [
        "Photograph: Alex Wong/Getty Images", "Photograph: POOL/Reuters",
        "Photograph: Networ/Sipa USA/REX/Shutterstock",
      ])
    let newest = try #require(feed.pictures.first)
    #expect(
      newest.image.text
        == "https://i.guim.co.uk/img/media/260e41228fa22c34e9244404e74e50c2540b617f/0_0_3000_1800/master/3000.jpg?w=460&q=55&auto=format&usm=12&fit=max&s=5078af7fd29fc376b42e84fa6b755ad6"
    )
    #expect(newest.width == 460)
    #expect(newest.height == nil)
    #expect(
      newest.id == "https://www.theguardian.com/us-news/2018/jan/31/fbi-nunes-memo-release-donald-trump")
    #expect(
      newest.link?.text
        == "https://www.theguardian.com/us-news/2018/jan/31/fbi-nunes-memo-release-donald-trump")
    #expect(newest.date?.day == CalendarDate(year: 2018, month: 1, day: 31))
    #expect(newest.date?.instant == Date(timeIntervalSince1970: 1_517_428_801))
    #expect(newest.licence == "")
  }

  @Test func rssEnclosureGivesItsPictureAndAnItalianDate() throws {
    let feed = try Self.read("ilmessaggero-rss-enclosure.xml")
    let picture = try #require(feed.pictures.first)
    #expect(feed.pictures.count == 1)
    #expect(
      picture.image.text
        == "https://www.ilmessaggero.it/photos/MED/48/69/7054869_16003922_missili_polonia_1_.jpg")
    #expect(
      picture.title == "Missili Polonia, cosa è successo? Tensione Nato-Russia, Mosca: non siamo stati noi")
    #expect(
      picture.id == "https://www.ilmessaggero.it/mondo/missili_polonia_cosa_e_successo_davvero-7054869.html")
    #expect(picture.link?.text == picture.id)
    #expect(picture.credit == "")
    // "mer, 16 nov 2022 00:38:15 +0100": the day as written, the instant in UTC.
    #expect(picture.date?.day == CalendarDate(year: 2022, month: 11, day: 16))
    #expect(picture.date?.instant == Date(timeIntervalSince1970: 1_668_555_495))
  }

  @Test func atomEnclosureLinkGivesTheLargePictureNotTheThumbnail() throws {
    let feed = try Self.read("flickr-public-atom.xml")
    let picture = try #require(feed.pictures.first)
    #expect(feed.pictures.count == 1)
    #expect(picture.image.text == "https://farm1.staticflickr.com/837/28237666257_8429c614c2_b.jpg")
    #expect(picture.title == "DSC_5798")
    #expect(picture.credit == "tatrozenfeld@yahoo.co.il")
    #expect(picture.id == "tag:flickr.com,2005:/photo/28237666257")
    #expect(picture.link?.text == "https://www.flickr.com/photos/125296602@N06/28237666257/")
    #expect(picture.date?.instant == Date(timeIntervalSince1970: 1_530_359_254))
  }

  @Test func redditEntryGivesTheLinkedPictureAndSkipsTextPosts() throws {
    let feed = try Self.read("reddit-homelab-atom.xml")
    #expect(
      feed.skipped == [SkippedItem(index: 0, reason: .noPicture), SkippedItem(index: 1, reason: .noPicture)])
    let picture = try #require(feed.pictures.first)
    #expect(feed.pictures.count == 1)
    #expect(picture.title == "Cleaned up the Lack Rack")
    #expect(picture.credit == "/u/midmoto")
    #expect(picture.id == "t3_157bhrw")
    #expect(
      picture.link?.text == "https://ud.reddit.com/r/homelab/comments/157bhrw/cleaned_up_the_lack_rack/")
    // The linked full-size picture, not the thumbnail the entry's <img> shows.
    #expect(
      picture.image.text
        == "https://preview.redd.it/p6u83lwq0pdb1.jpg?width=3024&format=pjpg&auto=webp&s=f62cd5bca8f3fd6ac0737fc25ced7bc3167794f7"
    )
  }

  @Test func theFirstImgIsThePictureWhenNothingLinksOne() throws {
    let body = PictureFeedHostileTests.rss(
      """
      <item><title>Flickr &amp; co</title><link>https://www.flickr.com/photos/a/1/</link>
      <description>&lt;p&gt;&lt;a href="https://www.flickr.com/photos/a/1/"&gt;&lt;img src="https://live.staticflickr.com/1/1_m.jpg" width="240" height="180"&gt;&lt;/a&gt;&lt;/p&gt;</description>
      <author flickr:profile="https://www.flickr.com/people/a/">nobody@flickr.com ("Ansel A.")</author></item>
      """)
    let picture = try #require(
      try PictureFeed.decode(Array(body.utf8), source: Self.source, policy: .httpsOnly).pictures.first)
    #expect(picture.image.text == "https://live.staticflickr.com/1/1_m.jpg")
    #expect(picture.width == 240 && picture.height == 180)
    #expect(picture.title == "Flickr & co")
    #expect(picture.credit == "Ansel A.")
    // No guid: the link is the id.
    #expect(picture.id == "https://www.flickr.com/photos/a/1/")
  }

  @Test func shapesAreTriedInOrderAndOnlyImagesCount() throws {
    let body = PictureFeedHostileTests.rss(
      """
      <item><guid>both</guid><enclosure url="https://e.org/enclosure.jpg" type="image/jpeg"/>
      <media:group><media:content url="https://e.org/small.jpg" medium="image" fileSize="10"/>
      <media:content url="https://e.org/large.jpg" type="image/jpeg" fileSize="900"/>
      <media:content url="https://e.org/clip.mp4" type="video/mp4" fileSize="99999"/></media:group></item>
      """,
      """
      <item><guid>video</guid><media:content url="https://e.org/film.mp4" width="4000"/>
      <media:content url="https://e.org/no-extension" width="5000"/>
      <enclosure url="https://e.org/song.mp3" type="audio/mpeg"/><enclosure url="https://e.org/cover.png" type="image/png"/></item>
      """)
    let feed = try PictureFeed.decode(Array(body.utf8), source: Self.source, policy: .httpsOnly)
    #expect(feed.pictures.map(\.image.text) == ["https://e.org/large.jpg", "https://e.org/cover.png"])
  }

  @Test func atomNamesInAnyPrefixAndLicencesInEveryForm() throws {
    let body = """
      <?xml version="1.0"?><a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:m="http://search.yahoo.com/mrss/">
      <a:author><a:name>Feed Author</a:name></a:author>
      <a:entry><a:id>urn:1</a:id><a:title type="html">Fog &lt;b&gt;over&lt;/b&gt; hills</a:title>
      <a:updated>2026-06-02T10:00:00Z</a:updated><a:published>2026-06-01T23:30:00-02:00</a:published>
      <a:link rel="alternate" href="https://e.org/1"/><a:link rel="license" href="http://creativecommons.org/licenses/by-sa/2.0/"/>
      <a:link rel="enclosure" type="image/webp" href="https://e.org/1.webp" length="5"/></a:entry>
      <a:entry><a:id>urn:2</a:id><a:author><a:name>Ann</a:name></a:author><a:rights>© Ann, all rights reserved</a:rights>
      <m:content url="https://e.org/2.jpg" medium="image" width="3000" height="2000"><m:license href="https://e.org/terms">Ann's terms</m:license></m:content></a:entry>
      </a:feed>
      """
    let feed = try PictureFeed.decode(Array(body.utf8), source: Self.source, policy: .httpsOnly)
    #expect(feed.pictures.map(\.id) == ["urn:1", "urn:2"])
    let first = feed.pictures[0]
    #expect(first.title == "Fog over hills")
    #expect(first.credit == "Feed Author")
    #expect(first.licence == "CC BY-SA 2.0")
    #expect(first.licenceLink?.text == "https://creativecommons.org/licenses/by-sa/2.0/")
    // Published wins over updated; the day as written, not UTC's.
    #expect(first.date?.day == CalendarDate(year: 2026, month: 6, day: 1))
    let second = feed.pictures[1]
    #expect(second.credit == "Ann")
    #expect(second.licence == "Ann's terms")
    #expect(second.licenceLink?.text == "https://e.org/terms")
    #expect(second.width == 3000 && second.height == 2000)
    #expect(second.date == nil)
  }

  @Test func rss1AndCreativeCommonsModules() throws {
    let body = """
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
        xmlns:cc="http://web.resource.org/cc/" xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:enc="http://purl.oclc.org/net/rss_2.0/enc#"><channel rdf:about="x"><title>T</title></channel>
      <item rdf:about="https://e.org/a"><title>A</title><link>https://e.org/a</link><dc:creator>Dee</dc:creator>
      <dc:date>2026-05-01</dc:date><cc:license rdf:resource="https://creativecommons.org/publicdomain/zero/1.0/"/>
      <description>&lt;img src="https://e.org/a.png"&gt;</description></item></rdf:RDF>
      """
    let picture = try #require(
      try PictureFeed.decode(Array(body.utf8), source: Self.source, policy: .httpsOnly).pictures.first)
    #expect(picture.image.text == "https://e.org/a.png")
    #expect(picture.credit == "Dee")
    #expect(picture.licence == "CC0 1.0")
    #expect(picture.date?.day == CalendarDate(year: 2026, month: 5, day: 1))
    let rss2 = PictureFeedHostileTests.rss(
      """
      <item><title>B</title><dc:rights>Public domain</dc:rights>
      <creativeCommons:license>http://creativecommons.org/licenses/by/4.0/</creativeCommons:license>
      <enclosure url="https://e.org/b.jpg" type="image/jpeg"/></item>
      """)
    let second = try #require(
      try PictureFeed.decode(Array(rss2.utf8), source: Self.source, policy: .httpsOnly).pictures.first)
    #expect(second.licence == "Public domain")
    #expect(second.licenceLink?.text == "https://creativecommons.org/licenses/by/4.0/")
    // No guid, no link: the picture's URL is the id.
    #expect(second.id == "https://e.org/b.jpg")
  }

  @Test(arguments: [
    ("Mon, 15 Jun 2026 08:30:00 +0200", 2026, 6, 15, 1_781_505_000),
    ("15 Jun 2026 06:30 GMT", 2026, 6, 15, 1_781_505_000),
    ("Mon, 15 Jun 26 02:30:00 EDT", 2026, 6, 15, 1_781_505_000),
    ("2026-06-15T08:30:00+02:00", 2026, 6, 15, 1_781_505_000),
    ("2026-06-15T06:30:00.250Z", 2026, 6, 15, 1_781_505_000),
    ("2026-06-14T23:30:00-07:00", 2026, 6, 14, 1_781_505_000),
  ])
  func feedDates(text: String, year: Int, month: Int, day: Int, seconds: Int) throws {
    let date = try #require(FeedDate(text))
    #expect(date.day == CalendarDate(year: year, month: month, day: day))
    #expect(date.instant == Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  @Test(arguments: [
    "", "yesterday", "2026-13-01", "2026-06-15T25:00:00Z", "Mon, 31 Feb 2026 00:00:00 GMT",
    "Mon, 15 Jun 2026 08:30:00 +02:00 extra words here and more",
  ])
  func notFeedDates(text: String) {
    #expect(FeedDate(text) == nil)
  }
}
