import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// `gallery` inside the test process, on a history of two pictures the scripted Bing delivered
/// (Lake, the newest, and Fox) and three recorded straight into the store with hostile text.
@Suite struct GalleryInProcessTests {
  static let scriptTitle = "<script>alert(1)</script>"
  static let quoteTitle = "\"><img src=x onerror=alert(2)>"

  static func context() throws -> InProcess {
    let run = try FakeBingRun.context(days: 2)
    let update = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(update.status == 0, "\(update.stderr)")
    let store = try HistoryStore(path: run.paths.databaseFile)
    try GalleryHistory.add(
      store, key: "OHR.Script", date: "2026-11-29", title: scriptTitle, link: "https://www.bing.com/s")
    try GalleryHistory.add(
      store, key: "OHR.Quote", date: "2026-11-28", title: quoteTitle, link: "javascript:alert(3)")
    try GalleryHistory.add(
      store, key: "OHR.Old", date: "2026-11-27", title: "Old & <b>bold</b>", link: "JAVASCRIPT:alert(4)",
      caption: "It's \"quoted\"")
    return run
  }

  /// The page written to `path`, as text.
  static func page(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func oneCardPerPictureNewestFirstAsListShowsThem() throws {
    let run = try Self.context()
    let result = run.run(["gallery"])
    #expect(result.status == 0, "\(result.stderr)")
    let path = run.paths.cacheDir + "/gallery.html"
    #expect(result.stdout == path + "\n")
    #expect(result.stderr == "")

    let listed = run.run(["list", "--limit", "0", "--json"])
    let pictures = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    let keys = pictures.compactMap { $0["key"] as? String }
    #expect(keys == ["OHR.Lake", "OHR.Fox", "OHR.Script", "OHR.Quote", "OHR.Old"])
    let html = try Self.page(path)
    #expect(GalleryHTML.cardKeys(html) == keys)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.hasSuffix("</html>\n"))
    #expect(html.contains("5 pictures, newest first"))
    // Each picture from its own file, lazily, with its size so the grid does not jump.
    let lake = try #require(GalleryHTML.card(html, key: "OHR.Lake"))
    let lakePath = try #require(pictures.first?["path"] as? String)
    #expect(lake.contains("<img loading=\"lazy\" decoding=\"async\" src=\"file://\(lakePath)\""))
    #expect(lake.contains("width=\"\(FakeBing.uhdWidth)\" height=\"\(FakeBing.uhdHeight)\""))
    #expect(lake.contains("2026-12-01 · en-US"))
    #expect(lake.contains("<p class=\"credit\">© Lake Photographer/Agency</p>"))
  }

  /// Titles come from the network: markup in them is shown, never run or parsed.
  @Test func hostileTitlesStayText() throws {
    let run = try Self.context()
    let output = run.home.file("page.html")
    #expect(run.run(["gallery", "--output", output]).status == 0)
    let html = try Self.page(output)
    #expect(!html.contains("<script"))
    #expect(!html.contains("<b>"))
    #expect(!html.contains("onerror=alert(2)>"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
    #expect(html.contains("Old &amp; &lt;b&gt;bold&lt;/b&gt;"))
    #expect(html.contains("It&#39;s &quot;quoted&quot;"))
    // One picture per card and no other: an injected <img> would make one more.
    #expect(html.components(separatedBy: "<img ").count - 1 == 5)
    // The alt attribute holds the quote-breaking title whole.
    let quote = try #require(GalleryHTML.card(html, key: "OHR.Quote"))
    #expect(quote.contains("alt=\"&quot;&gt;&lt;img src=x onerror=alert(2)&gt;\""))
    // No script can run even if escaping failed somewhere: the page forbids every script and request.
    #expect(
      html.contains(
        "content=\"default-src 'none'; img-src file: data:; style-src 'unsafe-inline'\""))
  }

