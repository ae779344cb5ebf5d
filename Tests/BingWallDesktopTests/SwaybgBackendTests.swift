import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// Our own swaybg: started detached, its pid recorded, the previous one stopped only when it still
/// is a swaybg. The stub keeps running like swaybg does (its name stays `swaybg` in /proc, which
/// `exec sleep` would change), and every test stops what it started.
@Suite struct SwaybgBackendTests {
  /// Runs until stopped; stops its sleep too, so nothing outlives the test.
  static let longRunning = "trap 'kill $! 2>/dev/null; exit 0' TERM\n/bin/sleep 30 &\nwait"

  let stubs: ToolStubs
  let session: DesktopSession
  var backend = SwaybgBackend()

  init() throws {
    stubs = try ToolStubs()
    try FileManager.default.createDirectory(
      atPath: stubs.folder.file("run"), withIntermediateDirectories: true)
    session = stubs.session(ToolStubs.wayland.merging(["XDG_RUNTIME_DIR": stubs.folder.file("run")]) { $1 })
    backend.handover = .milliseconds(200)
  }

  var pidFile: String { stubs.folder.file("run/bingwall-swaybg.pid") }

  func recordedPid() -> pid_t? {
    (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
      pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Ends `pid` and everything in its session-sized process group, and reaps it.
  func stop(_ pid: pid_t?) {
    guard let pid, pid > 1, DetachedProcess.exitStatus(of: pid) == nil else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }

  func isRunning(_ pid: pid_t) -> Bool { DetachedProcess.exitStatus(of: pid) == nil }

  @Test(arguments: [
    (WallpaperMode.auto, "fill"), (.fill, "fill"), (.fit, "fit"), (.stretch, "stretch"), (.center, "center"),
    (.tile, "tile"),
  ])
  func startsADetachedSwaybgAndRecordsIt(mode: WallpaperMode, flag: String) throws {
    try stubs.install("swaybg", then: Self.longRunning)
    try backend.set(WallpaperRequest(path: "/pics/a b.jpg", mode: mode), in: session)
    let pid = try #require(recordedPid())

    #expect(isRunning(pid))
    #expect(DetachedProcess.commandName(of: pid) == "swaybg")
    #expect(getsid(pid) == pid)  // Its own session: our terminal's hang-up does not reach it.
    #expect(stubs.calls() == [["swaybg", "-o", "*", "-i", "/pics/a b.jpg", "-m", flag]])
    #expect(try backend.current(in: session) == "/pics/a b.jpg")
    stop(pid)
    #expect(try backend.current(in: session) == nil)
  }

  @Test func theNextPictureStopsTheOldSwaybgAndKeepsTheNew() throws {
    try stubs.install("swaybg", then: Self.longRunning)
    try backend.set(WallpaperRequest(path: "/one.jpg", mode: .fill), in: session)
    let first = try #require(recordedPid())
    defer { stop(first) }
    try backend.set(WallpaperRequest(path: "/two.jpg", mode: .fill), in: session)
    let second = try #require(recordedPid())
    defer { stop(second) }

    #expect(first != second)
    #expect(isRunning(second))
    // The backend reaped it, so it is gone altogether.
    #expect(kill(first, 0) == -1 && errno == ESRCH)
    #expect(stubs.calls().map { $0[4] } == ["/one.jpg", "/two.jpg"])
  }

  @Test func aRecordedPidThatIsNoLongerSwaybgIsLeftAlone() throws {
    try stubs.install("swaybg", then: Self.longRunning)
    let other = try DetachedProcess.spawn(
      executable: "/bin/sleep", arguments: ["sleep", "30"], environment: [:])
    defer { stop(other) }
    try FileManager.default.createDirectory(
      atPath: stubs.folder.file("run"), withIntermediateDirectories: true)
    try Data("\(other)\n".utf8).write(to: URL(fileURLWithPath: pidFile))

    try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: session)
    let started = try #require(recordedPid())
    defer { stop(started) }

    #expect(started != other)
    #expect(isRunning(other))
  }

  @Test func aSwaybgThatExitsAtOnceIsAFailure() throws {
    try stubs.install("swaybg", then: "exit 1")
    #expect {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: session)
    } throws: { error in
      guard case .toolFailed("swaybg", _, 1, _) = error as? DesktopError else { return false }
      return true
    }
    #expect(recordedPid() == nil)
  }

  @Test func missingSwaybgIsUnavailableAndSetSaysSo() throws {
    #expect(!backend.isAvailable(in: session))
    #expect(throws: DesktopError.toolMissing(backend: "swaybg", tool: "swaybg")) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: session)
    }
  }

  /// A stale `XDG_RUNTIME_DIR` is the session's problem: we neither make it nor fail the change.
  @Test func aMissingRuntimeFolderIsNotCreated() throws {
    let stubPid = stubs.folder.file("stub.pid")
    try stubs.install("swaybg", then: "echo $$ > '\(stubPid)'\n" + Self.longRunning)
    let missing = stubs.folder.file("gone/run")
    let stale = stubs.session(ToolStubs.wayland.merging(["XDG_RUNTIME_DIR": missing]) { $1 })
    try backend.set(WallpaperRequest(path: "/pics/a.jpg", mode: .fill), in: stale)
    #expect(!FileManager.default.fileExists(atPath: stubs.folder.file("gone")))
    let started = stubs.calls().count
    #expect(started == 1)
    // The stub is a script, so /proc names it /bin/sh; it wrote down its own pid.
    let pid = (try? String(contentsOfFile: stubPid, encoding: .utf8)).flatMap {
      pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(pid != nil)
    stop(pid)
  }

  @Test func pidFileIsInTheRuntimeFolderElseTheStateFolder() throws {
    #expect(SwaybgBackend.pidFile(in: session) == pidFile)
    // Without XDG_RUNTIME_DIR: systemd's runtime folder where this machine has one, else the state folder.
    let systemd = "/run/user/\(getuid())"
    let hasSystemd = FileManager.default.fileExists(atPath: systemd)
    #expect(
      SwaybgBackend.pidFile(in: stubs.session())
        == (hasSystemd ? systemd + "/bingwall-swaybg.pid" : stubs.home + "/.local/state/bingwall/swaybg.pid"))
    #expect(
      SwaybgBackend.pidFile(in: stubs.session(["XDG_STATE_HOME": "/st"]))
        == (hasSystemd ? systemd + "/bingwall-swaybg.pid" : "/st/bingwall/swaybg.pid"))
  }
}
