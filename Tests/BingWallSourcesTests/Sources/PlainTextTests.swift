import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallSources

/// HTML fragments from APOD's JSON made into one line of plain text.
@Suite struct PlainTextTests {
  @Test(arguments: [
    (
      #"<b> Image Credit: </b> <a href="http://www.nasa.gov/" target="_blank">NASA</a> , SSI"#,
      "Image Credit: NASA , SSI"
    ),
    ("Today&#8217;s &amp; tomorrow&#x2019;s &lt;b&gt;", "Today\u{2019}s & tomorrow\u{2019}s <b>"),
    ("a &bogus; b & c &#; &#xZZ; &", "a &bogus; b & c &#; &#xZZ; &"),
    (
      "nul &#0; and past &#x110000; and surrogate &#xD800;",
      "nul \u{FFFD} and past \u{FFFD} and surrogate \u{FFFD}"
    ),
    ("<script>alert('x')</script>safe<STYLE>p{}</style> text", "safe text"),
    ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
    ("line<br>break</p><p>para", "line break para"),
    ("bell\u{07} escape\u{1B}[31m red\r\n next", "bell escape [31m red next"),
    ("right\u{202E}to left", "rightto left"),
    ("never closed <a href='x", "never closed"),
    ("<!-- a comment -->kept", "kept"),
  ])
  func fromHTML(_ html: String, _ text: String) {
    #expect(PlainText.fromHTML(html) == text)
  }

  @Test func firstParagraphStopsAtTheFirstBreak() {
    let html =
      "<strong>Explanation:</strong> Über die <a href=\"x\">Sonne</a>.<BR /><br><b> Retrospective: </b>"
    #expect(PlainText.firstParagraph(ofHTML: html) == "Explanation: Über die Sonne.")
    #expect(PlainText.firstParagraph(ofHTML: "no break <b>here</b>") == "no break here")
  }

  /// Work is linear: a megabyte of unclosed tags and ampersands is read at once.
  @Test func largeHostileInputIsBounded() {
    let hostile = String(repeating: "<a &amp &#99999999999 ", count: 50_000)
    #expect(PlainText.fromHTML(hostile) == "")
    let ampersands = String(repeating: "&", count: 1_000_000)
    #expect(PlainText.fromHTML(ampersands).count == 1_000_000)
  }
}
