import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing

/// Config values through the real binary at every door: an option is checked as `config set`
/// checks its key, before anything is asked or written.
@Suite struct ConfigDoorsEndToEndTests {
  @Test func aBadOptionValueIsRefusedBeforeAnythingChanges() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(1))
    try bing.publish(market: "en-GB", images: week)
    for image in week { try bing.serveJPEG(image) }
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]

    let market = try sandbox.run(["update", "-m", "en_GB"], environment: environment)
    #expect(market.status == 64)
    #expect(
      market.stderr == """
        bingwall: error: '-m': 'en_GB' is not allowed; 'bingwall config keys' lists the values of 'markets'
        bingwall: hint: did you mean 'en-GB'?

        """)
    let resolution = try sandbox.run(
      ["update", "--source", "bing", "--resolution=4k"], environment: environment)
    #expect(resolution.status == 64)
    #expect(
      resolution.stderr.hasPrefix("bingwall: error: '--resolution': '4k' is not allowed (one of: UHD, "))
    #expect(resolution.stderr.hasSuffix("\nbingwall: hint: did you mean 'UHD'?\n"))
    #expect(bing.archiveRequests(.recent) == 0, "nothing was asked")
    #expect(!FileManager.default.fileExists(atPath: sandbox.dataDir + "/history.db"), "nothing was written")
  }

  /// An update from cron (`--quiet`) with a bad line in the file still updates, and says the
  /// line once on stderr, which cron mails.
  @Test func aCronUpdateWithABadLineStillUpdatesAndSaysIt() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    try "markets = [\"en-US\"]\nmode = \"fil\"\nretention.keep = 5\n".write(
      toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]

    let update = try sandbox.run(["update", "--quiet", "--no-apply"], environment: environment)
    #expect(update.status == 0, "\(update.stderr)")
    #expect(
      update.stderr == """
        bingwall: warning: \(sandbox.configFile):2: 'mode': 'fil' is not allowed (one of: auto, fill, fit, stretch, center, tile); line ignored: mode = "auto" (default)
        bingwall: hint: did you mean 'fill'?

        """)
    #expect(sandbox.imageFiles().count == 2)
    let status = try sandbox.run(["status"], environment: environment)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stderr.hasPrefix("bingwall: warning: \(sandbox.configFile):2: 'mode': 'fil'"))

    let doctor = try sandbox.run(["doctor"], environment: environment)
    #expect(doctor.status == 1, "\(doctor.stdout)\(doctor.stderr)")
    #expect(doctor.stdout.contains("\(sandbox.configFile):2"), "\(doctor.stdout)")
  }
}
