import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallStore
@testable import BingWallSystem

/// The terminal, `--json` and the daemon's log render one event list: what one shows, the
/// others show too.
@Suite struct UpdateRenderersTests {
  static let broken = UpdateSkip(
    key: nil, market: Market(stored: "en-US"), date: nil,
    reason: .unusableEntry(SkippedImage(index: 2, urlbase: nil, reason: .notAnObject(found: "a string"))))
  static let pruned = UpdateSkip(
    key: "OHR.Gone", market: Market(stored: "en-US"), date: "2026-11-30", reason: .pruned)

  struct Refused: Error, CustomStringConvertible {
    var description: String { "permission denied" }
  }

  /// One of each event worth telling, with a prune that left a file behind.
  static func everyEvent() -> [UpdateEvent] {
    var prune = Prune.Report(
      plan: RetentionPlan(items: [], policy: RetentionPolicy(keep: 1), protected: []), dryRun: false)
    prune.undeletable = ["/pictures/OHR.Stuck.jpg"]
    return [
      .substituted(requested: Market(stored: "da-DK"), served: Market(stored: "ROW")),
      .warning(.overlisted(market: Market(stored: "en-US"), listed: 9, asked: 8)),
      .skipped(broken), .skipped(pruned),
      .skipped(
        .init(key: "OHR.Here", market: Market(stored: "en-US"), date: "2026-12-01", reason: .alreadyStored)),
      .stateNotSaved(StateNotSaved(file: "/state/scheduler.json", error: Refused())), .pruned(prune),
    ]
  }

  @Test func theDaemonLogShowsTheSubstitutionsSkipsAndUndeletableFilesTheTerminalShows() throws {
    let stderr = BufferOutput()
    UpdateText.write(
      Self.everyEvent(), quiet: false, json: false, context: try InProcess().context(stderr: stderr))
    let terminal = stderr.text
    let log = UpdateLogLines.lines(for: Self.everyEvent())
    for needle in [
      "Bing served the ROW picture for da-DK", "Bing listed 9 pictures",
      "skipped a picture (en-US): image 3: the entry is a string, not an object",
      "skipped OHR.Gone (en-US): deleted by the retention policy", "cannot save the update's result",
      "cannot delete /pictures/OHR.Stuck.jpg",
    ] {
      #expect(terminal.contains(needle), "terminal lacks \(needle): \(terminal)")
      #expect(log.contains { $0.contains(needle) }, "log lacks \(needle): \(log)")
    }
    // "Already stored" is the normal case: neither says it.
    #expect(!terminal.contains("OHR.Here"))
    #expect(!log.contains { $0.contains("OHR.Here") })
  }

  /// `-v` says why a source gave nothing; without it, the warning alone.
  @Test(arguments: [false, true])
  func verboseSaysWhyASourceGaveNothing(verbose: Bool) throws {
    let error = SourceError.noPicture(.spotlight, .noPhotograph(promotions: 4, unusable: []))
    let failure = Attempt.combined(
      [SourceAttemptFailure(error, host: "fd.api.iris.microsoft.com")], source: .spotlight,
      name: "Windows Spotlight")
    let stderr = BufferOutput()
    UpdateText.write(
      [.sourceFailed(source: .spotlight, failure, temporary: true)], quiet: false, json: false,
      verbose: verbose,
      context: try InProcess().context(stderr: stderr))
    let warning = "bingwall: warning: Windows Spotlight listed no photograph (4 promotions)\n"
    let why =
      "bingwall: info: Spotlight fills some of its places with promotions (apps, games, Microsoft's offers), "
      + "which are not wallpapers; every item it listed now was one. Its list changes within hours, and the "
      + "next update asks again.\n"
    #expect(stderr.text == warning + (verbose ? why : ""))
  }

  @Test func kitsTypedWarningsReadAsTheSentencesKitOnceWrote() {
    let market = Market(stored: "en-US")
    #expect(
      UpdateWarningText.text(.overlisted(market: market, listed: 9, asked: 8))
        == "Bing listed 9 pictures for en-US where 8 were asked for; the rest were ignored")
    #expect(
      UpdateWarningText.text(.portraitFailed(key: "OHR.Lake", Refused()))
        == "cannot fetch the portrait file of OHR.Lake: permission denied")
    #expect(
      UpdateWarningText.text(.portraitsFailed(Refused()))
        == "cannot fetch the portrait files: permission denied")
    #expect(
      UpdateWarningText.text(.storyNotFetched(market: market, Refused()))
        == "cannot fetch Bing's story of the en-US pictures (permission denied); the pictures are stored all the same"
    )
    #expect(
      UpdateWarningText.text(.storyNotStored(market: market, Refused()))
        == "cannot store Bing's story of the en-US pictures: permission denied")
    #expect(
      UpdateWarningText.text(StateNotSaved(file: "/state/scheduler.json", error: Refused()))
        == "cannot save the update's result in /state/scheduler.json: permission denied")
  }

  @Test func jsonListsEverySkipWithItsReason() throws {
    let json = UpdateJSON.render(Self.everyEvent()).rendered()
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let reasons = (object["skipped"] as? [[String: String]])?.compactMap { $0["reason"] }
    #expect(
      reasons == [
        "image 3: the entry is a string, not an object",
        "deleted by the retention policy; update --force fetches it again", "already stored",
      ])
    #expect(object["market_served"] as? [[String: String]] == [["requested": "da-DK", "served": "ROW"]])
  }

  @Test func theDaemonChildLogsTheServedMarketWarning() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": "https://bing.test"])
    run.http.stub(
      "/HPImageArchive.aspx",
      .ok(Array(try RealBingFixtures.body(RealBingFixtures.daDKServedROW)), type: "application/json"))
    run.http.stub("/th?id=", .ok(Array(try TestJPEG.make(width: 64, height: 36)), type: "image/jpeg"))
    let result = run.run([
      "update", "--daemon-child", "--no-apply", "--days", "1", "-r", "1920x1080", "-m", "da-DK",
    ])
    #expect(result.status == 0, "\(result.stdout)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "bingwall: warning: Bing served the ROW picture for da-DK; da-DK has no picture of its own")
    #expect(lines.contains { $0.hasPrefix("new picture: ") })
    #expect(result.stderr == "")
  }
}
