import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore

/// The command lines the tool backends run, per mode, against stubs that record them, and what each
/// does when its tool is missing.
@Suite struct ToolBackendCommandLineTests {
  /// Every character sway's parser lets through, a non-ASCII one included.
  static let path = "/pics/Grüße_a-b+c@d%e=f.jpg"

  /// The backends under test here, by name; feh, xwallpaper, nitrogen and sway also run for real in
  /// their own suites, which show every mode on screen.
  static func backend(_ name: String) -> any WallpaperBackend {
    switch name {
    case "nitrogen": return FlagToolBackend(.nitrogen)
    case "hsetroot": return FlagToolBackend(.hsetroot)
    case "sway": return SwayBackend()
    case "hyprland": return HyprlandBackend()
    case "swww": return SwwwBackend()
    case "xwallpaper": return FlagToolBackend(.xwallpaper)
    default: fatalError("no backend \(name)")
    }
  }

  /// The environment each needs: an X display, a Wayland compositor, sway's live socket (a
  /// placeholder until `ListeningSocket.substituted`).
  static func environment(_ name: String) -> [String: String] {
    if name == "sway" { return ["SWAYSOCK": ListeningSocket.placeholder] }
    if name == "hyprland" { return ToolStubs.wayland.merging(["HYPRLAND_INSTANCE_SIGNATURE": "abc"]) { $1 } }
    return ["nitrogen", "hsetroot", "xwallpaper"].contains(name) ? ToolStubs.x11 : ToolStubs.wayland
  }

  static let rows: [(String, WallpaperMode, [String])] = [
    ("hsetroot", .auto, ["hsetroot", "-cover", path]),
    ("hsetroot", .fill, ["hsetroot", "-cover", path]),
    ("hsetroot", .fit, ["hsetroot", "-full", path]),
    ("hsetroot", .stretch, ["hsetroot", "-fill", path]),  // hsetroot's -fill stretches.
    ("hsetroot", .center, ["hsetroot", "-center", path]),
    ("hsetroot", .tile, ["hsetroot", "-tile", path]),
    ("xwallpaper", .auto, ["xwallpaper", "--zoom", path]),
    ("xwallpaper", .fit, ["xwallpaper", "--maximize", path]),
    ("swww", .auto, ["swww", "img", path, "--resize", "crop"]),
    ("swww", .fill, ["swww", "img", path, "--resize", "crop"]),
    ("swww", .fit, ["swww", "img", path, "--resize", "fit"]),
    ("swww", .stretch, ["swww", "img", path, "--resize", "stretch"]),
    ("swww", .center, ["swww", "img", path, "--resize", "no"]),
    ("swww", .tile, ["swww", "img", path, "--resize", "no"]),
  ]

  /// hyprctl as a stand-in (Debian has no Hyprland): the recorded monitors for `monitors -j`
  /// (printed by the shell itself: the stub PATH has no `cat`),
  /// hyprpaper's "ok" for anything else; `hyprpaper --version` prints `version` when given.
  static func installHyprland(_ stubs: ToolStubs, hyprpaperVersion version: String? = nil) throws {
    let monitors = Fixtures.path("outputs/hyprctl-monitors.json")
    try stubs.install(
      "hyprctl",
      then:
        "if [ \"$1\" = monitors ]; then while IFS= read -r line; do printf '%s\\n' \"$line\"; done < '\(monitors)'; else echo ok; fi"
    )
    if let version { try stubs.install("hyprpaper", then: "echo '\(version)'") }
  }

