import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// LXDE's `pcmanfm` and LXQt's `pcmanfm-qt` against stubs: the exact command line per mode.
@Suite struct PCManFMBackendTests {
  static let path = "/home/u/Bing Pictures/it's \"ü\".jpg"
  static let lxde: [WallpaperMode: String] = [
    .auto: "crop", .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  static let lxqt: [WallpaperMode: String] = [
    .auto: "zoom", .fill: "zoom", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]

  @Test(arguments: WallpaperMode.allCases)
  func lxdeRunsPCManFM(mode: WallpaperMode) throws {
    let stubs = try SettingsStubs()
    try stubs.install("pcmanfm")
    try LXDEBackend().set(WallpaperRequest(path: Self.path, mode: mode), in: stubs.session())
    let expected = ["pcmanfm", "--set-wallpaper=\(Self.path)", "--wallpaper-mode=\(Self.lxde[mode]!)"]
    #expect(try stubs.calls() == [expected])
  }

  @Test(arguments: WallpaperMode.allCases)
  func lxqtRunsPCManFMQt(mode: WallpaperMode) throws {
    let stubs = try SettingsStubs()
    try stubs.install("pcmanfm-qt")
    try LXQtBackend().set(WallpaperRequest(path: Self.path, mode: mode), in: stubs.session())
    let expected = ["pcmanfm-qt", "--set-wallpaper=\(Self.path)", "--wallpaper-mode=\(Self.lxqt[mode]!)"]
    #expect(try stubs.calls() == [expected])
  }

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
    #expect(throws: DesktopError.toolMissing(backend: backend.name, tool: backend.tools[0])) {
      try backend.set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    }
    try stubs.install(backend.tools[0])
    #expect(backend.isAvailable(in: stubs.session()))
  }

  @Test func failureCarriesWhatTheToolSaid() throws {
    let stubs = try SettingsStubs()
    try stubs.install("pcmanfm", "echo 'Cannot open display' >&2; exit 1")
    #expect {
      try LXDEBackend().set(WallpaperRequest(path: "/a.jpg", mode: .fill), in: stubs.session())
    } throws: { error in
      guard case .toolFailed("lxde", _, 1, let stderr) = error as? DesktopError else { return false }
      return stderr.contains("Cannot open display")
    }
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "LXDE"], true, false), (["XDG_CURRENT_DESKTOP": "LXQt"], false, true),
    (["DESKTOP_SESSION": "LXDE"], true, false), (["DESKTOP_SESSION": "lxqt"], false, true),
    (["XDG_CURRENT_DESKTOP": "KDE"], false, false), ([:], false, false),
  ])
  func detection(environment: [String: String], lxde: Bool, lxqt: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(LXDEBackend().isDetected(in: session) == lxde)
    #expect(LXQtBackend().isDetected(in: session) == lxqt)
  }
}
