import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// The gallery's pieces: escaping, URLs, and the one query that must list what `list` lists.
@Suite struct GalleryPageTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("\"><img onerror=x>", "&quot;&gt;&lt;img onerror=x&gt;"),
    ("Tom & Jerry's", "Tom &amp; Jerry&#39;s"),
    ("&amp; stays visible", "&amp;amp; stays visible"),
    ("Vatnajökull 冰川 ★", "Vatnajökull 冰川 ★"),
    ("bell\u{07}nul\u{00}del\u{7F}", "bell nul del "),
    ("tab\tand\nline", "tab\tand\nline"),
  ])
  func htmlTextEscapesMarkupAndDropsControls(_ text: String, _ expected: String) {
    #expect(HTMLText.escaped(text) == expected)
  }

  @Test(arguments: [
    (
      "/home/me/.local/share/bingwall/images/2026-12-01_Lake_UHD.jpg",
      "file:///home/me/.local/share/bingwall/images/2026-12-01_Lake_UHD.jpg"
    ),
    ("/home/my pics/#1?%.jpg", "file:///home/my%20pics/%231%3F%25.jpg"),
    ("/tmp/\"quote'<x>&.jpg", "file:///tmp/%22quote%27%3Cx%3E%26.jpg"),
    ("/tmp/Bilder/Köln.jpg", "file:///tmp/Bilder/K%C3%B6ln.jpg"),
  ])
  func fileURLsPercentEncodeEverythingButSafeCharacters(_ path: String, _ expected: String) {
    #expect(PageURL.file(path) == expected)
  }

  @Test(
    arguments: [
      ("https://www.bing.com/search?q=Lake", "https://www.bing.com/search?q=Lake"),
      ("HTTP://example.com/", "HTTP://example.com/"),
      ("javascript:alert(1)", nil),
      ("JavaScript:alert(1)", nil),
      ("data:text/html,<script>alert(1)</script>", nil),
      ("/search?q=relative", nil),
      ("https://", nil),
      ("https://bing.com/a b", nil),
      ("https://bing.com/\u{01}", nil),
      ("", nil),
    ] as [(String, String?)])
  func onlyAbsoluteWebLinksAreLinks(_ link: String, _ expected: String?) {
    #expect(PageURL.web(link) == expected)
  }

  /// The one query gives what the per-picture path gives, in the same order: ties on a date, a
  /// picture in several markets, a superseded appearance, a picture applied twice.
  @Test func theGalleryQueryListsWhatListLists() throws {
    try withTemporaryDirectory { folder in
      let store = try HistoryStore(path: folder.file("history.db"))
      try GalleryHistory.add(store, key: "OHR.A", date: "2026-11-01", title: "A", link: "")
      try GalleryHistory.add(store, key: "OHR.B", date: "2026-11-03", title: "B", link: "", market: "de-DE")
      try GalleryHistory.add(store, key: "OHR.C", date: "2026-11-03", title: "C", link: "")
      try GalleryHistory.add(store, key: "OHR.D", date: "2026-11-02", title: "D", link: "", market: "ja-JP")
      // A shown again later in two more markets; D's ja-JP day taken over by E.
      let a = try #require(try store.picture(key: "OHR.A"))
      let now = Date(timeIntervalSince1970: 1_764_576_000)
      try store.write {
        for market in ["fr-FR", "en-GB"] {
          try store.record(
            Appearance(
              date: "2026-11-04",
              words: PictureWords(
                title: "A \(market)", caption: "", credit: "", copyright: "",
                copyrightLink: nil),
              bing: BingListing(
                market: Market(stored: market), servedMarket: nil, bingID: "OHR.A_\(market)", urlbase: "",
                hsh: "", wp: true, fullStartDate: instant("2026-11-04T00:00:00Z"))),
            pictureID: a.rowID, at: now)
        }
      }
      try GalleryHistory.add(store, key: "OHR.E", date: "2026-11-02", title: "E", link: "", market: "ja-JP")
      // F's newest day (en-GB, 2026-11-06) is taken over by G: it is still ordered by that day, but
      // shows its older day that nobody took (de-DE, 2026-10-30).
      try GalleryHistory.add(
        store, key: "OHR.F", date: "2026-10-30", title: "F de", link: "", market: "de-DE")
      let f = try #require(try store.picture(key: "OHR.F"))
      try store.write {
        try store.record(
          Appearance(
            date: "2026-11-06",
            words: PictureWords(title: "F gb", caption: "", credit: "", copyright: "", copyrightLink: nil),
            bing: BingListing(
              market: Market(stored: "en-GB"), servedMarket: nil, bingID: "OHR.F_EN-GB", urlbase: "", hsh: "",
              wp: true, fullStartDate: instant("2026-11-06T00:00:00Z"))),
          pictureID: f.rowID, at: now)
      }
      try GalleryHistory.add(store, key: "OHR.G", date: "2026-11-06", title: "G", link: "", market: "en-GB")
      try store.recordApply(pictureID: a.rowID, backend: "none", reason: "apply", at: now)
      try store.recordApply(pictureID: a.rowID, backend: "none", reason: "apply", at: now)

      var streamed: [Picture] = []
      let count = try store.forEachPictureNewestFirst { streamed.append($0) }
      let listed = try store.pictures(.init(limit: 0))
      #expect(count == 7)
      #expect(streamed.map(\.id.key) == ["OHR.G", "OHR.F", "OHR.A", "OHR.C", "OHR.B", "OHR.E", "OHR.D"])
      #expect(streamed.map(\.title) == ["G", "F de", "A en-GB", "C", "B", "E", "D"])
      #expect(streamed == listed)
      #expect(
        streamed[2].markets == [Market(stored: "en-GB"), Market(stored: "en-US"), Market(stored: "fr-FR")])
      #expect(streamed[2].appliedCount == 2)
      #expect(streamed[2].lastApplied != nil)
    }
  }
}
