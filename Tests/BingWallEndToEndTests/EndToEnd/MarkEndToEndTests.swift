import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// `favorite` and `ban` through the real binary, on a history it fetched from the fake Bing: the marks
/// reach the SQLite file, `list` and `random`.
@Suite struct MarkEndToEndTests {
  /// A history the real binary fetched from the fake Bing: the newest `count` days of its week,
  /// nothing set. The fake must outlive the test's commands.
  static func fetched(_ count: Int) throws -> (
    bing: FakeBing, sandbox: Sandbox, environment: [String: String], keys: [String]
  ) {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(count))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]
    #expect(try sandbox.run(["update", "--no-apply"], environment: environment).status == 0)
    return (bing, sandbox, environment, week.map { "OHR.\($0.name)" })
  }

  @Test func marksReachTheHistoryAndRandom() throws {
    let (bing, sandbox, environment, keys) = try Self.fetched(3)
    defer { withExtendedLifetime(bing) {} }

    let favourite = try sandbox.run(["favorite", keys[1]], environment: environment)
    #expect(favourite.status == 0, "\(favourite.stderr)")
    let banned = try sandbox.run(["ban", keys[0], keys[2]], environment: environment)
    #expect(banned.status == 0, "\(banned.stderr)")

    let listed = try sandbox.run(["list", "--favorites", "--json"], environment: environment)
    let favourites = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    #expect(favourites?.compactMap { $0["key"] as? String } == [keys[1]])
    let rows = try ExternalTool.run([
      "sqlite3", sandbox.dataDir + "/history.db", "SELECT key, favorite, banned FROM pictures ORDER BY key",
    ])
    let expected = keys.sorted().map { key in "\(key)|\(key == keys[1] ? 1 : 0)|\(key == keys[1] ? 0 : 1)" }
    #expect(String(decoding: rows, as: UTF8.self).split(separator: "\n").map(String.init) == expected)

    // Two of three banned: random has exactly one picture left to offer.
    let pick = try sandbox.run(["random", "--dry-run"], environment: environment)
    #expect(pick.status == 0, "\(pick.stderr)")
    #expect(pick.stdout.contains(keys[1]), "\(pick.stdout)")
  }

  /// "Keep this one": after `apply` of the newest and `previous`, a bare `favorite` marks the older
  /// picture on screen, not the newest, which `favorite latest` marks.
  @Test func aBareFavoriteMarksThePictureOnScreenAfterPrevious() throws {
    let (bing, sandbox, environment, keys) = try Self.fetched(3)
    defer { withExtendedLifetime(bing) {} }
    #expect(try sandbox.run(["apply", "-q"], environment: environment).status == 0)
    #expect(try sandbox.run(["previous", "-q"], environment: environment).status == 0)

    let favourite = try sandbox.run(["favorite"], environment: environment)
    #expect(favourite.status == 0, "\(favourite.stderr)")
    #expect(favourite.stdout.contains(keys[1]), "\(favourite.stdout)")
    let rows = try ExternalTool.run([
      "sqlite3", sandbox.dataDir + "/history.db", "SELECT key FROM pictures WHERE favorite = 1",
    ])
    #expect(String(decoding: rows, as: UTF8.self) == keys[1] + "\n")

    let shown = try sandbox.run(["show", "current", "--json"], environment: environment)
    #expect(shown.status == 0, "\(shown.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    #expect(object?["key"] as? String == keys[1])
  }

  @Test func currentWithNothingSetSaysHowToSetOne() throws {
    let (bing, sandbox, environment, _) = try Self.fetched(1)
    defer { withExtendedLifetime(bing) {} }
    let result = try sandbox.run(["favorite"], environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: no picture has been set yet\nbingwall: hint: 'bingwall apply' sets the newest\n")
  }
}
