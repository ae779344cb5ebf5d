import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// Feeds made to hurt: each costs one `SourceError` or a list of skipped items, and never yields
/// a URL bingwall would not fetch.
@Suite struct PictureFeedHostileTests {
  static let source = PictureFeedTests.source

  /// An RSS 2.0 feed of `items`, with the namespaces feeds of pictures use.
  static func rss(_ items: String...) -> String {
    """
    <?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:flickr="urn:flickr:user" \
    xmlns:creativeCommons="http://backend.userland.com/creativeCommonsRssModule"><channel><title>F</title>
    \(items.joined())</channel></rss>
    """
  }

  static func decode(_ body: String) throws(SourceError) -> FeedReading {
    try PictureFeed.decode(Array(body.utf8), source: source, policy: .httpsOnly)
  }

  static func error(_ body: [UInt8]) -> SourceError? {
    SourceFixtures.error { _ = try PictureFeed.decode(body, source: source, policy: .httpsOnly) }
  }

  @Test func picturesBingwallDoesNotFetchAreSkippedAndCounted() throws {
    let urls = [
      "http://example.org/a.jpg", "file:///etc/passwd.jpg", "javascript:alert(1)//.jpg", "/relative/a.jpg",
      "a.jpg", "data:image/png;base64,AAAA", "https://user@example.org/a.jpg", "https://exa mple.org/a.jpg",
    ]
    let items = urls.map { "<item><title>T</title><enclosure url=\"\($0)\" type=\"image/jpeg\"/></item>" }
    let feed = try Self.decode(
      Self.rss(
        items.joined(), "<item><title>Good</title><media:content url=\"https://e.org/ok.jpg\"/></item>"))
    #expect(feed.pictures.map(\.image.text) == ["https://e.org/ok.jpg"])
    #expect(feed.skipped.map(\.index) == Array(0..<urls.count))
    #expect(
      feed.skipped.allSatisfy {
        if case .refusedURL = $0.reason { return true }
        return false
      })
    #expect(feed.skipped[0].reason == .refusedURL(.plainHTTP(host: "example.org")))
    #expect(feed.skipped[1].reason == .refusedURL(.scheme("file")))
  }

  @Test func aRefusedPictureIsNotReplacedByTheNextShape() throws {
    // The item's own choice is an http picture: skipped, not swapped for its <img>.
    let feed = try Self.decode(
      Self.rss(
        """
        <item><enclosure url="http://e.org/a.jpg" type="image/jpeg"/>
        <description>&lt;img src="https://e.org/thumb.jpg"&gt;</description></item>
        """))
    #expect(feed.pictures.isEmpty)
    #expect(feed.skipped.count == 1)
  }

  @Test func linksAndLicencesThatAreNotHTTPSAreLeftOut() throws {
    let feed = try Self.decode(
      Self.rss(
        """
        <item><title>T</title><link>javascript:alert(1)</link><guid>g</guid>
        <media:license href="file:///etc/passwd">L</media:license><media:content url="https://e.org/a.jpg"/></item>
        """))
    let picture = try #require(feed.pictures.first)
    #expect(picture.link == nil)
    #expect(picture.licenceLink == nil)
    #expect(picture.licence == "L")
  }

  @Test func declaredEntitiesAreRefusedNotExpanded() {
    let laughs = """
      <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\
      <rss><channel><item><title>&d;</title></item></channel></rss>
      """
    guard case .notFeed(Self.source, let detail)? = Self.error(Array(laughs.utf8)) else {
      Issue.record("a feed declaring entities must be refused")
      return
    }
    #expect(detail.contains("declares its own entities"))
  }

  @Test func anExternalEntityIsNeverRead() throws {
    let body = """
      <?xml version="1.0"?><!DOCTYPE rss SYSTEM "file:///etc/passwd">\
      <rss><channel><item><title>&xxe;</title><enclosure url="https://e.org/a.jpg" type="image/jpeg"/></item></channel></rss>
      """
    switch Result(catching: { () throws(SourceError) in try Self.decode(body) }) {
    case .success(let feed):
      // An undeclared reference stays as written: no file was read into it.
      #expect(feed.pictures.first?.title == "&xxe;")
    case .failure(let error):
      guard case .notFeed = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
  }

  @Test func tenThousandItemsAreReadToTheLimitAndCounted() throws {
    let item = "<item><title>T</title><enclosure url=\"https://e.org/a.jpg\" type=\"image/jpeg\"/></item>"
    let feed = try Self.decode(Self.rss(String(repeating: item, count: 10_000)))
    #expect(feed.pictures.count == PictureFeed.maximumItems)
    #expect(feed.unread == 10_000 - PictureFeed.maximumItems)
  }

  @Test func aBodyPastTheLimitIsOneError() {
    let field = String(repeating: "a", count: 10 << 20)
    let body = Array(Self.rss("<item><title>\(field)</title></item>").utf8)
    guard case .notFeed(Self.source, let detail)? = Self.error(body) else {
      Issue.record("a body of 10 MB must be refused")
      return
    }
    #expect(detail.contains("more than \(SourceBody.maximumSize)"))
  }

  @Test func aLongFieldIsCut() throws {
    let field = String(repeating: "word ", count: 250_000)
    let feed = try Self.decode(
      Self.rss(
        "<item><title>\(field)</title><guid>\(field)</guid><dc:creator>\(field)</dc:creator>"
          + "<media:content url=\"https://e.org/a.jpg\"/></item>"))
    let picture = try #require(feed.pictures.first)
    #expect(picture.title.count == StoredText.lineLimit)
    #expect(picture.credit.count == StoredText.lineLimit)
    #expect(picture.id.count <= PictureFeed.maximumIDLength)
  }

  @Test func deepNestingIsOneError() {
    let deep = String(repeating: "<x>", count: 10_000) + String(repeating: "</x>", count: 10_000)
    let body = Self.rss("<item><title>T</title>\(deep)</item>")
    guard case .notFeed(Self.source, _)? = Self.error(Array(body.utf8)) else {
      Issue.record("nesting past the reader's depth must be refused")
      return
    }
  }

  @Test func markupAndControlsNeverReachTheText() throws {
    let feed = try Self.decode(
      Self.rss(
        """
        <item><title><![CDATA[<script>alert(1)</script><b>Bold</b> &#x1b;[31mred&#x202e;txt.exe]]></title>
        <dc:creator>a&#10;b&#x7;c</dc:creator><media:content url="https://e.org/a.jpg"/></item>
        """))
    let picture = try #require(feed.pictures.first)
    #expect(picture.title == "Bold [31mredtxt.exe")
    #expect(picture.credit == "a b c")
  }

  @Test func notAFeed() {
    #expect(Self.error([]) == .notFeed(Self.source, detail: "the body is empty"))
    #expect(
      Self.error(Array("<!DOCTYPE html><html><body>Moved</body></html>".utf8))
        == .notFeed(Self.source, detail: "it is an HTML page"))
    guard case .notFeed(Self.source, let detail)? = Self.error(Array("<opml><body/></opml>".utf8)) else {
      Issue.record("a document that is no feed must be refused")
      return
    }
    #expect(detail.contains("not <rss> or <feed>"))
    #expect(Self.error(Array("<rss><title/></rss>".utf8)) == .missingField(Self.source, path: "rss.channel"))
  }

  @Test func thePackageEntryPointSaysTheSameInASourceFailure() {
    do {
      _ = try PictureFeed.read(Array("<html></html>".utf8), source: Self.source, policy: .httpsOnly)
      Issue.record("an HTML page must be refused")
    } catch {
      #expect(error.description == SourceError.notFeed(Self.source, detail: "it is an HTML page").description)
      #expect(!error.isTemporary)
    }
  }
}
