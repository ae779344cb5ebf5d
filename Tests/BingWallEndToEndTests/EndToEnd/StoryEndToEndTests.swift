import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// The real binary fetching Bing's story from the fake Bing over real libcurl: the model's real
/// shape is stored, and a hostile model (50 MB, 100,000 deep, an HTML page, a drip) costs a
/// warning in bounded time while the pictures are stored all the same.
@Suite struct StoryEndToEndTests {
  static func setUp(model: FakeResponse) throws -> (Sandbox, FakeBing, [String: String]) {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: Paths.parent(of: sandbox.configFile), withIntermediateDirectories: true)
    try "[network]\ntimeout = 2\nstory = true\n".write(
      toFile: sandbox.configFile, atomically: true, encoding: .utf8)
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    bing.server.route("/hp/api/model", query: ["mkt": "en-US"], model)
    // The environment's word wins over the file's: the sandbox turns the story off by default.
    return (
      sandbox, bing,
      ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none", "BINGWALL_NETWORK_STORY": "true"]
    )
  }

  @Test func theRealShapeIsStoredAndShown() throws {
    let fixture = try Fixtures.data("bing/model-en-US.json")
    let (sandbox, bing, environment) = try Self.setUp(
      model: .json(String(decoding: fixture, as: UTF8.self)))
    let update = try sandbox.run(["update", "--no-apply"], environment: environment)
    #expect(update.status == 0, "\(update.stderr)")
    #expect(update.stderr == "")
    #expect(bing.server.count(path: "/hp/api/model") == 1)
    let show = try sandbox.run(["show", "OHR.Lake"], environment: environment)
    #expect(show.stdout.contains("\n\nA mirror at the top of the valley\n"))
    let search = try sandbox.run(["search", "rock flour"], environment: environment)
    #expect(search.stdout.contains("OHR.Lake"))
  }

  static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

  @Test(arguments: [
    ("50 MB", FakeResponse.bytes(Data(repeating: 0x20, count: 50 << 20), contentType: "application/json")),
    ("100,000 deep", .json(deep)),
    ("an HTML page", .html("<html><head><title>Bing</title></head><body>hello</body></html>")),
    (
      "a drip",
      FakeResponse(body: .sequence(count: 100_000), fault: .slowBody(chunkBytes: 1, interval: 0.5))
        .with(header: "Content-Type", "application/json")
    ),
  ])
  func aHostileModelIsAWarningAndThePicturesAreStored(what: String, model: FakeResponse) throws {
    let (sandbox, bing, environment) = try Self.setUp(model: model)
    defer { withExtendedLifetime(bing) {} }
    let started = ContinuousClock.now
    let update = try sandbox.run(["update", "--no-apply"], environment: environment)
    let elapsed = ContinuousClock.now - started
    #expect(update.status == 0, "\(what): \(update.stderr)")
    #expect(elapsed < .seconds(12), "\(what): \(elapsed)")
    #expect(sandbox.imageFiles().count == 2, "\(what)")
    let lines = update.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(what): \(update.stderr)")
    #expect(
      lines.first?.hasPrefix("bingwall: warning: cannot fetch Bing's story of the en-US pictures") == true,
      "\(what)")
  }
}
