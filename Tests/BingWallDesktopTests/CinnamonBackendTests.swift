import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// Cinnamon against the real gsettings and `cinnamon-desktop-data`'s schemas (keyfile store, no bus).
@Suite struct CinnamonBackendTests {
  static let schema = "org.cinnamon.desktop.background"

  @Test(arguments: PathCase.pairedWithModes(PathCase.all))
  func setsTheURIAndTheModeAndReadsThemBack(mode: WallpaperMode, path: PathCase) throws {
    let settings = try KeyfileSettings()
    try settings.setRaw(Self.schema, "picture-options", "'spanned'")
    let backend = GSettingsBackend(.cinnamon, session: settings.session)

    try backend.set(WallpaperRequest(path: path.path, mode: mode), in: settings.session)

    #expect(try settings.raw(Self.schema, "picture-uri") == "'\(path.uri)'")
    let expectedOption = mode == .auto ? "'spanned'" : "'\(GSettingsDesktop.cinnamon.modeTable[mode]!)'"
    #expect(try settings.raw(Self.schema, "picture-options") == expectedOption)
    #expect(try backend.current(in: settings.session) == path.path)
    // GNOME's own keys stay alone: Cinnamon reads only its schema.
    #expect(try settings.raw(GNOMEBackendTests.schema, "picture-uri") != "'\(path.uri)'")
  }

  @Test func modeTableIsGNOMEs() {
    #expect(GSettingsDesktop.cinnamon.modeTable == GSettingsDesktop.gnome.modeTable)
    #expect(GSettingsDesktop.cinnamon.modeTable[.fill] == "zoom")
  }

  /// Cinnamon's screensaver shows the background: setting that sets the lock screen too, with
  /// no key of its own to write.
  @Test func theLockScreenFollowsTheBackground() throws {
    let stubs = try SettingsStubs()
    try stubs.install("gsettings")
    let done = try GSettingsBackend(.cinnamon).setLockScreen(
      WallpaperRequest(path: "/a.jpg", mode: .auto), in: stubs.session())
    #expect(done)
    #expect(try stubs.calls().isEmpty)
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "X-Cinnamon"], true), (["XDG_CURRENT_DESKTOP": "Cinnamon"], true),
    (["DESKTOP_SESSION": "cinnamon"], true), (["XDG_CURRENT_DESKTOP": "GNOME"], false), ([:], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(GSettingsBackend(.cinnamon).isDetected(in: session) == detected)
  }
}
