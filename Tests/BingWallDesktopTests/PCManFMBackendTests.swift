import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// LXDE's and LXQt's backends without a desktop: mode tables, detection, and reading the settings
/// files. The real pcmanfm and pcmanfm-qt run in `PCManFMDesktopTests`.
@Suite struct PCManFMBackendTests {
  static let lxde: [WallpaperMode: String] = [
    .auto: "crop", .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  /// pcmanfm-qt 1.2's command line knows color, stretch, fit, center and tile only.
  static let lxqt: [WallpaperMode: String] = [
    .auto: "stretch", .fill: "stretch", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]

  @Test func modeTablesMatch() {
    #expect(LXDEBackend.modeTable == Self.lxde)
    #expect(LXQtBackend.modeTable == Self.lxqt)
  }

  static let backends: [any WallpaperBackend] = [LXDEBackend(), LXQtBackend()]

  @Test(arguments: backends.indices)
  func missingToolIsToolMissing(index: Int) throws {
    let backend = Self.backends[index]
    let stubs = try SettingsStubs()
    #expect(backend.need == .display)
    #expect(!backend.isAvailable(in: stubs.session()))
    #expect(throws: DesktopError.toolMissing(backend: backend.name, tool: MissingTool(backend.tools[0]))) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    }
    try stubs.install(backend.tools[0])
    #expect(backend.isAvailable(in: stubs.session()))
  }

  /// A stub pcmanfm is never run: no `pcmanfm --desktop` process draws on this display.
  @Test(arguments: backends.indices)
  func withoutItsDesktopTheToolIsNotRun(index: Int) throws {
    let backend = Self.backends[index]
    let stubs = try SettingsStubs()
    try stubs.install(backend.tools[0])
    #expect {
      try backend.set(
        WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session(["DISPLAY": ":424242"]))
    } throws: { error in
      guard case .sessionMissing(backend.name, let what) = error as? DesktopError else { return false }
      return what.contains("--desktop' runs on display :424242")
    }
    #expect(try stubs.calls().isEmpty)
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "LXDE"], true, false), (["XDG_CURRENT_DESKTOP": "LXQt"], false, true),
    (["DESKTOP_SESSION": "LXDE"], true, false), (["DESKTOP_SESSION": "lxqt"], false, true),
    (["XDG_SESSION_DESKTOP": "LXDE"], true, false), (["XDG_SESSION_DESKTOP": "lxqt"], false, true),
    (["XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_DESKTOP": "lxqt"], false, false),
    (["XDG_CURRENT_DESKTOP": "KDE"], false, false), ([:], false, false),
  ])
  func detection(environment: [String: String], lxde: Bool, lxqt: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(LXDEBackend().isDetected(in: session) == lxde)
    #expect(LXQtBackend().isDetected(in: session) == lxqt)
  }

  @Test(
    arguments: [
      ("[*]\nwallpaper_mode=crop\nwallpaper=/a b/c.png\n", "/a b/c.png"),
      ("[*]\nwallpaper=/it's \"q\" ü\\.png\r\n", "/it's \"q\" ü\\.png"),
      ("[other]\nwallpaper=/no.png\n[*]\nwallpaper=/yes ü.png\n", "/yes ü.png"),
      ("[*]\nwallpaper_mode=crop\n", nil),
    ] as [(String, String?)])
  func pcmanfmValues(text: String, value: String?) {
    #expect(SettingsFileValue.find("wallpaper", inSection: "*", of: text, syntax: .literal) == value)
  }

  @Test(
    arguments: [
      ("[Desktop]\nWallpaper=/a b/c.png\n", "/a b/c.png"),
      ("[Desktop]\nWallpaper=\"/a, b;c=d.png\"\n", "/a, b;c=d.png"),
      ("[Desktop]\nWallpaper=\"/it's \\\"\\xfc\\\".png \"\n", "/it's \"ü\".png "),
      ("[Desktop]\nWallpaper=/\\xfc\\x62\\\\x.png\n", "/üb\\x.png"),
      ("[Behavior]\nWallpaper=/no.png\n[Desktop]\nWallpaperMode=none\n", nil),
    ] as [(String, String?)])
  func qtSettingsValues(text: String, value: String?) {
    #expect(SettingsFileValue.find("Wallpaper", inSection: "Desktop", of: text, syntax: .qtSettings) == value)
  }

  @Test(arguments: [
    (":0", "", 0), (":0.0", "", 0), ("unix:12.1", "unix", 12), ("host:3", "host", 3),
  ])
  func displayNames(value: String, host: String, number: Int) throws {
    let name = try #require(DisplayName(value))
    #expect(name.host == host[...] && name.number == number)
    #expect(DisplayName(":0") == DisplayName(":0.0"))
  }

  @Test(arguments: ["", "0", ":", ":x"])
  func notDisplayNames(value: String) {
    #expect(DisplayName(value) == nil)
  }
}
