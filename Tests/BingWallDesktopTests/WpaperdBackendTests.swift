import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// wpaperd through a stand-in (Debian 12 has no wpaperd): a `wpaperctl` that records its calls
/// and remembers the picture per monitor as the daemon would, with wpaperctl's own command line
/// (`set MONITOR PATH`, `all-wallpapers --json`).
@Suite struct WpaperdBackendTests {
  /// Two monitors, DP-1 and HDMI-A-1, showing `/old.jpg`; `storing: false` is a daemon that
  /// answers but keeps its pictures.
  static func install(_ stubs: ToolStubs, storing: Bool = true) throws {
    let state = stubs.folder.file("wpaperd")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    for monitor in ["DP-1", "HDMI-A-1"] {
      try "/old.jpg".write(toFile: state + "/" + monitor, atomically: true, encoding: .utf8)
    }
    let remember = storing ? "printf '%s' \"$3\" > '\(state)/'\"$2\"" : "true"
    try stubs.install(
      "wpaperctl",
      then: """
        case "$1" in
        set) \(remember) ;;
        all-wallpapers) read -r a < '\(state)/DP-1'; read -r b < '\(state)/HDMI-A-1'
          printf '[{"display":"DP-1","path":"%s"},{"display":"HDMI-A-1","path":"%s"}]' "$a" "$b" ;;
        esac
        exit 0
        """)
  }

  @Test func setsEveryMonitorWpaperdDrawsOnAndReadsItBack() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs)
    let session = stubs.session(ToolStubs.wayland)
    try WpaperdBackend().set(WallpaperRequest(path: "/p/a b.jpg", mode: .fill), in: session)
    #expect(
      stubs.calls() == [
        ["wpaperctl", "all-wallpapers", "--json"], ["wpaperctl", "set", "DP-1", "/p/a b.jpg"],
        ["wpaperctl", "set", "HDMI-A-1", "/p/a b.jpg"], ["wpaperctl", "all-wallpapers", "--json"],
      ])
    #expect(try WpaperdBackend().current(in: session) == "/p/a b.jpg")
  }

  @Test func setsEachMonitorItsOwn() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs)
    try WpaperdBackend().setEach(
      [
        "HDMI-A-1": WallpaperRequest(path: "/c/b.jpg", mode: .stretch),
        "DP-1": WallpaperRequest(path: "/c/a.jpg", mode: .stretch),
      ], in: stubs.session(ToolStubs.wayland))
    #expect(
      stubs.calls() == [
        ["wpaperctl", "set", "DP-1", "/c/a.jpg"], ["wpaperctl", "set", "HDMI-A-1", "/c/b.jpg"],
        ["wpaperctl", "all-wallpapers", "--json"],
      ])
  }

  /// wpaperctl says a monitor failed on stderr and exits 0: the read-back catches it.
  @Test func aPictureThatDidNotTakeIsAnError() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs, storing: false)
    #expect(throws: DesktopError.didNotTake(backend: "wpaperd", expected: "/c/a.jpg", found: "/old.jpg")) {
      try WpaperdBackend().setEach(
        ["DP-1": WallpaperRequest(path: "/c/a.jpg", mode: .stretch)], in: stubs.session(ToolStubs.wayland))
    }
  }

  /// A running wpaperd of this compositor is chosen where nothing else is detected.
  @Test func aRunningWpaperdIsTheSessionsSetter() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs)
    try stubs.install("swaybg")
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/bin/bash")
    daemon.arguments = ["-c", "exec -a wpaperd /bin/sleep 30"]
    let display = "wayland-wpaperd-\(getpid())"
    daemon.environment = ["WAYLAND_DISPLAY": display]
    try daemon.run()
    defer { daemon.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while RunningProcess.named("wpaperd").isEmpty, Date() < deadline { usleep(10_000) }
    let session = stubs.session(["WAYLAND_DISPLAY": display, "XDG_CURRENT_DESKTOP": "river"])
    let choice = try BackendSelector.select(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "wpaperd")
    #expect(choice.reason == "a Wayland session (river) with wpaperd running")
  }
}
