import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// `backend = "auto"` over environments seen in the wild, with every tool installed (stubs), so
/// only the session decides.
@Suite struct BackendSelectorTests {
  static let tools = [
    "gsettings", "xfconf-query", "plasma-apply-wallpaperimage", "pcmanfm", "pcmanfm-qt", "swaymsg", "hyprctl",
    "swww", "swaybg", "feh", "xwallpaper", "nitrogen", "hsetroot", "dbus-send", "cosmic-bg",
  ]

  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
    for tool in Self.tools {
      let path = folder.file(tool)
      try ExecutableScript.write("#!/bin/sh\nexit 0\n", to: path)
    }
  }

  struct Row: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var expected: String?
    var testDescription: String {
      environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
  }

  static let bus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]
  static let x11 = ["DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"]
  static let wayland = ["WAYLAND_DISPLAY": "wayland-1", "XDG_SESSION_TYPE": "wayland"]

  static func row(_ pairs: [String: String], _ expected: String?) -> Row {
    Row(environment: pairs, expected: expected)
  }

  static let rows: [Row] = [
    row(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"].merging(bus) { $1 }.merging(wayland) { $1 }, "gnome"),
    row(["XDG_CURRENT_DESKTOP": "GNOME"].merging(bus) { $1 }.merging(x11) { $1 }, "gnome"),
    row(["XDG_CURRENT_DESKTOP": "Budgie:GNOME"].merging(bus) { $1 }.merging(x11) { $1 }, "gnome"),
    row(["XDG_CURRENT_DESKTOP": "pop:GNOME"].merging(bus) { $1 }.merging(wayland) { $1 }, "gnome"),
    row(["XDG_CURRENT_DESKTOP": "Unity"].merging(bus) { $1 }.merging(x11) { $1 }, "gnome"),
    row(["XDG_CURRENT_DESKTOP": "X-Cinnamon"].merging(bus) { $1 }.merging(x11) { $1 }, "cinnamon"),
    row(["XDG_CURRENT_DESKTOP": "MATE"].merging(bus) { $1 }.merging(x11) { $1 }, "mate"),
    row(["XDG_CURRENT_DESKTOP": "XFCE"].merging(x11) { $1 }, "xfce"),
    row(["XDG_CURRENT_DESKTOP": "KDE"].merging(bus) { $1 }.merging(wayland) { $1 }, "kde"),
    row(["XDG_CURRENT_DESKTOP": "LXDE"].merging(x11) { $1 }, "lxde"),
    row(["XDG_CURRENT_DESKTOP": "LXQt"].merging(x11) { $1 }, "lxqt"),
    row(
      ["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": ListeningSocket.placeholder].merging(wayland) { $1 },
      "sway"),
    // sway 1.7's own session: nothing names it, its socket answers.
    row(["SWAYSOCK": ListeningSocket.placeholder].merging(wayland) { $1 }, "sway"),
    row(
      ["XDG_SESSION_DESKTOP": "sway", "SWAYSOCK": ListeningSocket.placeholder].merging(wayland) { $1 }, "sway"
    ),
    // A socket left by a sway that died: a Wayland session gets a generic setter.
    row(["SWAYSOCK": "/run/user/1000/sway-ipc.1000.1.sock"].merging(wayland) { $1 }, "swaybg"),
    row(
      ["XDG_CURRENT_DESKTOP": "Hyprland", "HYPRLAND_INSTANCE_SIGNATURE": "abc"].merging(wayland) { $1 },
      "hyprland"),
    // A stale XDG_CURRENT_DESKTOP inside i3 must not send the picture to XFCE's settings.
    row(["XDG_CURRENT_DESKTOP": "XFCE", "DESKTOP_SESSION": "i3"].merging(x11) { $1 }, "feh"),
    row(["DESKTOP_SESSION": "openbox"].merging(x11) { $1 }, "feh"),
    row(x11, "feh"),
    // "sway" named without its socket: not trusted; a Wayland session gets a generic setter.
    row(["XDG_CURRENT_DESKTOP": "sway"].merging(wayland) { $1 }, "swaybg"),
    row(["XDG_CURRENT_DESKTOP": "COSMIC"].merging(wayland) { $1 }, "cosmic"),
    // Compositors that draw no background: the setter (swaybg first, none running here).
    row(["XDG_CURRENT_DESKTOP": "labwc:wlroots"].merging(wayland) { $1 }, "swaybg"),
    row(["NIRI_SOCKET": "/run/user/1000/niri.sock"].merging(wayland) { $1 }, "swaybg"),
    row([:], nil),
  ]

  @Test(arguments: rows)
  func choosesTheSessionsBackend(_ row: Row) throws {
    let socket = try ListeningSocket()
    var environment = socket.substituted(row.environment)
    // A runtime folder of our own, so a sway the developer runs is not found in theirs.
    environment["XDG_RUNTIME_DIR"] = environment["XDG_RUNTIME_DIR"] ?? folder.path
    environment["PATH"] = folder.path
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: folder.path)
    let backends = BackendRegistry.all(command: "", session: session)
    let choice = try? BackendSelector.select("auto", from: backends, in: session)
    #expect(choice?.backend.name == row.expected)
  }

  @Test func aNamedBackendMustHaveItsToolsAndItsSession() throws {
    let session = DesktopSession(
      environment: ["PATH": folder.path + "/missing"], processes: PosixProcessRunner(), home: folder.path)
    let backends = BackendRegistry.all(command: "", session: session)
    #expect(throws: DesktopError.toolMissing(backend: "feh", tool: "feh")) {
      try BackendSelector.select("feh", from: backends, in: session)
    }
    let withTools = DesktopSession(
      environment: ["PATH": folder.path], processes: PosixProcessRunner(), home: folder.path)
    #expect(throws: DesktopError.sessionMissing(backend: "feh", what: "no X11 display (DISPLAY is not set)"))
    {
      try BackendSelector.select(
        "feh", from: BackendRegistry.all(command: "", session: withTools), in: withTools)
    }
    #expect(try BackendSelector.select("none", from: backends, in: session).backend.name == "none")
  }
}
