import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// sway and Hyprland claim a session only when their IPC is really there, not on a stale variable;
/// sway also where no variable names it (sway 1.7 sets none).
@Suite struct WaylandDetectionTests {
  static let sway = ListeningSocket.placeholder
  static let deadSway = "/run/user/1000/sway-ipc.1000.42.sock"

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": sway], true),
    (["XDG_CURRENT_DESKTOP": "SWAY", "SWAYSOCK": sway], true),
    (["XDG_CURRENT_DESKTOP": "sway:wlroots", "SWAYSOCK": sway], true),
    (["XDG_CURRENT_DESKTOP": "sway"], false),  // Stale export, no socket.
    (["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": ""], false),
    (["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": deadSway], false),  // sway died, its socket file stayed.
    (["SWAYSOCK": sway], true),  // sway 1.7 names no desktop.
    (["SWAYSOCK": sway, "XDG_SESSION_DESKTOP": "sway"], true),
    (["SWAYSOCK": sway, "XDG_SESSION_DESKTOP": "gnome"], false),  // A stale export in GNOME.
    (["SWAYSOCK": deadSway], false),
    (["XDG_CURRENT_DESKTOP": "XFCE", "SWAYSOCK": sway], false),
    (["XDG_CURRENT_DESKTOP": "swayfx-not-sway", "SWAYSOCK": sway], false),
    ([:], false),
  ])
  func swayNeedsItsSocketAndNoOtherDesktop(environment: [String: String], detected: Bool) throws {
    let stubs = try ToolStubs()
    let socket = try ListeningSocket()
    // A runtime folder of our own, so a sway the developer runs is not found in theirs.
    let isolated = environment.merging(["XDG_RUNTIME_DIR": stubs.folder.path]) { old, _ in old }
    #expect(SwayBackend().isDetected(in: stubs.session(socket.substituted(isolated))) == detected)
  }

  @Test(arguments: [
    (["HYPRLAND_INSTANCE_SIGNATURE": "abc_123_456"], true),
    (["HYPRLAND_INSTANCE_SIGNATURE": "abc", "XDG_CURRENT_DESKTOP": "Hyprland"], true),
    (["XDG_CURRENT_DESKTOP": "Hyprland"], false),  // No instance to talk to.
    (["HYPRLAND_INSTANCE_SIGNATURE": ""], false),
    (["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": sway], false),
    ([:], false),
  ])
  func hyprlandNeedsItsInstanceSignature(environment: [String: String], detected: Bool) throws {
    let stubs = try ToolStubs()
    #expect(HyprlandBackend().isDetected(in: stubs.session(environment)) == detected)
  }

  @Test(arguments: [
    ["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": sway, "HYPRLAND_INSTANCE_SIGNATURE": "abc", "DISPLAY": ":0"]
  ])
  func plainToolsAreNeverDetected(environment: [String: String]) throws {
    let stubs = try ToolStubs()
    let session = stubs.session(environment)
    let tools: [any WallpaperBackend] = [
      FlagToolBackend(.feh), FlagToolBackend(.xwallpaper), FlagToolBackend(.nitrogen),
      FlagToolBackend(.hsetroot), SwwwBackend(), SwaybgBackend(),
      NoneBackend(), CommandBackend(template: "x {path}"),
    ]
    #expect(tools.filter { $0.isDetected(in: session) }.map(\.name) == [])
  }

  // MARK: Compositors that draw no background

  @Test(
    arguments: [
      (["XDG_CURRENT_DESKTOP": "labwc:wlroots"], "labwc"), (["XDG_CURRENT_DESKTOP": "niri"], "niri"),
      (["NIRI_SOCKET": "/run/user/1000/niri.sock"], "niri"), (["XDG_CURRENT_DESKTOP": "river"], "river"),
      (["XDG_CURRENT_DESKTOP": "Wayfire"], "wayfire"), (["XDG_CURRENT_DESKTOP": "GNOME"], nil),
    ] as [([String: String], String?)])
  func compositorsWithoutABackgroundAreNamed(environment: [String: String], compositor: String?) throws {
    let stubs = try ToolStubs()
    #expect(stubs.session(environment).backgroundlessCompositor == compositor)
  }

  /// With both installed and neither running for this compositor, swaybg comes first (it is in Debian, and what
  /// Budgie 10.10 and labwc's own guides start).
  @Test func swaybgIsPreferredWhenNothingRuns() throws {
    let stubs = try ToolStubs()
    for tool in ["swaybg", "awww"] { try stubs.install(tool) }
    let session = stubs.session(ToolStubs.wayland.merging(["XDG_CURRENT_DESKTOP": "niri"]) { $1 })
    let choice = try BackendSelector.select(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "swaybg")
    #expect(choice.reason.hasPrefix("a Wayland session (niri) with swaybg"), "\(choice.reason)")
  }

  /// A running awww-daemon (a real process of ours under that name, on this session's
  /// compositor) is the user's choice, ahead of an installed swaybg; the same daemon serving
  /// another compositor is not.
  @Test func aRunningDaemonIsPreferred() throws {
    let stubs = try ToolStubs()
    for tool in ["swaybg", "awww"] { try stubs.install(tool) }
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/bin/bash")
    daemon.arguments = ["-c", "exec -a awww-daemon /bin/sleep 30"]
    let display = "wayland-test-\(getpid())"
    daemon.environment = ["WAYLAND_DISPLAY": display]
    try daemon.run()
    defer { daemon.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while RunningProcess.named("awww-daemon").isEmpty, Date() < deadline { usleep(10_000) }
    let session = stubs.session(["WAYLAND_DISPLAY": display, "XDG_CURRENT_DESKTOP": "labwc:wlroots"])
    let choice = try BackendSelector.select(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "swww")
    #expect(choice.reason == "a Wayland session (labwc) with swww running")
    let elsewhere = stubs.session(["WAYLAND_DISPLAY": display + "-other", "XDG_CURRENT_DESKTOP": "labwc"])
    #expect(!SwwwBackend().isRunning(in: elsewhere))
  }

  /// GNOME (or Plasma) on Wayland with XWayland, its own tool missing: never feh (XWayland's root
  /// window is hidden) nor swaybg (its shell speaks no wlr-layer-shell); the error names the tool.
  @Test(arguments: [("GNOME", "gnome", "gsettings"), ("KDE", "kde", "plasma-apply-wallpaperimage")])
  func aShellThatOwnsTheBackgroundGetsNoOtherSetter(desktop: String, backend: String, tool: String) throws {
    let stubs = try ToolStubs()
    for setter in ["feh", "swaybg", "xwallpaper"] { try stubs.install(setter) }
    let session = stubs.session(
      ToolStubs.wayland.merging(["XDG_CURRENT_DESKTOP": desktop, "DISPLAY": ":0"]) { $1 })
    #expect {
      try BackendSelector.select(.auto, from: BackendRegistry.all(command: "", session: session), in: session)
    } throws: { error in
      guard case .toolMissing(let failed, let missing) = error as? DesktopError else { return false }
      return failed == backend && missing.description.contains(tool)
    }
  }

  /// `XDG_CURRENT_DESKTOP=KDE` exported on niri for Qt's sake: niri's own socket says whose
  /// session it is, and its setter is used.
  @Test func aDesktopNameExportedOnNiriIsNotItsShell() throws {
    let stubs = try ToolStubs()
    try stubs.install("swaybg")
    let session = stubs.session(
      ToolStubs.wayland.merging(["XDG_CURRENT_DESKTOP": "KDE", "NIRI_SOCKET": "/run/user/1000/niri.sock"]) {
        $1
      })
    let choice = try BackendSelector.select(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "swaybg")
  }
}