  @Test func onlyWebLinksBecomeLinksToBing() throws {
    let run = try Self.context()
    let output = run.home.file("page.html")
    #expect(run.run(["gallery", "--output", output]).status == 0)
    let html = try Self.page(output)
    #expect(!html.lowercased().contains("javascript:"))
    for key in ["OHR.Quote", "OHR.Old"] {
      let card = try #require(GalleryHTML.card(html, key: key))
      #expect(!card.contains("class=\"bing\""), "\(card)")
    }
    let script = try #require(GalleryHTML.card(html, key: "OHR.Script"))
    #expect(
      script.contains(
        "<a class=\"bing\" href=\"https://www.bing.com/s\" target=\"_blank\" rel=\"noopener noreferrer\">"))
  }

  @Test func favouritesAreStarredAndBannedPicturesMarked() throws {
    let run = try Self.context()
    #expect(run.run(["favorite", "OHR.Fox"]).status == 0)
    #expect(run.run(["ban", "OHR.Script"]).status == 0)
    let output = run.home.file("page.html")
    #expect(run.run(["gallery", "--output", output]).status == 0)
    let html = try Self.page(output)
    let fox = try #require(GalleryHTML.card(html, key: "OHR.Fox"))
    #expect(fox.hasPrefix("<article class=\"card favorite\" data-id="))
    #expect(fox.contains("<span class=\"star\" title=\"Favourite\">★</span> Fox title"))
    let lake = try #require(GalleryHTML.card(html, key: "OHR.Lake"))
    #expect(!lake.contains("★"))
    let script = try #require(GalleryHTML.card(html, key: "OHR.Script"))
    #expect(script.contains("<span class=\"tag\">banned</span>"))
    #expect(script.hasPrefix("<article class=\"card banned\""))
    #expect(html.components(separatedBy: "★").count - 1 == 1)
  }

  @Test func outputWritesElsewhereAndQuietPrintsNothing() throws {
    let run = try Self.context()
    let output = run.home.file("some folder/my #1 page.html")
    try FileManager.default.createDirectory(
      atPath: run.home.file("some folder"), withIntermediateDirectories: true)
    let result = run.run(["gallery", "--output", output, "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(FileManager.default.fileExists(atPath: output))
    #expect(!FileManager.default.fileExists(atPath: run.paths.cacheDir + "/gallery.html"))
    // Nothing but the page is left in the folder: the temporary file became it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: run.home.file("some folder")) == ["my #1 page.html"]
    )
    // Written again over the old page, atomically, without a trace.
    #expect(run.run(["gallery", "--output", output]).stdout == output + "\n")
    #expect(GalleryHTML.cardKeys(try Self.page(output)).count == 5)
  }

  @Test func anEmptyHistoryStillGivesAPageThatSaysSo() throws {
    let run = try InProcess()
    let result = run.run(["gallery"])
    #expect(result.status == 0, "\(result.stderr)")
    let path = run.paths.cacheDir + "/gallery.html"
    #expect(result.stdout == path + "\n")
    #expect(
      result.stderr == "bingwall: warning: no pictures stored yet\nbingwall: hint: run 'bingwall update'\n")
    let html = try Self.page(path)
    #expect(GalleryHTML.cardKeys(html) == [])
    #expect(html.contains("No pictures stored yet"))
    #expect(html.contains("0 pictures, newest first"))
    #expect(html.hasSuffix("</html>\n"))
    // The cache folder was made for it, private like every folder bingwall creates.
    let attributes = try FileManager.default.attributesOfItem(atPath: run.paths.cacheDir)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
  }

  @Test(arguments: [
    ("/proc/bingwall-gallery.html", "a read-only folder"),
    ("/nonexistent-folder/gallery.html", "a missing folder"),
  ])
  func aPageThatCannotBeWrittenIsAnErrorNamingIt(_ output: String, _ what: String) throws {
    let run = try Self.context()
    let result = run.run(["gallery", "--output", output])
    #expect(result.status == 1, "\(what)")
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix("bingwall: error: cannot write the gallery to \(output) ("), "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix(")\nbingwall: hint: choose a writable folder with --output\n"),
      "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 2)
  }

  @Test func aFileInPlaceOfTheFolderIsAnError() throws {
    let run = try Self.context()
    let blocker = run.home.file("not-a-folder")
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
    let result = run.run(["gallery", "--output", blocker + "/page.html"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot write the gallery to \(blocker)/page.html"), "\(result.stderr)")
  }

  @Test func openHandsThePageToXdgOpenAndNothingElse() throws {
    let run = try Self.context()
    run.processes.stubDetached("xdg-open") { _ throws(ProcessError) in 4242 }
    let result = run.run(["gallery", "--open"])
    #expect(result.status == 0, "\(result.stderr)")
    let path = run.paths.cacheDir + "/gallery.html"
    #expect(run.processes.allCalls.map(\.arguments) == [["xdg-open", path]])
    #expect(run.processes.detachedStarts.map(\.executable) == ["/usr/bin/xdg-open"])
    #expect(result.stdout == path + "\n")
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func withoutXdgOpenTheErrorNamesThePageThatStays() throws {
    let run = try Self.context()
    run.processes.missing("xdg-open")
    let output = run.home.file("page.html")
    let result = run.run(["gallery", "--open", "--output", output])
    #expect(result.status == 1)
    #expect(run.processes.allCalls == [])
    #expect(run.processes.lookups.map(\.first) == ["xdg-open"])
    #expect(result.stdout == output + "\n")
    #expect(
      result.stderr
        == "bingwall: error: wrote \(output) but cannot open it: 'xdg-open' is not installed (Debian: xdg-utils)\nbingwall: hint: open the file in a browser\n"
    )
    #expect(GalleryHTML.cardKeys(try Self.page(output)).count == 5)
  }
}
