import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// Deepin against the real gsettings, with a compiled stand-in for the wrapped GNOME schema (Debian
/// does not package Deepin's).
@Suite struct DeepinBackendTests {
  static let schema = "com.deepin.wrap.gnome.desktop.background"

  let schemas: TemporaryDirectory
  let settings: KeyfileSettings

  init() throws {
    schemas = try TemporaryDirectory()
    let xml = """
      <schemalist>
        <schema id="\(Self.schema)" path="/com/deepin/wrap/gnome/desktop/background/">
          <key name="picture-uri" type="s"><default>''</default></key>
          <key name="picture-options" type="s"><default>'spanned'</default></key>
        </schema>
      </schemalist>
      """
    try xml.write(toFile: schemas.file("deepin.gschema.xml"), atomically: true, encoding: .utf8)
    try ExternalTool.run(["glib-compile-schemas", schemas.path])
    settings = try KeyfileSettings(schemaDirectory: schemas.path)
  }

  @Test(arguments: WallpaperMode.allCases)
  func setsTheURIAndTheMode(mode: WallpaperMode) throws {
    let path = PathCase.all[2]
    try GSettingsBackend(.deepin).set(WallpaperRequest(path: path.path, mode: mode), in: settings.session)
    #expect(try settings.raw(Self.schema, "picture-uri") == "'\(path.uri)'")
    let expectedOption = mode == .auto ? "'spanned'" : "'\(GSettingsDesktop.deepin.modeTable[mode]!)'"
    #expect(try settings.raw(Self.schema, "picture-options") == expectedOption)
    #expect(try GSettingsBackend(.deepin).current(in: settings.session) == path.path)
  }

  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "Deepin"], true), (["XDG_CURRENT_DESKTOP": "DDE"], true),
    (["DESKTOP_SESSION": "deepin"], true), (["XDG_CURRENT_DESKTOP": "GNOME"], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: "/")
    #expect(GSettingsBackend(.deepin).isDetected(in: session) == detected)
  }
}
