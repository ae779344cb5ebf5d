import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
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
        "auto", "gnome", "cinnamon", "mate", "deepin", "xfce", "kde", "cosmic", "lxde", "lxqt", "sway",
        "hyprland", "wayfire",
        "swaybg", "swww", "wpaperd", "feh", "xwallpaper", "nitrogen", "hsetroot", "portal", "command", "none",
      ])
    // The list the selector walks, against the same independent list: `names` is made from it.
    #expect(
      BackendRegistry.all(command: "", session: nil).map(\.name) == [
        "gnome", "cinnamon", "mate", "deepin", "xfce", "kde", "cosmic", "lxde", "lxqt", "sway", "hyprland",
        "wayfire",
        "swaybg", "swww", "wpaperd", "feh", "xwallpaper", "nitrogen", "hsetroot", "portal", "command", "none",
      ])
  }

  @Test func modeTablesAreEveryBackendWithOneButCommandAndNone() {
    #expect(
      BackendRegistry.modeTables.map(\.name) == [
        "gnome", "cinnamon", "mate", "deepin", "xfce", "kde", "cosmic", "lxde", "lxqt", "sway", "hyprland",
        "wayfire",
        "swaybg", "swww", "feh", "xwallpaper", "nitrogen", "hsetroot",
      ])
    #expect(BackendRegistry.modeTables.first { $0.name == "hsetroot" }?.table[.stretch] == "-fill")
  }

  /// Without a desktop and with no setter installed, the message names every fallback, X11's first.
  @Test func noFallbackInstalledNamesThemAll() {
    let session = DesktopSession(
      environment: ["PATH": "/nonexistent", "DISPLAY": ":424242"], processes: PosixProcessRunner(), home: "/")
    #expect(
      throws: DesktopError.noBackend(
        reason:
          "no desktop detected and none of feh, xwallpaper, nitrogen, hsetroot, swaybg, swww, wpaperd installed"
      )
    ) {
      try BackendSelector.select(
        "auto", from: BackendRegistry.all(command: "", session: session), in: session)
    }
  }

  /// Tool look-ups go through the session's process runner, so an in-process double decides what is
  /// installed: nothing here exists on disk.
  @Test func toolsAreLookedUpThroughTheProcessRunner() throws {
    let runner = ScriptedProcessRunner()
    runner.install("feh", at: "/fake/bin/feh")
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
    let runner = ScriptedProcessRunner()
    runner.install("swaybg", at: "/fake/bin/swaybg")
    runner.stubDetached("swaybg") { start throws(ProcessError) in
      throw .spawnFailed(program: start.executable, errno: EPERM)
    }
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
      runner.detachedStarts.map { [$0.executable] + $0.arguments } == [
        ["/fake/bin/swaybg", "swaybg", "-o", "*", "-i", "/pics/a.jpg", "-m", "fit"]
      ])
    #expect(runner.runs == [])
  }
}