  /// hyprpaper 0.8: every monitor `hyprctl monitors -j` lists, by name, with 0.8's fit modes.
  @Test(arguments: [
    (WallpaperMode.auto, "cover"), (.fill, "cover"), (.fit, "contain"), (.stretch, "stretch"),
    (.center, "contain"), (.tile, "tile"),
  ])
  func hyprpaperGetsEveryMonitorByName(mode: WallpaperMode, fit: String) throws {
    let stubs = try ToolStubs()
    try Self.installHyprland(stubs, hyprpaperVersion: "hyprpaper v0.8.1")
    try HyprlandBackend().set(
      WallpaperRequest(path: Self.path, mode: mode), in: stubs.session(Self.environment("hyprland")))
    #expect(
      stubs.calls() == [
        ["hyprpaper", "--version"], ["hyprctl", "monitors", "-j"],
        ["hyprctl", "hyprpaper", "wallpaper", "DP-1,\(Self.path),\(fit)"],
        ["hyprctl", "hyprpaper", "wallpaper", "HDMI-A-1,\(Self.path),\(fit)"],
      ])
  }

  /// Before 0.8: preload, then the empty monitor (every one) and the fit as a path prefix.
  @Test(arguments: [(WallpaperMode.fill, ""), (.fit, "contain:"), (.tile, "tile:")])
  func olderHyprpaperIsPreloadedAndPrefixed(mode: WallpaperMode, prefix: String) throws {
    let stubs = try ToolStubs()
    try Self.installHyprland(stubs, hyprpaperVersion: "hyprpaper v0.7.6")
    try HyprlandBackend().set(
      WallpaperRequest(path: Self.path, mode: mode), in: stubs.session(Self.environment("hyprland")))
    #expect(
      stubs.calls() == [
        ["hyprpaper", "--version"], ["hyprctl", "hyprpaper", "preload", Self.path],
        ["hyprctl", "hyprpaper", "wallpaper", ",\(prefix)\(Self.path)"],
        ["hyprctl", "hyprpaper", "unload", "unused"],
      ])
  }

  /// Each monitor its own picture (the crops `PicturePlan` makes), stretched over it.
  @Test func hyprpaperSetsEachMonitorItsOwnPicture() throws {
    let stubs = try ToolStubs()
    try Self.installHyprland(stubs)
    try HyprlandBackend().setEach(
      [
        "HDMI-A-1": WallpaperRequest(path: "/c/b.jpg", mode: .stretch),
        "DP-1": WallpaperRequest(path: "/c/a.jpg", mode: .stretch),
      ], in: stubs.session(Self.environment("hyprland")))
    #expect(
      stubs.calls() == [
        ["hyprctl", "hyprpaper", "wallpaper", "DP-1,/c/a.jpg,stretch"],
        ["hyprctl", "hyprpaper", "wallpaper", "HDMI-A-1,/c/b.jpg,stretch"],
      ])
    #expect(HyprlandBackend.version(in: "hyprpaper v0.10.2\n")! == (0, 10))
    #expect(HyprlandBackend.version(in: "no version") == nil)
    #expect(HyprlandBackend.version(in: "usage: hyprpaper [arg]\nbuilt from 1.2 of the sources") == nil)
    #expect(HyprlandBackend.version(in: "hyprpaper 0.8.1") ?? (0, 0) == (0, 8))
  }

  @Test(arguments: rows)
  func runsTheToolWithTheModesArguments(name: String, mode: WallpaperMode, expected: [String]) throws {
    let stubs = try ToolStubs()
    try stubs.install(expected[0])
    try Self.backend(name).set(
      WallpaperRequest(path: Self.path, mode: mode), in: stubs.session(Self.environment(name)))
    #expect(stubs.calls() == [expected])
  }

  static let names = ["nitrogen", "hsetroot", "sway", "hyprland", "swww", "xwallpaper"]

  @Test(arguments: names)
  func missingToolIsUnavailableAndSetSaysSo(name: String) throws {
    let stubs = try ToolStubs()
    let backend = Self.backend(name)
    let session = stubs.session(Self.environment(name))
    #expect(!backend.isAvailable(in: session))
    #expect {
      try backend.set(WallpaperRequest(path: Self.path, mode: .fill), in: session)
    } throws: { error in
      guard case .toolMissing(let failed, let tool) = error as? DesktopError else { return false }
      return failed == name && backend.tools.contains { tool.description.contains($0) }
    }
    for tool in backend.tools { try stubs.install(tool) }
    #expect(backend.isAvailable(in: session))
  }

  @Test(arguments: names)
  func withoutItsDisplayTheToolIsNotRun(name: String) throws {
    let stubs = try ToolStubs()
    let backend = Self.backend(name)
    for tool in backend.tools { try stubs.install(tool) }
    #expect {
      try backend.set(WallpaperRequest(path: Self.path, mode: .fill), in: stubs.session())
    } throws: { error in
      guard case .sessionMissing(let failed, _) = error as? DesktopError else { return false }
      return failed == name
    }
    #expect(stubs.calls().isEmpty)
  }

  @Test(arguments: names)
  func failingToolReportsItsStatus(name: String) throws {
    let stubs = try ToolStubs()
    let backend = Self.backend(name)
    let socket = try ListeningSocket()
    for tool in backend.tools { try stubs.install(tool, then: "echo 'no such output' >&2\nexit 2") }
    #expect {
      try backend.set(
        WallpaperRequest(path: Self.path, mode: .fill),
        in: stubs.session(socket.substituted(Self.environment(name))))
    } throws: { error in
      guard case .toolFailed(let failed, _, let status, let stderr) = error as? DesktopError else {
        return false
      }
      return failed == name && status == 2 && stderr == "no such output\n"
    }
  }

  @Test func hungToolTimesOut() throws {
    let stubs = try ToolStubs()
    try stubs.install("swaymsg", then: "exec /bin/sleep 60")
    let socket = try ListeningSocket()
    let started = Date()
    #expect {
      try SwayBackend().set(
        WallpaperRequest(path: Self.path, mode: .fill),
        in: stubs.session(["SWAYSOCK": socket.path], timeout: .milliseconds(500)))
    } throws: { error in
      guard case .timedOut("sway", _, .milliseconds(500)) = error as? DesktopError else { return false }
      return true
    }
    #expect(Date().timeIntervalSince(started) < 3)
  }

  /// Shell syntax in a path means nothing to tools that take an argument vector.
  @Test(arguments: ["hsetroot", "xwallpaper", "swww", "hyprland"])
  func hostilePathReachesTheToolIntact(name: String) throws {
    let stubs = try ToolStubs()
    let marker = stubs.folder.file("MARKER")
    let path = "/p/it's a \"b\" $(touch \(marker)) `touch \(marker)`; touch \(marker) *.jpg"
    let backend = Self.backend(name)
    for tool in backend.tools { try stubs.install(tool) }
    if name == "hyprland" { try Self.installHyprland(stubs) }
    try backend.set(WallpaperRequest(path: path, mode: .fill), in: stubs.session(Self.environment(name)))
    let call = try #require(stubs.calls().last)
    #expect(call.contains(path) || call.contains("HDMI-A-1,\(path),cover"))
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  /// swaymsg joins its arguments for sway to split again, and sway runs the path through wordexp.
  @Test(arguments: [
    "/a b.jpg", "/$(touch x).jpg", "/`touch x`.jpg", "/a;exec x.jpg", "/a,b.jpg", "/it's.jpg", "/\"q\".jpg",
    "/a\\b.jpg", "/$HOME.jpg", "/~x.jpg", "/a*.jpg", "/a\nb.jpg", "/a:b.jpg", "",
  ])
  func swayRefusesPathsItsParserWouldChange(path: String) throws {
    let stubs = try ToolStubs()
    try stubs.install("swaymsg")
    #expect {
      try SwayBackend().set(WallpaperRequest(path: path, mode: .fill), in: stubs.session(ToolStubs.wayland))
    } throws: { error in
      guard case .misconfigured("sway", let message) = error as? DesktopError else { return false }
      return message.contains("--backend swaybg")
    }
    #expect(stubs.calls().isEmpty)
  }

  @Test(arguments: ["/a,b.jpg", "/a\nb.jpg"])
  func hyprlandRefusesPathsHyprpaperWouldSplit(path: String) throws {
    let stubs = try ToolStubs()
    try Self.installHyprland(stubs)
    #expect {
      try HyprlandBackend().set(
        WallpaperRequest(path: path, mode: .fill), in: stubs.session(Self.environment("hyprland")))
    } throws: { error in
      guard case .misconfigured("hyprland", _) = error as? DesktopError else { return false }
      return true
    }
    #expect(stubs.calls().isEmpty)
  }

  // MARK: Tool specifics

  @Test func hyprpaperRefusalIsAFailureDespiteStatusZero() throws {
    let stubs = try ToolStubs()
    let monitors = Fixtures.path("outputs/hyprctl-monitors.json")
    try stubs.install(
      "hyprctl",
      then:
        "if [ \"$1\" = monitors ]; then while IFS= read -r line; do printf '%s\\n' \"$line\"; done < '\(monitors)'; else echo 'wallpaper failed (not preloaded)'; fi"
    )
    #expect {
      try HyprlandBackend().set(
        WallpaperRequest(path: Self.path, mode: .fill), in: stubs.session(Self.environment("hyprland")))
    } throws: { error in
      guard case .toolFailed("hyprland", _, _, let said) = error as? DesktopError else { return false }
      return said == "wallpaper failed (not preloaded)"
    }
  }

  /// Each output its own crop: one `img … --outputs NAME` per output.
  @Test func swwwSetsEachOutputItsOwnPicture() throws {
    let stubs = try ToolStubs()
    try stubs.install("awww")
    try SwwwBackend().setEach(
      [
        "HDMI-A-1": WallpaperRequest(path: "/c/b.jpg", mode: .stretch),
        "DP-1": WallpaperRequest(path: "/c/a.jpg", mode: .stretch),
      ], in: stubs.session(ToolStubs.wayland))
    #expect(
      stubs.calls() == [
        ["awww", "img", "/c/a.jpg", "--resize", "stretch", "--outputs", "DP-1"],
        ["awww", "img", "/c/b.jpg", "--resize", "stretch", "--outputs", "HDMI-A-1"],
      ])
  }

  /// `awww query` (stand-in: Debian has neither name) reads back the first output's picture.
  @Test func swwwReadsThePictureBackFromQuery() throws {
    let stubs = try ToolStubs()
    try stubs.install(
      "awww",
      then:
        "printf 'DP-1: 3840x2160, scale: 1.5, currently displaying: image: /p/a b.jpg\\nHDMI-A-1: 1080x1920, scale: 1, currently displaying: color: 000000\\n'"
    )
    #expect(try SwwwBackend().current(in: stubs.session(ToolStubs.wayland)) == "/p/a b.jpg")
    #expect(stubs.calls() == [["awww", "query"]])
    #expect(SwwwBackend.picture(inQuery: "DP-1: 1920x1080, currently displaying: color: 3c3836\n") == nil)
  }

  @Test(arguments: [(["awww", "swww"], "awww"), (["swww"], "swww"), (["awww"], "awww")])
  func swwwUsesWhicheverNameIsInstalledAwwwFirst(installed: [String], used: String) throws {
    let stubs = try ToolStubs()
    for tool in installed { try stubs.install(tool) }
    let session = stubs.session(ToolStubs.wayland)
    #expect(SwwwBackend().isAvailable(in: session))
    try SwwwBackend().set(WallpaperRequest(path: Self.path, mode: .fit), in: session)
    #expect(stubs.calls() == [[used, "img", Self.path, "--resize", "fit"]])
  }

  /// Neither name installed: both names, through `--backend swww` (the selector) and `set` itself,
  /// since users know the old one and Debian may package either.
  @Test func swwwMissingNamesBothOfItsNames() throws {
    let stubs = try ToolStubs()
    let session = stubs.session(ToolStubs.wayland)
    let expected = DesktopError.toolMissing(backend: "swww", tool: MissingTool(anyOf: ["swww", "awww"]))
    #expect(throws: expected) { try BackendSelector.select("swww", from: [SwwwBackend()], in: session) }
    #expect(throws: expected) {
      try SwwwBackend().set(WallpaperRequest(path: Self.path, mode: .fit), in: session)
    }
    #expect(
      expected.description
        == "swww: neither 'swww' nor 'awww' is installed (or not on PATH); install it or pick another backend"
    )
    #expect(expected.exitStatus == 69)
  }

  @Test(
    arguments: [
      ("[xin_-1]\nfile=/a b.jpg\nmode=5\n", "/a b.jpg"),
      ("[xin_0]\nfile=/one.jpg\n[xin_1]\nfile=/two.jpg\n", "/one.jpg"),
      ("[xin_-1]\nfile=\n", nil), ("", nil), ("[xin_-1]\nmode=5\n", nil),
      // GLib's key-file escapes, as nitrogen 1.6 writes them.
      ("[xin_-1]\nfile=/tmp/a\\\\b/ x.png\n", "/tmp/a\\b/ x.png"),
      ("[xin_-1]\nfile=\\s/lead\\nline\\tx\n", " /lead\nline\tx"),
    ] as [(String, String?)])
  func nitrogenConfigParses(text: String, picture: String?) {
    #expect(NitrogenSavedConfig.picture(inSavedConfig: text) == picture)
  }

  @Test func nitrogenConfigDefaultsToTheHomeConfigFolder() throws {
    let stubs = try ToolStubs()
    #expect(NitrogenSavedConfig.path(in: stubs.session()) == stubs.home + "/.config/nitrogen/bg-saved.cfg")
    #expect(
      NitrogenSavedConfig.path(in: stubs.session(["XDG_CONFIG_HOME": "relative"]))
        == stubs.home + "/.config/nitrogen/bg-saved.cfg")
  }

  @Test func noneDoesNothingAndAlwaysWorks() throws {
    let stubs = try ToolStubs()
    let session = stubs.session()
    #expect(NoneBackend().isAvailable(in: session))
    #expect(!NoneBackend().isDetected(in: session))
    try NoneBackend().set(WallpaperRequest(path: Self.path, mode: .fill), in: session)
    #expect(try NoneBackend().current(in: session) == nil)
    #expect(stubs.calls().isEmpty)
  }
}
