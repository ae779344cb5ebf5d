import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSystem

/// Market codes wherever they enter (`-m` of each command, config file, `config set`), and the
/// served-market warning with and without the body's `market` object.
@Suite struct MarketInProcessTests {
  static let endpoint = "https://bing.test"

  /// The refusal of a code that is no market, naming the option (or key) as typed.
  static func refusal(_ typed: String, _ code: String) -> String {
    "bingwall: error: '\(typed)': '\(code)' is not allowed; 'bingwall config keys' lists the values of 'markets'\n"
  }

  static func served(_ served: String, for requested: String) -> String {
    "bingwall: warning: Bing served the \(served) picture for \(requested); \(requested) has no picture of its own\n"
  }

  /// A context whose Bing answers every market with `body` and every picture with one JPEG.
  static func context(body: Data, environment: [String: String] = [:]) throws -> InProcess {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": endpoint].merging(environment) { $1 })
    run.http.stub("/HPImageArchive.aspx", .ok(Array(body), type: "application/json"))
    run.http.stub("/th?id=", .ok(Array(try TestJPEG.make(width: 64, height: 36)), type: "image/jpeg"))
    return run
  }

  /// One picture, the newest, so that one JPEG serves; `--no-apply` keeps the desktop out.
  static let updateOne = ["update", "--no-apply", "--days", "1", "-r", "1920x1080"]

  /// The codes Bing answers that bingwall used to refuse before sending anything.
  static let formerlyRefused = [
    "ar-XA", "bg-BG", "cs-CZ", "el-GR", "en-XA", "es-XL", "et-EE", "he-IL", "hr-HR", "hu-HU", "lt-LT",
    "lv-LV", "ro-RO", "sk-SK", "sl-SI", "th-TH", "uk-UA",
  ]

  @Test(arguments: formerlyRefused)
  func everyCodeBingAnswersIsKnown(code: String) throws {
    #expect(Market(code.lowercased())?.code == code)
    let run = try InProcess()
    let result = run.run(["list", "-m", code.lowercased(), "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
  }

  /// A mistyped code (issue 47): Bing would answer it with another market's picture, stored
  /// under the typed code beside the real one. Refused at every door before anything is asked.
  @Test func aWellFormedCodeThatIsNoMarketIsRefusedEverywhere() throws {
    #expect(Market("xx-XX") == nil)
    for command in [["list"], ["update"], ["show", "latest"], ["random", "--dry-run"]] {
      let run = try InProcess()
      let result = run.run(command + ["--market", "xx-XX"])
      #expect(result.status == 64, "\(command)")
      #expect(result.stderr.hasPrefix(Self.refusal("--market", "xx-XX")), "\(result.stderr)")
      #expect(run.http.requests.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: run.paths.databaseFile))
    }
  }

  @Test func aRefusedCodeSuggestsTheMarketsOfItsRegionThenItsLanguage() throws {
    let run = try InProcess()
    let region = run.run(["update", "-m", "en-AT"])
    #expect(region.status == 64)
    #expect(region.stderr.hasSuffix("bingwall: hint: did you mean 'de-AT'?\n"), "\(region.stderr)")
    let language = run.run(["update", "-m", "fr-XX"])
    #expect(
      language.stderr.hasSuffix("bingwall: hint: did you mean 'fr-BE', 'fr-CA' or 'fr-CH'?\n"),
      "\(language.stderr)")
    #expect(run.http.requests.isEmpty)
  }

  /// Refused in `config set markets`'s words, naming the option as typed, before anything is
  /// asked or written.
  @Test(arguments: ["en_US", "english", "e-US", "en-USA", "en-U5", "ROW1", "-"])
  func aMalformedCodeIsAUsageError(code: String) throws {
    for command in [["list"], ["random", "--dry-run"], ["update"], ["show", "latest"]] {
      let run = try InProcess()
      let result = run.run(command + ["-m", code])
      #expect(result.status == 64, "\(command)")
      #expect(
        result.stderr.hasPrefix(
          "bingwall: error: '-m': '\(code)' is not allowed; 'bingwall config keys' lists the values of 'markets'\n"
        ), "\(result.stderr)")
      #expect(run.http.requests.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: run.paths.databaseFile))
    }
  }

