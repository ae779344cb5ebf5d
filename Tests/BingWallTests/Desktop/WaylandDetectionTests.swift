import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit

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
}
