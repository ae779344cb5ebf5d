import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// wpaperd through stand-ins (Debian 12 has no wpaperd): a `wpaperctl` that records its calls
/// and remembers the picture per output as the daemon would, and Hyprland's recorded monitors
/// for the output names.
@Suite struct WpaperdBackendTests {
  static let environment = ToolStubs.wayland.merging(["HYPRLAND_INSTANCE_SIGNATURE": "abc"]) { $1 }

  /// `set PATH [OUTPUT]` writes the picture to a file per output (`all` for every one);
  /// `get-wallpaper OUTPUT` prints the output's, else every output's.
  static func install(_ stubs: ToolStubs, storing: Bool = true) throws {
    let state = stubs.folder.file("wpaperd")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let remember = storing ? "printf '%s' \"$2\" > '\(state)/'\"${3:-all}\"" : "exit 0"
    try stubs.install(
      "wpaperctl",
      then: """
        case "$1" in
        set) \(remember) ;;
        get-wallpaper) f='\(state)/'"$2"; [ -f "$f" ] || f='\(state)/all'; [ -f "$f" ] && { read -r p < "$f"; printf '%s\\n' "$p"; } ;;
        esac
        exit 0
        """)
    try ToolBackendCommandLineTests.installHyprland(stubs)
  }

  @Test func setsEveryOutputAndReadsTheFirstBack() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs)
    let session = stubs.session(Self.environment)
    try WpaperdBackend().set(WallpaperRequest(path: "/p/a b.jpg", mode: .fill), in: session)
    #expect(stubs.calls().first == ["wpaperctl", "set", "/p/a b.jpg"])
    #expect(try WpaperdBackend().current(in: session) == "/p/a b.jpg")
  }

  @Test func setsEachOutputItsOwnAndChecksIt() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs)
    try WpaperdBackend().setEach(
      [
        "HDMI-A-1": WallpaperRequest(path: "/c/b.jpg", mode: .stretch),
        "DP-1": WallpaperRequest(path: "/c/a.jpg", mode: .stretch),
      ], in: stubs.session(Self.environment))
    #expect(
      stubs.calls() == [
        ["wpaperctl", "set", "/c/a.jpg", "DP-1"], ["wpaperctl", "get-wallpaper", "DP-1"],
        ["wpaperctl", "set", "/c/b.jpg", "HDMI-A-1"], ["wpaperctl", "get-wallpaper", "HDMI-A-1"],
      ])
  }

  /// A daemon that answers but keeps its old picture is a failure, not a silent success.
  @Test func aPictureThatDidNotTakeIsAnError() throws {
    let stubs = try ToolStubs()
    try Self.install(stubs, storing: false)
    #expect(
      throws: DesktopError.didNotTake(backend: "wpaperd", expected: "/c/a.jpg", found: "nothing on DP-1")
    ) {
      try WpaperdBackend().setEach(
        ["DP-1": WallpaperRequest(path: "/c/a.jpg", mode: .stretch)], in: stubs.session(Self.environment))
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
