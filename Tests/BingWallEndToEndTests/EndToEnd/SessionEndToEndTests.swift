import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallSystem

/// The real binary on a system bus of its own with dbusmock's NetworkManager, UPower and logind,
/// against the fake Bing: an update held back and let go, and the daemon hearing the network come
/// back, the machine wake, and sleeping through 20 quiet seconds.
@Suite(
  .enabled(
    if: MockSystemBusInstall.installed, "needs dbus-daemon, gdbus and python3-dbusmock (make test-deps)"))
struct SessionEndToEndTests {
  let bing: FakeBing
  let sandbox: Sandbox
  let system: MockSystemBus
  var environment: [String: String]

  init() throws {
    bing = try FakeBing()
    sandbox = try Sandbox()
    system = try MockSystemBus()
    let runtime = sandbox.folder.file("run")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    environment = system.environment.merging([
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none", "XDG_RUNTIME_DIR": runtime,
    ]) { $1 }
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
  }

  /// The archive's recent page, asked for by every update that runs (the older page only by a
  /// market's first).
  var archiveRequests: Int { bing.archiveRequests(.recent) }

  @Test func aMeteredConnectionHoldsTheUpdateAndAllowLetsItGo() throws {
    try system.setMetered(3)
    let held = try sandbox.run(["update"], environment: environment)
    #expect(held.status == 0)
    #expect(
      held.stdout.hasPrefix("update skipped: the connection is metered (NetworkManager says GUESS_YES)"))
    #expect(held.stdout.split(separator: "\n").count == 1)
    #expect(archiveRequests == 0)
    let status = try sandbox.run(["status"], environment: environment)
    #expect(status.stdout.contains("the connection is metered (network.on_metered = skip)"))

    let allowed = try sandbox.run(
      ["update", "--no-apply"],
      environment: environment.merging(["BINGWALL_NETWORK_ON_METERED": "allow"]) { $1 })
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(allowed.stdout.contains("Lake title"))
    #expect(archiveRequests == 1)
  }

  @Test func theBatterySkipsAt15AllowsAt25AndOnAC() throws {
    try system.setPower(onBattery: true, percent: 15)
    let low = try sandbox.run(["update", "--no-apply"], environment: environment)
    #expect(low.stdout.hasPrefix("update skipped: on battery at 15%, below power.min_battery (20%)"))
    #expect(archiveRequests == 0)
    try system.setPower(onBattery: true, percent: 25)
    #expect(
      try sandbox.run(["update", "--no-apply"], environment: environment).stdout.contains("Lake title"))
    try system.setPower(onBattery: false, percent: 5)
    let plugged = try sandbox.run(["update", "--no-apply", "--force"], environment: environment)
    #expect(plugged.status == 0)
    #expect(archiveRequests == 2)
  }

  @Test func noBusAtAllAndTheUpdateGoesAhead() throws {
    var alone = environment
    alone["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(sandbox.folder.file("no-such-bus"))"
    let result = try sandbox.run(["update", "--no-apply"], environment: alone)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Lake title"))
  }

  /// Starts the daemon with its stderr in a file, for the log.
  func daemon() throws -> (Process, String) {
    let log = sandbox.folder.file("daemon.log")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sandbox.binary)
    process.arguments = ["daemon"]
    process.environment = sandbox.baseEnvironment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: log)
    try process.run()
    return (process, log)
  }

  static func voluntarySwitches(_ pid: Int32) -> Int? {
    let status = String(decoding: DetachedProcess.readProcFile("/proc/\(pid)/status"), as: UTF8.self)
    return status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
      .flatMap { Int($0.split(separator: "\t").last.map(String.init) ?? "") }
  }

  @Test func theDaemonUpdatesWithinAMinuteOfTheNetworkComingBack() throws {
    // Offline from the start: the daemon's first update fails and backs off.
    try system.setConnectivity(1)
    let online = Locked(false)
    let body = try JSONSerialization.data(withJSONObject: [
      "market": ["mkt": "en-US"], "images": FakeBing.week().map(\.json),
    ])
    bing.server.route("/HPImageArchive.aspx", query: ["mkt": "en-US"]) { _ in
      online.withLock { $0 } ? .json(String(decoding: body, as: UTF8.self)) : .status(503)
    }
    let (process, log) = try daemon()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    let text = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    #expect(eventually(within: 30) { text().contains("update failed:") })
    #expect(text().contains("listening on the system bus"))
    online.withLock { $0 = true }
    try system.setConnectivity(4)
    let heard = Date()
    #expect(eventually(within: 70) { text().contains("new picture: ") })
    #expect(Date().timeIntervalSince(heard) < 65)
    #expect(text().contains("the network is back; updating at "))

    try system.prepareForSleep(false)
    #expect(eventually(within: 10) { text().contains("resumed from sleep; reading the clock again") })
  }

  @Test func libsystemdIsMappedOnlyWhenThereIsABus() throws {
    let seeded = try sandbox.run(["update", "--no-apply"], environment: environment)
    try #require(seeded.status == 0)
    let (process, log) = try daemon()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    #expect(
      eventually(within: 10) {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("next update at")
      })
    #expect(DaemonEndToEndTests.maps(of: process.processIdentifier).contains("libsystemd.so.0"))

    // Without a bus socket the daemon says so and never loads the library.
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.file("run2"), withIntermediateDirectories: true)
    let alone = try sandbox.start(
      ["daemon", "--rotate", "1h"],
      environment: environment.merging([
        "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(sandbox.folder.file("none"))",
        "XDG_RUNTIME_DIR": sandbox.folder.file("run2"),
      ]) { $1 })
    defer {
      kill(alone.processIdentifier, SIGTERM)
      alone.waitUntilExit()
    }
    usleep(500_000)
    #expect(alone.isRunning)
    #expect(!DaemonEndToEndTests.maps(of: alone.processIdentifier).contains("libsystemd"))
    let update = try sandbox.run(
      ["update", "--no-apply"],
      environment: environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"]) { $1 })
    #expect(update.status == 0)
  }

  @Test func anIdleDaemonWithTheServicesUpNeverWakes() throws {
    let seeded = try sandbox.run(["update", "--no-apply"], environment: environment)
    try #require(seeded.status == 0)
    let (process, log) = try daemon()
    defer {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
    #expect(
      eventually(within: 10) {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("next update at")
      })
    usleep(500_000)
    let before = try #require(Self.voluntarySwitches(process.processIdentifier))
    sleep(20)
    let after = try #require(Self.voluntarySwitches(process.processIdentifier))
    #expect(after - before == 0)
  }
}
