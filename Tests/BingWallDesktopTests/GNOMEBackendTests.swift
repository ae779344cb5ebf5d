import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// GNOME against the real gsettings and the installed GNOME schemas (keyfile store, no bus).
@Suite struct GNOMEBackendTests {
  static let schema = "org.gnome.desktop.background"
  /// A value no mode maps to, so `auto` leaving it alone is visible.
  static let untouchedOption = "'spanned'"

  @Test(arguments: PathCase.pairedWithModes(PathCase.all))
  func setsBothURIsAndTheModeAndReadsThemBack(mode: WallpaperMode, path: PathCase) throws {
    let settings = try KeyfileSettings()
    try settings.setRaw(Self.schema, "picture-options", Self.untouchedOption)
    let backend = GSettingsBackend(.gnome, session: settings.session)

    try backend.set(WallpaperRequest(path: path.path, mode: mode), in: settings.session)

    #expect(try settings.raw(Self.schema, "picture-uri") == "'\(path.uri)'")
    #expect(try settings.raw(Self.schema, "picture-uri-dark") == "'\(path.uri)'")
    let expectedOption = mode == .auto ? Self.untouchedOption : "'\(GSettingsDesktop.gnome.modeTable[mode]!)'"
    #expect(try settings.raw(Self.schema, "picture-options") == expectedOption)
    #expect(try backend.current(in: settings.session) == path.path)
    #expect(settings.keyfile.contains("picture-uri='\(path.uri)'"))
  }

  @Test func modeTableMatchesGNOMENames() {
    #expect(
      GSettingsDesktop.gnome.modeTable == [
        .fill: "zoom", .fit: "scaled", .stretch: "stretched", .center: "centered", .tile: "wallpaper",
      ])
  }

  @Test func uriIsPercentEncoded() {
    for path in PathCase.all {
      let uri = WallpaperRequest(path: path.path, mode: .auto).uri
      #expect(uri == path.uri)
      #expect(uri.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " && $0 != "'" && $0 != "\"" })
    }
  }

  @Test func currentIsNilWhenNoPictureIsSet() throws {
    let settings = try KeyfileSettings()
    try settings.setRaw(Self.schema, "picture-uri", "''")
    #expect(try GSettingsBackend(.gnome).current(in: settings.session) == nil)
  }

  /// Budgie's and Unity's screensavers read the screensaver schema's picture.
  @Test(arguments: ["Budgie", "Budgie:GNOME", "Unity"])
  func lockScreenGoesToTheScreensaverSchema(desktop: String) throws {
    let settings = try KeyfileSettings()
    let session = settings.session(desktop: desktop)
    let path = PathCase.all[1]
    #expect(GSettingsBackend(.gnome).lockScreenNote(in: session) == nil)
    let done = try GSettingsBackend(.gnome).setLockScreen(
      WallpaperRequest(path: path.path, mode: .fill), in: session)
    #expect(done)
    #expect(try settings.raw("org.gnome.desktop.screensaver", "picture-uri") == "'\(path.uri)'")
    #expect(try settings.raw(Self.schema, "picture-uri") != "'\(path.uri)'")
  }

  /// GNOME Shell (3.36+) ignores that key: its lock screen is the desktop picture, blurred. The
  /// key is left alone and the user is told why.
  @Test(arguments: ["GNOME", "ubuntu:GNOME", "pop:GNOME"])
  func gnomeShellsLockScreenIsToldNotWritten(desktop: String) throws {
    let settings = try KeyfileSettings()
    let session = settings.session(desktop: desktop)
    let before = try settings.raw("org.gnome.desktop.screensaver", "picture-uri")
    let backend = GSettingsBackend(.gnome)
    #expect(backend.lockScreenNote(in: session)?.contains("blurred") == true)
    #expect(try backend.setLockScreen(WallpaperRequest(path: PathCase.all[1].path, mode: .fill), in: session))
    #expect(try settings.raw("org.gnome.desktop.screensaver", "picture-uri") == before)
  }

  /// GNOME before 42 has no `picture-uri-dark`: a schema of our own without it stands in for one.
  @Test func olderGNOMEWithoutTheDarkKeyStillWorks() throws {
    let schemas = try TemporaryDirectory()
    let xml = """
      <schemalist>
        <schema id="org.gnome.desktop.background" path="/org/gnome/desktop/background/">
          <key name="picture-uri" type="s"><default>''</default></key>
          <key name="picture-options" type="s"><default>'zoom'</default></key>
        </schema>
      </schemalist>
      """
    try xml.write(toFile: schemas.file("old.gschema.xml"), atomically: true, encoding: .utf8)
    try ExternalTool.run(["glib-compile-schemas", schemas.path])
    let settings = try KeyfileSettings(schemaDirectory: schemas.path)
    #expect(try !GSettings(backend: "gnome").hasKey(Self.schema, "picture-uri-dark", in: settings.session))

    try GSettingsBackend(.gnome).set(
      WallpaperRequest(path: "/old/gnome.jpg", mode: .center), in: settings.session)

    #expect(try settings.raw(Self.schema, "picture-uri") == "'file:///old/gnome.jpg'")
    #expect(try settings.raw(Self.schema, "picture-options") == "'centered'")
    #expect(!settings.keyfile.contains("picture-uri-dark"))
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "GNOME"], true), (["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"], true),
    (["XDG_CURRENT_DESKTOP": "Budgie:GNOME"], true), (["XDG_CURRENT_DESKTOP": "Unity"], true),
    (["XDG_CURRENT_DESKTOP": "pop:GNOME"], true), (["DESKTOP_SESSION": "ubuntu"], true),
    (["DESKTOP_SESSION": "/usr/share/xsessions/budgie-desktop"], true), (["DESKTOP_SESSION": "gnome"], true),
    (["XDG_CURRENT_DESKTOP": "X-Cinnamon"], false), (["XDG_CURRENT_DESKTOP": "KDE"], false),
    (["XDG_CURRENT_DESKTOP": "XFCE", "DESKTOP_SESSION": "gnome"], false), ([:], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(GSettingsBackend(.gnome).isDetected(in: session) == detected)
  }
}
