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

  static func unknownWarning(_ code: String) -> String {
    "bingwall: warning: bingwall does not know the market \(code); using it as given "
      + "(Bing may answer with another market's picture)\n"
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
    #expect(Market(code)?.isKnown == true)
    let run = try InProcess()
    let result = run.run(["list", "-m", code.lowercased(), "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
  }

  @Test func aWellFormedUnknownCodeIsUsedWithOneWarning() throws {
    let run = try InProcess()
    let result = run.run(["list", "--market", "xx-yy", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr == Self.unknownWarning("xx-YY"))
    #expect(Market("xx-yy")?.code == "xx-YY")
    #expect(Market("xx-yy")?.isKnown == false)
  }

  @Test func updateSendsAnUnknownCodeAndWarnsOnce() throws {
    let run = try Self.context(body: try RealBingFixtures.body(RealBingFixtures.deDEOwnPictures))
    let result = run.run(Self.updateOne + ["-m", "qq-QQ", "-m", "qq-qq"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.components(separatedBy: "does not know").count == 2)
    #expect(result.stderr.hasPrefix(Self.unknownWarning("qq-QQ")))
    #expect(run.http.requests.first?.contains("mkt=qq-QQ") == true)
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
          "bingwall: error: '-m': '\(code)' is not allowed: expected a listed value or a language-region code such as pt-BR\n"
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
        bingwall: error: '--market': 'en_GB' is not allowed: expected a listed value or a language-region code such as pt-BR
        bingwall: hint: did you mean 'en-GB'?

        """)
    let set = run.run(["config", "set", "markets", "en_GB"])
    #expect(set.status == 64)
    #expect(set.stderr == option.stderr.replacingOccurrences(of: "'--market'", with: "'markets'"))
    #expect(run.http.requests.isEmpty)
  }

  @Test func theConfigFileTakesUnknownCodesWithAWarningAndRefusesMalformedOnes() throws {
    let run = try Self.context(body: try RealBingFixtures.body(RealBingFixtures.deDEOwnPictures))
    let file = run.home.file("config.toml")
    run.environment["BINGWALL_CONFIG"] = file
    try Data("markets = [\"de-DE\", \"zz-ZZ\"]\n".utf8).write(to: URL(fileURLWithPath: file))
    let update = run.run(Self.updateOne)
    #expect(update.status == 0, "\(update.stderr)")
    #expect(update.stderr.hasPrefix(Self.unknownWarning("zz-ZZ")))
    #expect(update.stderr.components(separatedBy: "does not know").count == 2)

    // A malformed one leaves its line out, with a warning, and the command goes on.
    try Data("markets = [\"english\"]\n".utf8).write(to: URL(fileURLWithPath: file))
    let refused = run.run(["list", "--json"])
    #expect(refused.status == 0, "\(refused.stderr)")
    #expect(
      refused.stderr.hasPrefix(
        "bingwall: warning: \(file):1: 'markets': 'english' is not allowed: expected a listed value or a language-region code such as pt-BR; line ignored: markets = ["
      ), "\(refused.stderr)")
  }

  @Test func configSetWarnsAboutAnUnknownCode() throws {
    let run = try InProcess()
    let set = run.run(["config", "set", "markets", "en-US,yy-yy"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stderr == Self.unknownWarning("yy-YY"))
    #expect(run.run(["config", "get", "markets"]).stdout.contains("yy-YY"))
    let refused = run.run(["config", "set", "markets", "en-US,yy_YY"])
    #expect(refused.status == 64)
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
