import Foundation
import Synchronization
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The one list of backends: the names config has always accepted, the man page's rows, and the
/// fallbacks `auto` falls back to, all read from it.
@Suite struct BackendRegistryTests {
  /// The config contract: a config file written before backends were data stays valid.
  @Test func namesAreAutoThenEveryBackendInDetectionOrder() {
    #expect(
      BackendRegistry.names == [
        "auto", "gnome", "cinnamon", "mate", "deepin", "xfce", "kde", "lxde", "lxqt", "sway", "hyprland",
        "swww", "swaybg", "feh", "xwallpaper", "nitrogen", "hsetroot", "command", "none",
      ])
    #expect(
      BackendRegistry.names.dropFirst() == BackendRegistry.all(command: "", session: nil).map(\.name)[...])
  }

  @Test func modeTablesAreEveryBackendWithOneButCommandAndNone() {
    #expect(
      BackendRegistry.modeTables.map(\.name) == [
        "gnome", "cinnamon", "mate", "deepin", "xfce", "kde", "lxde", "lxqt", "sway", "hyprland", "swww",
        "swaybg", "feh", "xwallpaper", "nitrogen", "hsetroot",
      ])
    #expect(BackendRegistry.modeTables.first { $0.name == "hsetroot" }?.table[.stretch] == "-fill")
  }

  /// Without a desktop and with no setter installed, the message names every fallback, X11's first.
  @Test func noFallbackInstalledNamesThemAll() {
    let session = DesktopSession(
      environment: ["PATH": "/nonexistent", "DISPLAY": ":424242"], processes: PosixProcessRunner(), home: "/")
    #expect(
      throws: DesktopError.noBackend(
        reason: "no desktop detected and none of feh, xwallpaper, nitrogen, hsetroot, swww, swaybg installed")
    ) {
      try BackendSelector.select(
        "auto", from: BackendRegistry.all(command: "", session: session), in: session)
    }
  }

  /// Tool look-ups go through the session's process runner, so an in-process double decides what is
  /// installed: nothing here exists on disk.
  @Test func toolsAreLookedUpThroughTheProcessRunner() throws {
    let runner = InProcessRunner(installed: ["feh": "/fake/bin/feh"])
    let session = DesktopSession(
      environment: ["PATH": "/fake/bin", "DISPLAY": ":424242"], processes: runner, home: "/")
    #expect(session.which("feh") == "/fake/bin/feh")
    #expect(FlagToolBackend(.feh).isAvailable(in: session))
    #expect(!FlagToolBackend(.hsetroot).isAvailable(in: session))
    let choice = try BackendSelector.select(
      "auto", from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "feh")
    #expect(runner.lookups.contains(["feh", "/fake/bin"]))
  }

  /// swaybg is started through the session's process runner too, with the argv it always had.
  @Test func swaybgStartsThroughTheProcessRunner() {
    let runner = InProcessRunner(installed: ["swaybg": "/fake/bin/swaybg"])
    let session = DesktopSession(
      environment: [
        "PATH": "/fake/bin", "WAYLAND_DISPLAY": "wayland-424242", "XDG_RUNTIME_DIR": "/nonexistent",
      ],
      processes: runner, home: "/")
    let request = WallpaperRequest(path: "/pics/a.jpg", mode: .fit)
    #expect(
      throws: DesktopError.toolFailed(
        backend: "swaybg", command: "swaybg -o * -i /pics/a.jpg -m fit", status: -1,
        stderr: ProcessError.spawnFailed(program: "/fake/bin/swaybg", errno: EPERM).description)
    ) {
      try SwaybgBackend().set(request, in: session)
    }
    #expect(
      runner.detachedStarts == [["/fake/bin/swaybg", "swaybg", "-o", "*", "-i", "/pics/a.jpg", "-m", "fit"]])
  }
}

/// A process runner that runs nothing: it knows which tools are installed where, records look-ups
/// and detached starts, and refuses to start anything.
final class InProcessRunner: ProcessRunner, Sendable {
  private let installed: [String: String]
  private let recordedLookups = Mutex<[[String]]>([])
  private let recordedStarts = Mutex<[[String]]>([])

  init(installed: [String: String]) {
    self.installed = installed
  }

  /// Each look-up as the program and the PATH it was looked up on.
  var lookups: [[String]] { recordedLookups.withLock { $0 } }
  /// Each detached start as the executable, then its argv.
  var detachedStarts: [[String]] { recordedStarts.withLock { $0 } }

  func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult {
    throw .notFound(program: invocation.arguments.first ?? "")
  }

  func locate(_ program: String, onPath path: String?) -> String? {
    recordedLookups.withLock { $0.append([program, path ?? ""]) }
    return installed[program]
  }

  func startDetached(
    executable: String, arguments: [String], environment: [String: String], errorLog: String?
  )
    throws(ProcessError) -> pid_t
  {
    recordedStarts.withLock { $0.append([executable] + arguments) }
    throw .spawnFailed(program: executable, errno: EPERM)
  }
}
