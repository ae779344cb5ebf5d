import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallSession
@testable import BingWallSystem

/// `update` on a metered connection or a low battery, in the test process: the conditions are the
/// context's seam (what the system bus would say), Bing is scripted, so "no request was made" is
/// proved by the scripted client, which fails the test on any request it was not given.
@Suite struct ConditionsInProcessTests {
  static func metered(_ value: UInt32 = 3) -> SessionConditions {
    SessionConditions(network: NetworkState(meteredValue: value, connectivity: .full))
  }

  static func battery(_ percent: Double, onBattery: Bool = true) -> SessionConditions {
    SessionConditions(power: PowerState(onBattery: onBattery, percentage: percent))
  }

  static func configure(_ run: InProcess, _ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: Paths.parent(of: run.paths.configFile), withIntermediateDirectories: true)
    try text.write(toFile: run.paths.configFile, atomically: true, encoding: .utf8)
  }

  /// A context whose Bing has not been scripted: any request fails the test.
  static func unscripted(_ environment: [String: String] = [:]) throws -> InProcess {
    let run = try InProcess(
      environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint, "BINGWALL_BACKEND": "none"].merging(
        environment
      ) { $1 })
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    FakeBingRun.stubNoAutostart(run)
    return run
  }

  @Test func aMeteredConnectionSkipsTheUpdateWithOneLineAndStatusSaysWhy() throws {
    let run = try Self.unscripted()
    run.conditions.withLock { $0 = Self.metered() }
    let result = run.run(["update"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "update skipped: the connection is metered (NetworkManager says GUESS_YES); "
        + "set network.on_metered = allow, or run update --force\n")
    #expect(result.stderr == "")
    #expect(run.http.requests.isEmpty)
    let state = StateFile(stateDir: run.paths.stateDir).load()
    #expect(state.skipReason == .metered)
    #expect(state.lastSkip == UTC.at("2026-12-01T09:00:00Z"))
    #expect(state.lastUpdateAttempt == nil)

    run.environment["TZ"] = "UTC0"
    let status = run.run(["status"])
    #expect(
      status.stdout.contains(
        "skipped:      today 09:00, now, the connection is metered (network.on_metered = skip)\n"))
    let json =
      try JSONSerialization.jsonObject(with: Data(run.run(["status", "--json"]).stdout.utf8))
      as? [String: Any]
    // Looked at again an hour later at the latest, not at once (no busy daemon) and not tomorrow.
    #expect(json?["next_update"] as? String == "2026-12-01T10:00:00Z")
    let last = try #require(json?["last_update"] as? [String: Any])
    #expect(last["skipped"] as? String == "metered")
    #expect(last["skipped_at"] as? String == "2026-12-01T09:00:00Z")
    #expect(last["at"] is NSNull)
    #expect(last["ok"] as? Bool == false)

    let updateJSON = run.run(["update", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(updateJSON.stdout.utf8)) as? [String: Any]
    #expect((object?["held"] as? [String: Any])?["reason"] as? String == "metered")
    #expect((object?["fetched"] as? [Any])?.isEmpty == true)
  }

  @Test func metered_YES_too_but_not_GUESS_NO_or_UNKNOWN() throws {
    for (value, held) in [(UInt32(1), true), (3, true), (2, false), (4, false), (0, false)] {
      let run = try FakeBingRun.context()
      run.conditions.withLock { $0 = Self.metered(value) }
      let result = run.run(["update", "--no-apply"])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("update skipped:") == held, "NMMetered \(value)")
      #expect(run.http.requests.isEmpty == held, "NMMetered \(value)")
    }
  }

  @Test func allowForceAndTheEnvironmentLiftTheMeteredSkip() throws {
    let allowed = try FakeBingRun.context()
    try Self.configure(allowed, "[network]\non_metered = \"allow\"\n")
    allowed.conditions.withLock { $0 = Self.metered() }
    #expect(allowed.run(["update", "--no-apply"]).stdout.contains("Lake title"))
    // With the setting lifted, NetworkManager is not even asked.
    #expect(allowed.conditionsAsked.withLock { $0 }.allSatisfy { !$0.network })

    let overridden = try InProcess(
      environment: [
        "BINGWALL_ENDPOINT": FakeBingRun.endpoint, "BINGWALL_BACKEND": "none",
        "BINGWALL_NETWORK_ON_METERED": "allow",
      ])
    overridden.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    try FakeBingRun.serve(
      overridden, listing: Array(FakeBingRun.week.prefix(2)),
      pictures: Array(FakeBingRun.week.prefix(2)))
    overridden.conditions.withLock { $0 = Self.metered() }
    #expect(overridden.run(["update", "--no-apply"]).stdout.contains("Lake title"))

    let forced = try FakeBingRun.context()
    forced.conditions.withLock { $0 = Self.metered() }
    #expect(forced.run(["update", "--no-apply", "--force"]).stdout.contains("Lake title"))
    #expect(forced.conditionsAsked.withLock { $0 }.isEmpty)
  }

  @Test func aLowBatterySkipsAt15AllowsAt25AndOnAC() throws {
    let low = try Self.unscripted()
    low.conditions.withLock { $0 = Self.battery(15.4) }
    let skipped = low.run(["update"])
    #expect(
      skipped.stdout
        == "update skipped: on battery at 15%, below power.min_battery (20%); plug in, or run update --force\n"
    )
    #expect(StateFile(stateDir: low.paths.stateDir).load().skipReason == .battery)

    let charged = try FakeBingRun.context()
    charged.conditions.withLock { $0 = Self.battery(25) }
    #expect(charged.run(["update", "--no-apply"]).stdout.contains("Lake title"))

    let plugged = try FakeBingRun.context()
    plugged.conditions.withLock { $0 = Self.battery(5, onBattery: false) }
    #expect(plugged.run(["update", "--no-apply"]).stdout.contains("Lake title"))
    // And a run that does go ahead clears the skip.
    #expect(StateFile(stateDir: plugged.paths.stateDir).load().lastSkip == nil)
  }

  @Test func zeroPercentNeverAsksUPowerAndUnknownNeverHolds() throws {
    let off = try FakeBingRun.context()
    try Self.configure(off, "[power]\nmin_battery = \"0%\"\n")
    off.conditions.withLock { $0 = Self.battery(3) }
    #expect(off.run(["update", "--no-apply"]).stdout.contains("Lake title"))
    #expect(off.conditionsAsked.withLock { $0 }.map(\.power) == [false])

    // The default context: no system bus at all. Both are asked, nothing is known, it runs.
    let unknown = try FakeBingRun.context()
    #expect(unknown.run(["update", "--no-apply"]).stdout.contains("Lake title"))
    #expect(unknown.conditionsAsked.withLock { $0 }.map { [$0.network, $0.power] } == [[true, true]])
  }

  /// A threshold out of range is one warning, and the update goes on with the default (a bad
  /// line is never a wall: an hourly update from cron still runs).
  @Test func theThresholdIsChecked() throws {
    let run = try FakeBingRun.context()
    try Self.configure(run, "[power]\nmin_battery = \"120%\"\n")
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("bingwall: warning: "), "\(result.stderr)")
    #expect(result.stderr.contains("expected a percentage from 0% to 100%"))
    #expect(BatteryThreshold("20%")?.percent == 20)
    #expect(BatteryThreshold("20")?.percent == 20)
    #expect(BatteryThreshold("off")?.percent == 0)
    #expect(BatteryThreshold("-1%") == nil)
  }

  @Test func aRotationIsNeverHeldBack() throws {
    let run = try FakeBingRun.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    run.conditions.withLock {
      $0 = SessionConditions(network: Self.metered().network, power: Self.battery(1).power)
    }
    let asked = run.conditionsAsked.withLock { $0.count }
    let result = run.run(["random"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(run.conditionsAsked.withLock { $0.count } == asked)
  }
}
