import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// MATE against the real gsettings and `mate-desktop-common`'s schemas: a plain path, not a URI.
@Suite struct MATEBackendTests {
  static let schema = "org.mate.background"

  /// Paths and how `gsettings get` prints them (GVariant text: double quotes when there is a `'`).
  static let paths: [(String, String)] = [
    ("/home/u/bing.jpg", "'/home/u/bing.jpg'"),
    ("/tmp/with space/a b.jpg", "'/tmp/with space/a b.jpg'"),
    ("/tmp/it's \"q\"/x.jpg", #""/tmp/it's \"q\"/x.jpg""#),
    ("/tmp/Grüße/世界.jpg", "'/tmp/Grüße/世界.jpg'"),
  ]

  @Test(arguments: PathCase.pairedWithModes(paths))
  func setsThePlainPathAndTheModeAndReadsThemBack(mode: WallpaperMode, path: (String, String)) throws {
    let settings = try KeyfileSettings()
    try settings.setRaw(Self.schema, "picture-options", "'spanned'")
    let backend = GSettingsBackend(.mate, session: settings.session)

    try backend.set(WallpaperRequest(path: path.0, mode: mode), in: settings.session)

    #expect(try settings.raw(Self.schema, "picture-filename") == path.1)
    let expectedOption = mode == .auto ? "'spanned'" : "'\(GSettingsDesktop.mate.modeTable[mode]!)'"
    #expect(try settings.raw(Self.schema, "picture-options") == expectedOption)
    #expect(try backend.current(in: settings.session) == path.0)
  }

  @Test func modeTableIsGNOMEs() {
    #expect(GSettingsDesktop.mate.modeTable == GSettingsDesktop.gnome.modeTable)
  }

  @Test func hasNoLockScreen() throws {
    let settings = try KeyfileSettings()
    #expect(
      try !GSettingsBackend(.mate).setLockScreen(
        WallpaperRequest(path: "/a.jpg", mode: .auto), in: settings.session))
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "MATE"], true), (["DESKTOP_SESSION": "mate"], true),
    (["XDG_CURRENT_DESKTOP": "GNOME"], false), ([:], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(GSettingsBackend(.mate).isDetected(in: session) == detected)
  }
}
