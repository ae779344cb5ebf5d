import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// The feed reader: a real Commons feed read whole, XML's own escapes, and bodies that must
/// fail at once: declared entities, deep nesting, too many elements, mismatched or cut tags.
@Suite struct XMLParserTests {
  func parse(_ text: String) throws(XMLParser.SyntaxError) -> XMLElement {
    try XMLParser.parse(Array(text.utf8))
  }

  func failure(_ text: String) -> XMLParser.SyntaxError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsTheCommonsFeedItemByItem() throws {
    let body = try Fixtures.data("feeds/wikimedia_commons-potd-rss-2026-06-24.xml")
    let rss = try XMLParser.parse([UInt8](body))
    #expect(rss.name == "rss")
    #expect(rss.attributes["version"] == "2.0")
    let channel = try #require(rss.child("channel"))
    #expect(channel.text(of: "title") == "Wikimedia Commons picture of the day feed")
    let items = channel.children("item")
    #expect(items.count == 10)
    let first = try #require(items.first)
    #expect(first.text(of: "title") == "Wikimedia Commons picture of the day for June 15")
    #expect(first.text(of: "pubDate") == "Mon, 15 Jun 2026 00:00:00 GMT")
    #expect(first.child("guid")?.attributes["isPermaLink"] == "false")
    #expect(first.text(of: "dc:creator") == "")
    // The description is HTML escaped once in the XML: read, it is the HTML itself.
    let html = try #require(first.text(of: "description"))
    #expect(html.hasPrefix("<div class=\"mw-content-ltr mw-parser-output\" lang=\"en\" dir=\"ltr\">"))
    #expect(html.contains("data-file-width=\"7301\""))
    #expect(html.contains("Mountain gorilla (<i>Gorilla beringei beringei</i>), Bwindi"))
    #expect(items.last?.text(of: "pubDate") == "Wed, 24 Jun 2026 00:00:00 GMT")
  }

  @Test func decodesXMLsEscapesAndKeepsEverythingElseAsWritten() throws {
    let item = try parse(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment --><!DOCTYPE rss>
      <item a='1 &amp; 2' b="&#x4E2D;&#25991;">A &lt;b&gt; &quot;&apos; &nbsp; &#0; &#xD800; \
      <![CDATA[<kept> & raw]]><media:content url="https://x/a.jpg" medium="image"/></item>
      """)
    #expect(item.name == "item")
    #expect(item.attributes == ["a": "1 & 2", "b": "中文"])
    #expect(item.text == "A <b> \"' &nbsp; \u{FFFD} \u{FFFD} <kept> & raw")
    #expect(item.child("media:content")?.attributes["url"] == "https://x/a.jpg")
  }

  @Test func aDocumentThatDeclaresEntitiesIsRefusedUnexpanded() {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
      <lolz>&lol2;</lolz>
      """
    #expect(failure(laughs)?.message.contains("declares its own entities") == true)
  }

  @Test func nestingAndElementCountAreBounded() {
    let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
    #expect(failure(deep)?.message == "nested deeper than 32 levels")
    let many = "<a>" + String(repeating: "<b/>", count: XMLParser.maximumElements) + "</a>"
    #expect(failure(many)?.message == "more than 100000 elements")
  }

  @Test(arguments: [
    ("<a><b></a>", "</a> closes <b>", false),
    ("<a></a><b/>", "a second document element", false),
    ("text", "expected an element, found text", false),
    ("<a></a> tail", "text after the document's element", false),
    ("<a x=1/>", "expected a quoted value for x", false),
    ("<a><b>", "", true),
    ("<a x=\"1", "", true),
    ("<a><![CDATA[open", "", true),
    ("", "", true),
  ])
  func aBrokenDocumentSaysWhatAndWhere(body: String, message: String, truncated: Bool) throws {
    let error = try #require(failure(body))
    #expect(error.isTruncated == truncated)
    #expect(error.message == message)
    #expect(error.offset <= body.utf8.count)
  }
}