  @Test func theOptionAndConfigSetRefuseAMarketInTheSameWords() throws {
    let run = try InProcess()
    let option = run.run(["update", "--market", "en_GB"])
    #expect(option.status == 64)
    #expect(
      option.stderr == """
        bingwall: error: '--market': 'en_GB' is not allowed; 'bingwall config keys' lists the values of 'markets'
        bingwall: hint: did you mean 'en-GB'?

        """)
    let set = run.run(["config", "set", "markets", "en_GB"])
    #expect(set.status == 64)
    #expect(set.stderr == option.stderr.replacingOccurrences(of: "'--market'", with: "'markets'"))
    #expect(run.http.requests.isEmpty)
  }

  /// In the file, a code that is no market leaves its line out with one warning, and the
  /// command goes on with the default: an hourly update from cron still updates.
  @Test func theConfigFileLeavesOutALineWithACodeThatIsNoMarket() throws {
    let run = try Self.context(body: try RealBingFixtures.body(RealBingFixtures.deDEOwnPictures))
    let file = run.home.file("config.toml")
    run.environment["BINGWALL_CONFIG"] = file
    for line in ["markets = [\"de-DE\", \"zz-ZZ\"]", "markets = [\"english\"]"] {
      try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: file))
      let update = run.run(Self.updateOne)
      #expect(update.status == 0, "\(update.stderr)")
      #expect(update.stderr.hasPrefix("bingwall: warning: \(file):1: 'markets': '"), "\(update.stderr)")
      #expect(update.stderr.contains("is not allowed; 'bingwall config keys' lists the values of 'markets'"))
      #expect(update.stderr.contains("line ignored: markets = [\"en-US\"]"), "\(update.stderr)")
      #expect(run.http.requests.last { $0.contains("HPImageArchive") }?.contains("mkt=en-US") == true)
    }
  }

  @Test func configSetRefusesACodeThatIsNoMarketAndKeepsTheFile() throws {
    let run = try InProcess()
    #expect(run.run(["config", "set", "markets", "en-GB"]).status == 0)
    let set = run.run(["config", "set", "markets", "en-US,yy-yy"])
    #expect(set.status == 64)
    #expect(set.stderr == Self.refusal("markets", "yy-yy"), "\(set.stderr)")
    #expect(run.run(["config", "get", "markets"]).stdout == "en-GB\n")
  }

  @Test func configKeysListsEveryMarket() throws {
    let keys = try InProcess().run(["config", "keys"]).stdout.replacingOccurrences(of: "\n    ", with: " ")
    for code in Market.known { #expect(keys.contains(code), "\(code)") }
  }

  @Test func rowIdsInABodyWithoutAMarketObjectGiveTheServedWarning() throws {
    let run = try Self.context(body: try RealBingFixtures.body(RealBingFixtures.daDKServedROW))
    let result = run.run(Self.updateOne + ["-m", "da-DK", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == Self.served("ROW", for: "da-DK"))
    let summary = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(summary["market_served"] as? [[String: String]] == [["requested": "da-DK", "served": "ROW"]])
    let fetched = try #require((summary["fetched"] as? [[String: Any]])?.first)
    #expect(fetched["served_market"] as? String == "ROW")
  }

  @Test func aMarketObjectGivesTheServedWarning() throws {
    let image = FakeBingImage(name: "World", idMarket: "ROW", fullStartDate: "202612010000", title: "Info")
    let body = try JSONSerialization.data(withJSONObject: ["market": ["mkt": "ROW"], "images": [image.json]])
    let run = try Self.context(body: body)
    let result = run.run(Self.updateOne + ["-m", "en-ZA"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == Self.served("ROW", for: "en-ZA"))
  }

  @Test func ownIdsWithoutAMarketObjectGiveNoWarning() throws {
    let run = try Self.context(body: try RealBingFixtures.body(RealBingFixtures.deDEOwnPictures))
    let result = run.run(Self.updateOne + ["-m", "de-DE"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    // The newest day is the one whose credit Bing sent twice.
    let show = run.run(["show", "latest", "--json"])
    let picture = try #require(JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    #expect(
      picture["caption"] as? String == "Indian Head Cove, Bruce-Peninsula-Nationalpark, Ontario, Kanada")
    #expect(picture["credit"] as? String == "Maurice Prokaziuk/Getty Images")
  }
}
