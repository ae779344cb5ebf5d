import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSession
@testable import BingWallSystem

/// `-v` in the test process: `update` and `apply` tell on stderr, one `bingwall: info: …` line
/// each, the conditions checked, each URL and its status (without credentials), each file
/// written, the backend and why, the screens read and the screens' pictures; without `-v`, none.
@Suite struct VerboseInProcessTests {
  /// Bing behind an endpoint that carries a user and a password, as a proxy's URL may.
  static let endpoint = "https://reader:s3cret@bing.test"

  /// The scripted week's first `days` pictures, from an endpoint with credentials, on a
  /// connection that is not metered and a battery at 80%.
  static func context(days: Int = 2, backend: String = "none") throws -> InProcess {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": endpoint, "BINGWALL_BACKEND": backend])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let images = Array(FakeBingRun.week.prefix(days))
    try FakeBingRun.serve(run, listing: images, pictures: images)
    FakeBingRun.stubNoAutostart(run)
    run.conditions.withLock {
      $0 = SessionConditions(
        network: NetworkState(meteredValue: 2, connectivity: .full),
        power: PowerState(onBattery: true, percentage: 80.6))
    }
    return run
  }

  /// The `-v` lines of a run's stderr, without their prefix.
  static func infos(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").compactMap { line in
      guard let (kind, text) = Diagnostic.parse(line), kind == .info else { return nil }
      return String(text)
    }
  }

  @Test func updateTellsTheConditionsEachURLAndEachFileWritten() throws {
    let run = try Self.context()
    let result = run.run(["-v", "update", "--market", "en-US"])
    #expect(result.status == 0, "\(result.stderr)")
    let infos = Self.infos(result.stderr)
    // Every line of stderr is one of them, in the voice.
    #expect(infos.count == result.stderr.split(separator: "\n").count, "\(result.stderr)")
    #expect(infos.first == "metered network: no (NetworkManager says NO)")
    #expect(infos.dropFirst().first == "battery: 80%, not below power.min_battery (20%)")
    #expect(
      infos.contains(
        "GET https://bing.test/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1: HTTP 200"),
      "\(infos)")
    let pictures = infos.filter { $0.hasPrefix("GET https://bing.test/th?id=OHR.") }
    #expect(pictures.count == 2, "\(infos)")
    #expect(pictures.allSatisfy { $0.hasSuffix("_UHD.jpg: HTTP 200") }, "\(pictures)")
    // The credentials went to the server, and nowhere on the screen.
    #expect(run.http.requests.allSatisfy { $0.contains("reader:s3cret@") })
    #expect(!result.stderr.contains("s3cret"))
    #expect(!result.stderr.contains("reader"))
    let written = infos.filter { $0.hasPrefix("picture: wrote ") }.map { String($0.dropFirst(15)) }
    #expect(written.count == 2, "\(infos)")
    for path in written {
      #expect(path.hasPrefix(run.paths.defaultImageDir + "/"))
      #expect(FileManager.default.fileExists(atPath: path))
    }
    // The newest picture is applied: the backend and why, and why no screen was read.
    #expect(infos.contains("backend: none (asked for by name)"), "\(infos)")
    #expect(infos.contains("screens: not read; none is given the picture as it is"), "\(infos)")
  }

  /// Without `-v` the same update prints what it printed before: nothing on stderr, the same
  /// stdout as with it.
  @Test func withoutVerboseNothingIsTold() throws {
    let quiet = try Self.context().run(["update", "--market", "en-US"])
    let verbose = try Self.context().run(["update", "--market", "en-US", "--verbose"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
    #expect(!verbose.stderr.isEmpty)
    #expect(verbose.stdout == quiet.stdout)
  }

  @Test func forcedOrLiftedConditionsSayTheyWereNotChecked() throws {
    let forced = try Self.context().run(["update", "-v", "--no-apply", "--force"])
    #expect(Self.infos(forced.stderr).first == "conditions: not checked (--force)")

    let lifted = try Self.context()
    lifted.environment["BINGWALL_NETWORK_ON_METERED"] = "allow"
    lifted.environment["BINGWALL_POWER_MIN_BATTERY"] = "0"
    let result = lifted.run(["update", "-v", "--no-apply"])
    #expect(
      Array(Self.infos(result.stderr).prefix(2)) == [
        "metered network: not checked (network.on_metered = allow)",
        "battery: not checked (power.min_battery = 0%)",
      ], "\(result.stderr)")
    #expect(lifted.conditionsAsked.withLock { $0 }.isEmpty)
  }

  @Test func aFailedRequestIsToldByItsCauseWithoutTheURLsCredentials() throws {
    let run = try Self.context()
    run.http.stub(
      "/HPImageArchive.aspx",
      .failure(.transport(url: Self.endpoint + "/HPImageArchive.aspx", code: 6, message: "no such host")))
    let result = run.run(["update", "-v", "--no-apply", "--market", "en-US"])
    #expect(result.status == 75)
    let failed = Self.infos(result.stderr).filter { $0.hasPrefix("GET ") && $0.contains("&idx=0&") }
    // Tried three times (the update's retry loop), each attempt told.
    #expect(failed.count == 3, "\(failed)")
    #expect(
      failed.allSatisfy {
        $0
          == "GET https://bing.test/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1: failed, no such host"
      }, "\(failed)")
  }

  /// `apply` on an X11 session with feh: the backend and why, the screen xrandr listed, and the
  /// screen's picture made the first time and taken from the cache the second.
  @Test func applyTellsTheBackendTheScreensAndTheScreensPictures() throws {
    let run = try Self.context(days: 1, backend: "auto")
    #expect(run.run(["update", "--no-apply", "--market", "en-US"]).status == 0)
    Self.fehSession(run)

    let first = run.run(["apply", "-v"])
    #expect(first.status == 0, "\(first.stderr)")
    let infos = Self.infos(first.stderr)
    #expect(infos.first == "backend: feh (an X11 session with feh installed)", "\(infos)")
    #expect(infos.contains("screen: eDP-1 64x48 at 0,0, primary (xrandr)"), "\(infos)")
    let made = try #require(infos.first { $0.hasPrefix("screen picture for eDP-1: wrote ") }, "\(infos)")
    let path = String(made.dropFirst("screen picture for eDP-1: wrote ".count))
    #expect(path.hasPrefix(run.paths.cacheDir + "/screens/"))
    #expect(FileManager.default.fileExists(atPath: path))

    let second = run.run(["apply", "-v"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      Self.infos(second.stderr).contains("screen picture for eDP-1: from the cache, " + path),
      "\(second.stderr)")
    #expect(second.stdout == first.stdout)

    let plain = run.run(["apply"])
    #expect(plain.status == 0)
    #expect(plain.stderr == "")
  }

  @Test func aURLIsShownWithoutItsUserPasswordOrSecretQueryValues() {
    #expect(
      RedactedURL.text("https://user:p%40ss@proxy.example:8080/a/b?mkt=en-US&api_key=k1&Token=t&sig=s#frag")
        == "https://proxy.example:8080/a/b?mkt=en-US&api_key=REDACTED&Token=REDACTED&sig=REDACTED")
    #expect(
      RedactedURL.text("https://www.bing.com/th?id=OHR.Lake_EN-US123_UHD.jpg")
        == "https://www.bing.com/th?id=OHR.Lake_EN-US123_UHD.jpg")
    #expect(RedactedURL.text("http://host/p@th") == "http://host/p@th")
  }

  /// An X11 session with feh and one 64x48 screen, as `xrandr` lists it; feh records what it set
  /// in ~/.fehbg, which the backend reads back.
  static func fehSession(_ run: InProcess) {
    run.environment["DISPLAY"] = ":0"
    run.processes.install("feh", at: "/usr/bin/feh")
    run.processes.stub(["xrandr", "--listactivemonitors"]) { _ in
      .exit(0, stdout: "Monitors: 1\n 0: +*eDP-1 64/344x48/194+0+0  eDP-1\n")
    }
    let fehbg = run.home.path + "/.fehbg"
    run.processes.stub("feh") { arguments in
      let line = "feh --no-fehbg \(arguments[1]) '\(arguments.last ?? "")'\n"
      return FileManager.default.createFile(atPath: fehbg, contents: Data(line.utf8)) ? .exit(0) : .exit(1)
    }
  }
}
