import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallSystem

/// `apply --lock-screen` inside the test process: a desktop without a lock screen picture gets the
/// background and one warning line on stderr, for a file as for a stored picture, exit status 0.
@Suite struct ApplyInProcessTests {
  static let warning =
    "bingwall: warning: this desktop (mate) has no lock screen picture to set; only the background changed\n"

  /// One stored picture (`update --no-apply` from the scripted Bing) and a `gsettings` that keeps
  /// what it is given, so the backend's read back sees the picture it set.
  static func context() throws -> InProcess {
    let run = try FakeBingRun.context(days: 1)
    run.environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/scripted/bus"
    #expect(run.run(["update", "--market", "en-US", "--no-apply"]).status == 0)
    stubKeepingGSettings(run)
    return run
  }

  /// A `gsettings` that keeps what it is given and reads it back.
  static func stubKeepingGSettings(_ run: InProcess) {
    let stored = Mutex<[String: String]>([:])
    run.processes.stub("gsettings") { arguments in
      switch arguments.dropFirst().first {
      case "set":
        stored.withLock { $0[arguments[2] + " " + arguments[3]] = arguments[4] }
        return .exit(0)
      case "get":
        let value = stored.withLock { $0[arguments[2] + " " + arguments[3]] } ?? "''"
        return .exit(0, stdout: value + "\n")
      default:
        return .exit(1, stderr: "unexpected \(arguments)")
      }
    }
  }

  static func picture(in run: InProcess) throws -> String {
    let path = run.home.file("own picture.jpg")
    try TestJPEG.make(width: 8, height: 8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [false, true])
  func aFileOnADesktopWithoutALockScreenWarnsOnce(quiet: Bool) throws {
    let run = try Self.context()
    let path = try Self.picture(in: run)
    let result = run.run(["apply", path, "--backend", "mate", "--lock-screen"] + (quiet ? ["-q"] : []))
    #expect(result.status == 0)
    #expect(result.stdout == (quiet ? "" : "Applied \(path) with mate\n"))
    #expect(result.stderr == Self.warning)
    #expect(run.processes.calls.last == ["gsettings", "get", "org.mate.background", "picture-filename"])
  }

  @Test(arguments: [false, true])
  func aStoredPictureOnADesktopWithoutALockScreenWarnsOnce(quiet: Bool) throws {
    let run = try Self.context()
    let result = run.run(["apply", "latest", "--backend", "mate", "--lock-screen"] + (quiet ? ["-q"] : []))
    #expect(result.status == 0)
    #expect(result.stdout == (quiet ? "" : "Applied 2026-12-01 OHR.Lake (Lake title) with mate\n"))
    #expect(result.stderr == Self.warning)
  }

  /// Config's `lock_screen = true` asks the same as the flag.
  @Test func theConfigKeyAsksTheSame() throws {
    let run = try Self.context()
    run.environment["BINGWALL_LOCK_SCREEN"] = "true"
    let result = run.run(["apply", "--backend", "mate"])
    #expect(result.status == 0)
    #expect(result.stderr == Self.warning)
  }

  /// Cinnamon's lock screen shows the background, so there is nothing to warn about; and without
  /// `--lock-screen` MATE says nothing either.
  @Test(arguments: [("cinnamon", true), ("mate", false)])
  func noWarningWhenThereIsNothingMissing(backend: String, lockScreen: Bool) throws {
    let run = try Self.context()
    let path = try Self.picture(in: run)
    let result = run.run(["apply", path, "--backend", backend] + (lockScreen ? ["--lock-screen"] : []))
    #expect(result.status == 0)
    #expect(result.stdout == "Applied \(path) with \(backend)\n")
    #expect(result.stderr == "")
  }

  /// After `apply FILE`, `status` names the file as current, not the last stored picture; the
  /// next stored picture set is current again.
  @Test func statusNamesAnAppliedFileAsCurrent() throws {
    let run = try Self.context()
    #expect(run.run(["apply", "latest", "--backend", "mate"]).status == 0)
    #expect(run.run(["status"]).stdout.hasPrefix("current:      2026-12-01 OHR.Lake (Lake title)\n"))
    let path = try Self.picture(in: run)
    #expect(run.run(["apply", path, "--backend", "mate"]).status == 0)
    let status = run.run(["status"])
    #expect(
      status.stdout.hasPrefix("current:      \(path) (a file, not in the history)\n"), "\(status.stdout)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.run(["status", "--json"]).stdout.utf8))
        as? [String: Any])
    #expect(json["current_file"] as? String == path)
    #expect(json["current"] is NSNull)
    #expect(run.run(["apply", "latest", "--backend", "mate"]).status == 0)
    #expect(run.run(["status"]).stdout.hasPrefix("current:      2026-12-01 OHR.Lake (Lake title)\n"))
  }

  /// Half a JPEG starts right, and swaybg or xfdesktop would draw grey while saying nothing.
  @Test func aJPEGCutInHalfIsRefusedBeforeAnyToolRuns() throws {
    let run = try Self.context()
    let path = run.home.file("half.jpg")
    let whole = try TestJPEG.make(width: 8, height: 8)
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
    let before = run.processes.calls.count
    let result = run.run(["apply", path, "--backend", "mate"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("bingwall: error: \(path) is not a whole JPEG picture ("), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("); nothing was changed\n"))
    #expect(run.processes.calls.count == before)
  }

  /// A stored picture (from before downloads checked the bound, or replaced since) whose decode
  /// would take 768 MB is refused, before any tool runs: `apply`, `random` and the daemon's
  /// rotation all set a stored picture through here, and the desktop would decode it whole.
  @Test func aStoredPictureTooCostlyToDecodeIsRefusedBeforeAnyToolRuns() throws {
    let run = try Self.context()
    let stored = run.paths.defaultImageDir + "/2026-12-01_Lake_UHD.jpg"
    #expect(FileManager.default.fileExists(atPath: stored))
    try ForgedJPEG.make(width: 16384, height: 16384, scanBytes: 300 * 1024).write(
      to: URL(fileURLWithPath: stored))
    let before = run.processes.calls.count
    let result = run.run(["apply", "latest", "--backend", "mate"])
    #expect(result.status == 1)
    let error = ImageCheckError.tooCostlyToDecode(
      path: stored, width: 16384, height: 16384, components: 3, progressive: true, bytes: 805_306_368,
      limit: JPEGInspector.maximumDecodeBytes)
    #expect(result.stderr == Diagnostic.lines(for: error).map { $0 + "\n" }.joined())
    #expect(run.processes.calls.count == before)
  }
}
