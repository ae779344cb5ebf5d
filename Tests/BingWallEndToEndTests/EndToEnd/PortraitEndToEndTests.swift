import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallImage
@testable import BingWallStore
@testable import BingWallSystem

/// The portrait file through the real binary: real libcurl against the fake Bing on loopback,
/// an X session whose `xrandr --listactivemonitors` (a stand-in) lists a screen on its side.
@Suite struct PortraitEndToEndTests {
  @Test func updateFetchesThePortraitFileOverRealHTTP() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    try bing.serveJPEG(week[0], resolution: "1080x1920", width: 1080, height: 1920)
    // A size Bing lacks for this picture.
    bing.serve(week[1], resolution: "1080x1920", .status(404))

    let bin = sandbox.folder.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let monitors = Fixtures.path("outputs/xrandr-listmonitors.txt")
    for (name, body) in [("xrandr", "cat '\(monitors)'"), ("feh", "exit 0")] {
      try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: bin + "/" + name)
    }
    let environment = [
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "feh", "DISPLAY": ":4242",
      "PATH": "\(bin):/usr/local/bin:/usr/bin:/bin",
    ]
    let result = try sandbox.run(["update", "--no-apply", "--json"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let portraits = try #require(object["portraits"] as? [[String: Any]])
    #expect(portraits.map { $0["key"] as? String } == [week[0].key])
    let path = try #require(portraits.first?["path"] as? String)
    #expect(path == sandbox.imageDir + "/2026-12-01_Lake_1080x1920.jpg")
    #expect(try JPEGInspector.inspect(fileAt: path).width == 1080)
    #expect(bing.imageRequests(week[0], resolution: "1080x1920") == 1)

    // Asked once: neither the stored one nor the one Bing lacks is asked for again.
    #expect(try sandbox.run(["update", "--no-apply", "-q"], environment: environment).status == 0)
    #expect(bing.imageRequests(week[0], resolution: "1080x1920") == 1)
    #expect(bing.imageRequests(week[1], resolution: "1080x1920") == 1)
  }
}
