import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// Wayfire's wf-shell at file level: Debian 12's wayfire has no wf-shell, and wayfire 0.7 will
/// not start headless without a DRM render node, which this machine lacks; so these edit
/// `wf-shell.ini` through a `wf-background` stand-in and read it back, every other line kept.
@Suite struct WayfireBackendTests {
  static func session(_ stubs: ToolStubs) -> DesktopSession {
    stubs.session(["XDG_CURRENT_DESKTOP": "Wayfire", "XDG_CONFIG_HOME": stubs.folder.file("config")])
  }

  static func file(_ stubs: ToolStubs) -> String { stubs.folder.file("config/wf-shell.ini") }

  static let before = """
    # my shell
    [panel]
    widgets_left = menu spacing4 launchers
    autohide = true

    [background]
    # a slideshow folder once
    image = /usr/share/wayfire/wallpaper.jpg
    cycle_timeout = 150
    randomize = false

    [dock]
    icon_height = 72
    """

  @Test func imageAndFillModeChangeAndNothingElse() throws {
    let stubs = try ToolStubs()
    try stubs.install("wf-background")
    try FileManager.default.createDirectory(
      atPath: stubs.folder.file("config"), withIntermediateDirectories: true)
    try Self.before.write(toFile: Self.file(stubs), atomically: true, encoding: .utf8)
    let session = Self.session(stubs)
    #expect(WayfireBackend().isDetected(in: session))
    try WayfireBackend().set(WallpaperRequest(path: "/p/lake.jpg", mode: .fit), in: session)
    let after = try String(contentsOfFile: Self.file(stubs), encoding: .utf8)
    #expect(
      after == Self.before.replacingOccurrences(
        of: "image = /usr/share/wayfire/wallpaper.jpg", with: "image = /p/lake.jpg"
      )
      .replacingOccurrences(of: "randomize = false", with: "randomize = false\nfill_mode = preserve_aspect")
        + "\n")
    #expect(try WayfireBackend().current(in: session) == "/p/lake.jpg")
    #expect(stubs.calls().isEmpty, "a file, no tool run")
  }

  @Test func aFreshFileGetsTheSection() throws {
    let stubs = try ToolStubs()
    try stubs.install("wf-background")
    try WayfireBackend().set(WallpaperRequest(path: "/p/a b.jpg", mode: .fill), in: Self.session(stubs))
    #expect(
      try String(contentsOfFile: Self.file(stubs), encoding: .utf8)
        == "[background]\nimage = /p/a b.jpg\nfill_mode = fill_and_crop\n")
  }

  @Test(arguments: ["/p/a#b.jpg", "/p/a\nb.jpg", "/p/a\\b.jpg", "/p/ab.jpg "])
  func aPathWfConfigWouldMisreadIsRefused(path: String) throws {
    let stubs = try ToolStubs()
    try stubs.install("wf-background")
    #expect(throws: DesktopError.self) {
      try WayfireBackend().set(WallpaperRequest(path: path, mode: .fill), in: Self.session(stubs))
    }
    #expect(!FileManager.default.fileExists(atPath: Self.file(stubs)))
  }

  /// Without wf-shell, Wayfire draws nothing of its own: a Wayland setter is chosen.
  @Test func withoutWfShellASetterIsChosen() throws {
    let stubs = try ToolStubs()
    try stubs.install("swaybg")
    let session = stubs.session(ToolStubs.wayland.merging(["XDG_CURRENT_DESKTOP": "wayfire"]) { $1 })
    let choice = try BackendSelector.select(
      .auto, from: BackendRegistry.all(command: "", session: session), in: session)
    #expect(choice.backend.name == "swaybg")
    #expect(choice.reason == "a Wayland session (wayfire) with swaybg installed")
    try stubs.install("wf-background")
    #expect(
      try BackendSelector.select(.auto, from: BackendRegistry.all(command: "", session: session), in: session)
        .backend.name == "wayfire")
  }

  /// A section header with a comment is the section; a file that is not UTF-8 is left alone.
  @Test func aCommentedHeaderAndAFileThatIsNotText() throws {
    let stubs = try ToolStubs()
    try stubs.install("wf-background")
    try FileManager.default.createDirectory(
      atPath: stubs.folder.file("config"), withIntermediateDirectories: true)
    try "[ background ] # mine\nimage = /old.jpg\n".write(
      toFile: Self.file(stubs), atomically: true, encoding: .utf8)
    try WayfireBackend().set(WallpaperRequest(path: "/p/new.jpg", mode: .fill), in: Self.session(stubs))
    #expect(
      try String(contentsOfFile: Self.file(stubs), encoding: .utf8)
        == "[ background ] # mine\nimage = /p/new.jpg\nfill_mode = fill_and_crop\n")
    let latin1 = Data([0x5b, 0x70, 0x5d, 0x0a, 0x78, 0x3d, 0xe9, 0x0a])
    try latin1.write(to: URL(fileURLWithPath: Self.file(stubs)))
    #expect(throws: DesktopError.self) {
      try WayfireBackend().set(WallpaperRequest(path: "/p/new.jpg", mode: .fill), in: Self.session(stubs))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: Self.file(stubs))) == latin1)
  }
}
