import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallSystem

/// The daemon's children read the configuration the daemon last loaded, not the file as it is
/// now: an edit (or a broken save) reaches them only through SIGHUP.
@Suite struct DaemonConfigSnapshotTests {
  static func snapshot(_ run: InProcess) -> DaemonConfigSnapshot {
    DaemonConfigSnapshot(
      path: run.home.file("daemon-config.toml"),
      source: ConfigLocation(configFile: nil, context: run.context()))
  }

  @Test func theCopyIsTheFileAsLoadedAndALaterEditDoesNotReachIt() throws {
    let run = try InProcess()
    try Paths.ensureDirectory(Paths.parent(of: run.paths.configFile))
    try "[network]\ntimeout = 7\n".write(toFile: run.paths.configFile, atomically: true, encoding: .utf8)
    let snapshot = Self.snapshot(run)
    let log = DaemonLog(output: BufferOutput(), clock: run.clock, environment: [:])

    let path = try #require(snapshot.save(log: log))
    try "[network\nbroken".write(toFile: run.paths.configFile, atomically: true, encoding: .utf8)

    #expect(path == run.home.file("daemon-config.toml"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[network]\ntimeout = 7\n")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func withNoConfigFileTheCopyIsEmptySoTheChildUsesTheDefaults() throws {
    let run = try InProcess()
    let path = try #require(
      Self.snapshot(run).save(log: DaemonLog(output: BufferOutput(), clock: run.clock, environment: [:])))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
  }

  @Test func theChildIsToldToReadTheCopy() throws {
    let run = try InProcess()
    let child = DaemonUpdateChild(
      context: run.context(), executable: "/bin/bingwall", configFile: "/etc/given.toml",
      journal: SchedulerJournal(file: StateFile(stateDir: run.paths.stateDir), random: run.random),
      log: DaemonLog(output: BufferOutput(), clock: run.clock, environment: [:]))
    let arguments = child.arguments(
      markets: [Market("en-US")!], resolution: Resolution("UHD")!, snapshot: "/run/copy.toml")
    #expect(arguments.contains("--config"))
    #expect(arguments[arguments.firstIndex(of: "--config")! + 1] == "/run/copy.toml")
    #expect(!arguments.contains("/etc/given.toml"))
  }
}
