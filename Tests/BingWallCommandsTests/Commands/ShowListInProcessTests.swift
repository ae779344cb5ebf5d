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

/// `show`, `list` and the gallery for people: a card by default, every field when asked, and the
/// key `apply` takes wherever a picture is listed. History: Lake (2026-12-01) and Fox.
@Suite struct ShowListInProcessTests {
  static func context() throws -> InProcess {
    try PictureSuggestionInProcessTests.context()
  }

  @Test func showPrintsACardThatEndsWithTheCommandToSetIt() throws {
    let run = try Self.context()
    #expect(run.run(["favorite", "OHR.Lake", "-q"]).status == 0)
    let lake = try HistoryStore(path: run.paths.databaseFile).resolve(
      .key("OHR.Lake"), market: nil, at: TestClock.start)
    let result = run.run(["show", "Lake"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        Lake title
        2026-12-01 · en-US · favourite
        Lake caption, Somewhere
        © Lake Photographer/Agency

        file: \(lake.path) (\(FakeBing.uhdWidth)x\(FakeBing.uhdHeight), \(HumanUnits.describe(bytes: lake.bytes)))
        set it: bingwall apply OHR.Lake

        """)
  }

  @Test func verboseAndJSONShowEveryField() throws {
    let run = try Self.context()
    let card = run.run(["show", "latest"]).stdout
    #expect(!card.contains("sha256"))
    let verbose = run.run(["-v", "show", "latest"])
    #expect(verbose.status == 0)
    let names = verbose.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.run(["show", "latest", "--json"]).stdout.utf8))
        as? [String: Any])
    #expect(Set(names) == Set(json.keys))
    // The list contract's fields, then the extras, the sources' four (source, sources, licence, licence_link) last.
    #expect(names.count == 30)
    #expect(Array(names.suffix(4)) == ["source", "sources", "licence", "licence_link"])
    #expect(verbose.stdout.contains("\nlast_applied:   never\n"))
  }

  /// Bing's story, when stored, is part of the card, wrapped to the terminal; the file line is not.
  @Test func theStoryIsWrappedToTheTerminal() throws {
    let picture = Picture(
      rowID: 1, id: .bing("OHR.Long"), date: "2026-12-01",
      bing: Picture.Listing(market: Market(stored: "en-US"), servedMarket: nil, bingID: ""),
      markets: [Market(stored: "en-US")], title: "Title",
      caption: "", credit: "", copyright: "", copyrightLink: nil,
      path: "/a b/c d/e f/g h/i j/k l/picture.jpg",
      resolution: Resolution(stored: "UHD"), width: 10, height: 5, bytes: 2048, sha256: "", favorite: false,
      banned: true,
      appliedCount: 0, lastApplied: nil, addedAt: Date(timeIntervalSince1970: 0),
      story: PictureStory(headline: "Headline", description: "one two three four five six", quickFact: ""))
    #expect(
      PictureCard.text(picture, width: 20) == """
        Title
        2026-12-01 · en-US ·
        banned: random,
        rotation and update
        never set it

        Headline
        one two three four
        five six

        file: /a b/c d/e f/g h/i j/k l/picture.jpg (10x5, 2.0 KB)
        set it: bingwall apply OHR.Long

        """)
  }

  @Test func listOnATerminalShowsTheKeyAndPlainGivesThePipedForm() throws {
    let run = try Self.context()
    run.stdoutIsTTY = true
    let table = run.run(["list"])
    #expect(table.status == 0)
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.first == "ID  DATE        FROM    FAV  KEY       TITLE")
    #expect(
      lines.dropFirst().first?.hasSuffix("2026-12-01  en-US        OHR.Lake  Lake title") == true,
      "\(table.stdout)")
    let plain = run.run(["list", "--plain"])
    #expect(plain.status == 0)
    let rows = plain.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    // The seven fields of old, then the source.
    #expect(rows.map(\.count) == [8, 8])
    #expect(rows.map { String($0[4]) } == ["OHR.Lake", "OHR.Fox"])
    #expect(rows.map { String($0[7]) } == ["bing", "bing"])
  }

  /// A Bing picture and a Wikimedia one whose key is 52 characters long, as `list` reads them.
  static func longKeyPictures() -> [Picture] {
    func picture(_ id: Int64, _ key: String, _ title: String, market: String?) -> Picture {
      Picture(
        rowID: id, id: .bing(key), date: "2026-12-01",
        bing: market.map { Picture.Listing(market: Market(stored: $0), servedMarket: nil, bingID: "") },
        markets: [],
        title: title, caption: "", credit: "", copyright: "", copyrightLink: nil, path: "/p/\(id).jpg",
        resolution: Resolution(stored: "UHD"), width: 10, height: 5, bytes: 2048, sha256: "", favorite: false,
        banned: false, appliedCount: 0, lastApplied: nil, addedAt: Date(timeIntervalSince1970: 0), story: nil)
    }
    var messier = picture(
      132, "File:Messier_24_(infrared,_red,_green).jpg", "Messier 24 in infrared, red and green", market: nil)
    messier.id.source = .wikimedia
    return [
      messier, picture(131, "OHR.LanternNight", "Lantern night over the river, Taiwan", market: "en-GB"),
    ]
  }

  /// At 80 columns the long key loses its middle and each title keeps its room; `--wide` (and a
  /// pipe) keep the key whole.
  @Test func aLongKeyIsShortenedInTheMiddleSoTitlesKeepTheirRoom() {
    let pictures = Self.longKeyPictures()
    #expect(
      PictureListText.table(pictures, width: 80) == """
        ID   DATE        FROM       FAV  KEY                     TITLE
        132  2026-12-01  wikimedia       wikimedia:File…en).jpg  Messier 24 in infrared…
        131  2026-12-01  en-GB           OHR.LanternNight        Lantern night over the…

        """)
    #expect(
      PictureListText.table(pictures, width: 80, wide: true) == """
        ID   DATE        FROM       FAV  KEY                                                   TITLE
        132  2026-12-01  wikimedia       wikimedia:File:Messier_24_(infrared,_red,_green).jpg  Messier 2…
        131  2026-12-01  en-GB           OHR.LanternNight                                      Lantern n…

        """)
    // A wide terminal shows every key whole without being asked.
    #expect(
      PictureListText.table(pictures, width: 140).contains(
        " wikimedia:File:Messier_24_(infrared,_red,_green).jpg  Messier 24 in infrared, red and green\n"))
  }

  @Test(arguments: [
    ("wikimedia:File:Messier_24_(infrared,_red,_green).jpg", 30, "wikimedia:File:Mess…green).jpg"),
    ("OHR.LanternNight", 30, "OHR.LanternNight"),
    ("abcdefghij", 5, "ab…ij"),
    // Wide characters count two columns.
    ("東京東京東京", 7, "東京…京"),
  ])
  func aKeyLosesItsMiddle(key: String, width: Int, shown: String) {
    #expect(TerminalText.fitMiddle(key, columns: width) == shown)
    #expect(TerminalText.columns(TerminalText.fitMiddle(key, columns: width)) <= width)
  }

  /// Stopping short of the whole history is said on stderr, piped too; stdout keeps only the lines.
  @Test func listSaysHowManyItLeftOut() throws {
    let run = try Self.context()
    let short = run.run(["list", "--limit", "1"])
    #expect(short.status == 0)
    #expect(short.stdout.split(separator: "\n").count == 1)
    #expect(short.stderr == "1 of 2; --limit 0 for all\n")
    #expect(run.run(["list", "--limit", "2"]).stderr == "")
    #expect(run.run(["list", "--limit", "0"]).stderr == "")
    #expect(run.run(["list", "--limit", "1", "--source", "bing"]).stderr == "1 of 2; --limit 0 for all\n")
    #expect(run.run(["-q", "list", "--limit", "1"]).stderr == "")
  }

  @Test func eachGalleryCardOffersTheCommandToSetItSelectedWhole() throws {
    let run = try Self.context()
    let store = try HistoryStore(path: run.paths.databaseFile)
    try GalleryHistory.add(store, key: "OHR.It's<b>", date: "2026-11-20", title: "Odd key", link: "")
    let output = run.home.file("page.html")
    #expect(run.run(["gallery", "--output", output]).status == 0)
    let html = try GalleryInProcessTests.page(output)
    let lake = try #require(GalleryHTML.card(html, key: "OHR.Lake"))
    #expect(lake.contains("2026-12-01 · en-US"))
    #expect(
      lake.contains(
        "<p class=\"apply\"><code title=\"Run in a terminal to set this picture\">bingwall apply OHR.Lake</code></p>"
      ))
    #expect(html.contains(".apply code{") && html.contains("user-select:all"))
    // Quoted for the shell, then escaped for the page: the key stays text.
    let odd = try #require(GalleryHTML.card(html, key: "OHR.It&#39;s&lt;b&gt;"))
    #expect(odd.contains(">bingwall apply &#39;OHR.It&#39;\\&#39;&#39;s&lt;b&gt;&#39;</code>"), "\(odd)")
    #expect(!html.contains("<b>"))
  }

  @Test func theApplyLineQuotesWhatAShellWouldRead() {
    #expect(ApplyCommandLine.shellWord("OHR.Lake_2-x") == "OHR.Lake_2-x")
    #expect(ApplyCommandLine.shellWord("OHR.a b") == "'OHR.a b'")
    #expect(ApplyCommandLine.shellWord("OHR.it's") == "'OHR.it'\\''s'")
    #expect(ApplyCommandLine.shellWord("OHR.$(x)") == "'OHR.$(x)'")
  }
}
