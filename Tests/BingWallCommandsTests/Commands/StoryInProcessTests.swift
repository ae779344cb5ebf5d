import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallNet
@testable import BingWallStore
@testable import BingWallSystem

/// Bing's story of each picture (`network.story`), fetched beside the archive in the test process:
/// stored with the picture, in `show`, `--json`, `search` and the gallery, fetched once a day, and
/// never the reason an update fails.
@Suite struct StoryInProcessTests {
  /// Two pictures of the week for en-US, and the model of the fixture for them.
  static func context(model: ScriptedHTTPClient.Answer? = nil) throws -> InProcess {
    let run = try FakeBingRun.context()
    run.environment["BINGWALL_NETWORK_STORY"] = "true"
    let fixture = try Fixtures.data("bing/model-en-US.json")
    run.http.stub("/hp/api/model?mkt=en-US", model ?? .ok(Array(fixture), type: "application/json"))
    return run
  }

  @Test func theStoryIsStoredShownAndSearched() throws {
    let run = try Self.context()
    let update = run.run(["update", "--no-apply"])
    #expect(update.status == 0)
    #expect(update.stderr == "")
    #expect(run.http.requests.filter { $0.contains("/hp/api/model") }.count == 1)

    // The card tells the story after the credit; `-v` names each field.
    let show = run.run(["show", "OHR.Lake"]).stdout
    #expect(show.contains("\n\nA mirror at the top of the valley\nEarly light reaches the still water"))
    #expect(show.contains("\nThe lake freezes over for five months of the year.\n"))
    let fields = run.run(["-v", "show", "OHR.Lake"]).stdout
    #expect(fields.contains("headline:       A mirror at the top of the valley\n"))
    #expect(fields.contains("quick_fact:     The lake freezes over for five months of the year.\n"))
    #expect(fields.contains("description:    Early light reaches the still water"))

    let json = try JSONSerialization.jsonObject(
      with: Data(run.run(["show", "OHR.Fox", "--json"]).stdout.utf8))
    let fox = try #require(json as? [String: Any])
    #expect(fox["headline"] as? String == "Listening to the snow")
    #expect(fox["quick_fact"] as? String == "A fox can hear a watch ticking forty yards away.")

    // Words only in a description and only in a quick fact.
    #expect(run.run(["search", "voles"]).stdout.contains("OHR.Fox"))
    #expect(run.run(["search", "freezes"]).stdout.contains("OHR.Lake"))
    #expect(!run.run(["search", "voles"]).stdout.contains("OHR.Lake"))
  }

  @Test func theModelIsAskedForOnceADay() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.http.requests.filter { $0.contains("/hp/api/model") }.count == 1)
  }

  @Test(arguments: [
    ("an HTTP error", ScriptedHTTPClient.Answer.response(status: 500, headers: [:], body: [])),
    ("an HTML page", .ok(Array("<html><title>Sorry</title></html>".utf8), type: "text/html")),
    ("not JSON", .ok(Array("{\"MediaContents\": [".utf8), type: "application/json")),
    ("a dead connection", .failure(NetError.transport(url: "x", code: 7, message: "Couldn't connect"))),
  ])
  func aFailedStoryIsAWarningAndThePicturesStand(what: String, answer: ScriptedHTTPClient.Answer) throws {
    let run = try Self.context(model: answer)
    let update = run.run(["update", "--no-apply"])
    #expect(update.status == 0, "\(what)")
    #expect(update.stdout.contains("Lake title"), "\(what)")
    #expect(
      update.stderr.hasPrefix("bingwall: warning: cannot fetch Bing's story of the en-US pictures ("),
      "\(what)")
    #expect(update.stderr.hasSuffix("); the pictures are stored all the same\n"), "\(what)")
    #expect(update.stderr.split(separator: "\n").count == 1, "\(what)")
    #expect(run.run(["-v", "show", "OHR.Lake"]).stdout.contains("headline:       -\n"), "\(what)")
  }

  @Test func aModelWithoutTheDaysPictureIsAskedOnce() throws {
    let other = """
      {"MediaContents":[{"ImageContent":{"Headline":"Someone else's","Image":{"Url":"/th?id=OHR.Other_EN-US9_1920x1080.jpg"}}}]}
      """
    let run = try Self.context(model: .ok(Array(other.utf8), type: "application/json"))
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.http.requests.filter { $0.contains("/hp/api/model") }.count == 1)
    // The row that records "none" is no story.
    #expect(run.run(["-v", "show", "OHR.Lake"]).stdout.contains("headline:       -\n"))
  }

  @Test func storyOffMakesNoRequest() throws {
    let run = try FakeBingRun.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(!run.http.requests.contains { $0.contains("/hp/api/model") })
  }

  @Test func theGalleryTellsTheStoryEscaped() throws {
    let hostile = """
      {"MediaContents":[{"ImageContent":{"Headline":"<script>alert(1)</script>","Description":"Tom & Jerry",
      "Image":{"Url":"/th?id=OHR.Lake_EN-US1000_1920x1080.jpg"}}}]}
      """
    let run = try Self.context(model: .ok(Array(hostile.utf8), type: "application/json"))
    #expect(run.run(["update", "--no-apply"]).status == 0)
    let gallery = run.run(["gallery"])
    #expect(gallery.status == 0, "\(gallery.stderr)")
    let page = try String(contentsOfFile: run.paths.cacheDir + "/gallery.html", encoding: .utf8)
    #expect(page.contains("<p class=\"headline\">&lt;script&gt;alert(1)&lt;/script&gt;</p>"))
    #expect(page.contains("<p class=\"story\">Tom &amp; Jerry</p>"))
    #expect(!page.contains("<script>alert"))
  }

  @Test func aStoryGoesWithItsPicture() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    let store = try HistoryStore(path: run.paths.databaseFile)
    #expect(try !store.lacksStory(market: Market(stored: "en-US"), bingID: "OHR.Fox_EN-US1001"))
    let fox = try #require(try store.picture(key: "OHR.Fox"))
    try store.deletePicture(id: fox.rowID)
    #expect(try store.lacksStory(market: Market(stored: "en-US"), bingID: "OHR.Fox_EN-US1001"))
    // A story of a picture not stored is not kept.
    #expect(
      try !store.record(
        PictureStory(headline: "h", description: "", quickFact: ""), market: Market(stored: "en-US"),
        bingID: "OHR.None_EN-US9",
        date: nil, at: Date()))
  }
}
