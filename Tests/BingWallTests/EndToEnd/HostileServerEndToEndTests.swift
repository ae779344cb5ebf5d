import Foundation
import Testing

@testable import BingWallSystem

/// The real binary against a fake Bing that misbehaves on purpose: whatever the server does, the
/// update ends in bounded time with a clear message and stores only whole pictures.
@Suite struct HostileServerEndToEndTests {
  /// A sandbox whose config sets `network.timeout = 2`, and a fake Bing serving `images`.
  static func setUp(_ images: [FakeBingImage]) throws -> (Sandbox, FakeBing, [String: String]) {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: Paths.parent(of: sandbox.configFile), withIntermediateDirectories: true)
    try "[network]\ntimeout = 2\n".write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
    try bing.publish(market: "en-US", images: images)
    return (sandbox, bing, ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"])
  }

  /// One byte every half second: without stall detection three attempts of 10 × timeout (60 s)
  /// held the update for a minute; now each attempt ends 2 s after the drip starts, and the
  /// whole update within its time limit (6 × timeout = 12 s).
  @Test func aDrippingPictureEndsInBoundedTime() throws {
    let week = Array(FakeBing.week().prefix(2))
    let (sandbox, bing, environment) = try Self.setUp(week)
    try bing.serveJPEG(week[1])
    bing.serve(
      week[0], resolution: "UHD",
      FakeResponse(body: .sequence(count: 100_000), fault: .slowBody(chunkBytes: 1, interval: 0.5))
        .with(header: "Content-Type", "image/jpeg"))
    let started = ContinuousClock.now
    let result = try sandbox.run(["update", "--no-apply"], environment: environment)
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(14), "\(elapsed)")
    #expect(result.status == 75, "\(result.stderr)")
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("too slow") || result.stderr.contains("time limit"), "\(result.stderr)")
    // The other picture is stored; nothing of the dripping one is.
    #expect(sandbox.imageFiles().count == 1)
    #expect(sandbox.imageFiles().first?.contains(week[1].name) == true)
  }
}
