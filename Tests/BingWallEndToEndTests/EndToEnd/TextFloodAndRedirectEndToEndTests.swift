import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallSystem

/// The real binary against the red team's two cases of issue 45 that the network carries: an
/// Earth Observatory feed whose title is 4 MB of `&` (it held an update for 309.7 s, past its
/// 180 s limit), and a plain-http endpoint whose redirect led to 192.0.2.1 (connect() was
/// called: plain http left the loopback).
@Suite struct TextFloodAndRedirectEndToEndTests {
  /// Far more than the run takes (about a second in the debug build, the figure printed), far
  /// less than the 309.7 s the quadratic decoding took: only a return to it fails.
  static let floodBound: Duration = .seconds(60)

  @Test func aFeedOfFourMegabytesOfAmpersandsIsReadAndStoredWellWithinTheLimit() throws {
    let fake = try FakeSources(now: Date())
    let feed = Fixtures.text("feeds/earth_observatory-iotd-handmade.xml")
    let hostile = try TextFlood.replacingFirst(
      of: "title", in: feed, with: TextFlood.ampersand.text())
    fake.failing(.earthObservatoryFeed, with: .body(fake.rewritten(hostile)))
    let sandbox = try Sandbox()
    let environment = [
      "BINGWALL_BACKEND": "none", "BINGWALL_SOURCES": "earth-observatory,apod",
      "BINGWALL_EARTH_OBSERVATORY_ENDPOINT": fake.baseURL, "BINGWALL_APOD_ENDPOINT": fake.baseURL,
    ]

    let started = ContinuousClock.now
    let result = try sandbox.run(["update", "--no-apply"], environment: environment)
    let elapsed = ContinuousClock.now - started
    print("update with a 4 MB title of '&': \(elapsed) (its limit: 180 s)")

    #expect(elapsed < Self.floodBound, "\(elapsed)")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "", "\(result.stderr)")
    let list = try sandbox.run(["list", "--json", "--limit", "0"], environment: environment)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stdout)")
    #expect(Set(rows.compactMap { $0["source"] as? String }) == ["earth-observatory", "apod"])
    // The title kept is the first 500 of its characters, as for any text from the network.
    let title = rows.first { $0["source"] as? String == "earth-observatory" }?["title"] as? String
    #expect(title == String(repeating: "&", count: 500))
  }

  /// A plain-http endpoint on the loopback (a test server, a mirror) redirects to TEST-NET-1:
  /// the hop is refused before it is made, and strace's record of the run holds no connect()
  /// to that address, only the loopback ones.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace"))
  func aPlainHTTPRedirectOffTheLoopbackMakesNoConnection() throws {
    let bing = try FakeBing()
    bing.server.route("/HPImageArchive.aspx", .redirect(to: "http://192.0.2.1/HPImageArchive.aspx"))
    let sandbox = try Sandbox()
    let trace = sandbox.folder.path + "/connect-\(UUID().uuidString)"
    let result = try sandbox.run(
      ["update", "--no-apply"],
      environment: ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"],
      under: ["/usr/bin/strace", "-f", "-qq", "-e", "trace=connect", "-o", trace])
    let connects = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")

    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "it redirects to http://192.0.2.1/HPImageArchive.aspx, which was not followed: "
          + "plain http to 192.0.2.1 would leave this machine unencrypted"),
      "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    // The trace recorded the run's connections: the one to the fake Bing, and none elsewhere.
    #expect(connects.contains { $0.contains("127.0.0.1") }, "\(connects)")
    #expect(!connects.contains { $0.contains("192.0.2.1") }, "\(connects)")
    // Each archive page asked (a first update asks two) was asked here, and only here.
    #expect(!bing.server.requests.isEmpty)
    #expect(bing.server.requests.allSatisfy { $0.path == "/HPImageArchive.aspx" }, "\(bing.server.requests)")
  }
}
