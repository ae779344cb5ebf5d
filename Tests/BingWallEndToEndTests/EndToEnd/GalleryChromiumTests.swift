import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// The gallery page as a real browser shows it: headless Chromium paints the pictures from their
/// files, runs nothing from a title, and fits a phone-width window.
@Suite(.serialized, .enabled(if: ChromiumHeadless.installed, "chromium is not installed (make test-deps)"))
struct GalleryChromiumTests {
  static let hostileTitle = "<script>document.title='pwned'</script>"

  /// A history of three real JPEGs (red, green, blue; the green one with a script for a title)
  /// and its gallery page, written by the command.
  static func gallery() throws -> (run: InProcess, page: String) {
    let run = try InProcess()
    try Paths.ensureDirectory(run.paths.dataDir)
    let store = try HistoryStore(path: run.paths.databaseFile)
    let images = run.home.file("images")
    try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
    let pictures = [
      ("OHR.Red", "#ff0000", "2026-12-01", "Red title"),
      ("OHR.Green", "#00ff00", "2026-11-30", hostileTitle),
      ("OHR.Blue", "#0000ff", "2026-11-29", "Blue \"quoted\" & <b>bold</b>"),
    ]
    for (key, colour, date, title) in pictures {
      let path = images + "/\(key) #1.jpg"  // a space and a '#' the file URL must encode
      try TestJPEG.make(width: 640, height: 360, colour: colour).write(to: URL(fileURLWithPath: path))
      try GalleryHistory.add(
        store, key: key, date: date, title: title, link: "https://www.bing.com/search?q=\(key)", path: path,
        width: 640, height: 360)
    }
    let page = run.home.file("gallery.html")
    let result = run.run(["gallery", "--output", page])
    #expect(result.status == 0, "\(result.stderr)")
    return (run, page)
  }

  @Test func theFirstScreenShowsEveryPictureFromItsFile() throws {
    let (run, page) = try Self.gallery()
    let png = run.home.file("screen.png")
    let colours = ["#ff0000", "#00ff00", "#0000ff"]
    var shares: [Double] = []
    // Headless Chromium may take its screenshot before a lazy picture is decoded (seen about once
    // in ten runs), so up to three tries; a picture that never loads fails all three.
    for _ in 1...3 {
      _ = try ChromiumHeadless.run(
        ["--screenshot=\(png)", "--window-size=1280,900", "--virtual-time-budget=5000", "--hide-scrollbars"],
        url: PageURL.file(page))
      let deviation = try ExternalTool.text(["convert", png, "-format", "%[fx:standard_deviation]", "info:"])
      #expect((Double(deviation) ?? 0) > 0.05, "a blank screenshot: deviation \(deviation)")
      // Three columns at this width: each picture covers several percent of the screen.
      shares = try colours.map { try ImageMagick.share(of: $0, in: png) }
      if shares.allSatisfy({ $0 > 0.02 }) { break }
    }
    #expect(shares.count == 3 && shares.allSatisfy { $0 > 0.02 }, "\(colours) cover \(shares) of the screen")
  }

  @Test func theDOMHoldsOneCardPerPictureAndTheScriptAsText() throws {
    let (run, page) = try Self.gallery()
    let dom = try withExtendedLifetime(run) {  // its folder holds the page
      try ChromiumHeadless.run(["--dump-dom", "--virtual-time-budget=3000"], url: PageURL.file(page))
    }
    #expect(dom.components(separatedBy: "<article ").count - 1 == 3)
    #expect(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;"))
    #expect(dom.contains("Blue \"quoted\" &amp; &lt;b&gt;bold&lt;/b&gt;"))
    #expect(!dom.contains("<script"))
    #expect(!dom.contains("<b>"))
    #expect(dom.contains("<title>bingwall gallery</title>"))
  }

  /// In a 390-pixel frame (a phone's width) the page has no horizontal overflow, the cards stack
  /// in one column, the first picture loaded, and the title is the page's own. A probe page of the
  /// test's (the gallery itself runs no script) reads the frame once it loaded.
  @Test func aPhoneWidthWindowFitsTheCards() throws {
    let (run, page) = try Self.gallery()
    let probe = run.home.file("probe.html")
    try """
    <!DOCTYPE html><html><head><title>probe</title></head><body style="margin:0">
    <iframe id="g" src="\(PageURL.file(page))" style="width:390px;height:844px;border:0"></iframe>
    <pre id="out">pending</pre>
    <script>
    document.getElementById('g').addEventListener('load', () => {
      const d = document.getElementById('g').contentDocument;
      const cards = [...d.querySelectorAll('article')];
      const img = d.querySelector('img');
      document.getElementById('out').textContent = JSON.stringify({
        scrollWidth: d.documentElement.scrollWidth, clientWidth: d.documentElement.clientWidth,
        widest: Math.max(...cards.map(c => c.getBoundingClientRect().right)),
        columns: new Set(cards.map(c => Math.round(c.getBoundingClientRect().left))).size,
        cards: cards.length, title: d.title, loaded: !!img && img.complete && img.naturalWidth === 640});
    });
    </script></body></html>
    """.write(toFile: probe, atomically: true, encoding: .utf8)
    let dom = try ChromiumHeadless.run(
      ["--dump-dom", "--virtual-time-budget=5000", "--allow-file-access-from-files"], url: PageURL.file(probe)
    )
    let start = try #require(dom.range(of: "<pre id=\"out\">"))
    let json = dom[start.upperBound...].prefix { $0 != "<" }
    let measured = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
    // 390 less the vertical scroll bar.
    let width = try #require(measured["clientWidth"] as? Int, "\(measured)")
    #expect((370...390).contains(width), "\(measured)")
    #expect(measured["scrollWidth"] as? Int == width, "\(measured)")
    #expect((measured["widest"] as? Double ?? 1000) <= Double(width), "\(measured)")
    #expect(measured["columns"] as? Int == 1, "\(measured)")
    #expect(measured["cards"] as? Int == 3, "\(measured)")
    #expect(measured["title"] as? String == "bingwall gallery", "\(measured)")
    #expect(measured["loaded"] as? Bool == true, "\(measured)")
  }
}
