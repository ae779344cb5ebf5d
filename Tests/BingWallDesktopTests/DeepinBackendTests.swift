import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// Deepin against the real gsettings, with a compiled stand-in for the wrapped GNOME schema (Debian
/// does not package Deepin's).
@Suite struct DeepinBackendTests {
  static let schema = DeepinStandInSchema.id

  let schemas: TemporaryDirectory
  let settings: KeyfileSettings

  init() throws {
    schemas = try TemporaryDirectory()
    try DeepinStandInSchema.compile(into: schemas)
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

  /// By name, with the schema installed (the stand-in).
  @Test(arguments: [
    (["XDG_CURRENT_DESKTOP": "Deepin"], true), (["XDG_CURRENT_DESKTOP": "DDE"], true),
    (["DESKTOP_SESSION": "deepin"], true), (["XDG_CURRENT_DESKTOP": "GNOME"], false),
  ])
  func detection(environment: [String: String], detected: Bool) {
    let session = DesktopSession(
      environment: settings.session.environment.merging(environment) { $1 }, processes: PosixProcessRunner(),
      home: "/")
    #expect(GSettingsBackend(.deepin).isDetected(in: session) == detected)
  }

  /// `XDG_CURRENT_DESKTOP=Deepin` where the wrapped schema is missing (Deepin V23, or a stale
  /// variable): not detected, so auto falls through to the next choice, here the X11 setter; with the
  /// schema, auto picks deepin. A `feh` stub and the real gsettings are the session's only tools.
  @Test(arguments: [false, true])
  func detectionNeedsTheSchema(installed: Bool) throws {
    let stubs = try SettingsStubs()
    try stubs.install("feh")
    try FileManager.default.createSymbolicLink(
      atPath: stubs.bin + "/gsettings",
      withDestinationPath: PosixProcessRunner.which("gsettings", path: "/usr/bin:/bin")!)
    let plain = try KeyfileSettings()
    var environment = (installed ? settings : plain).session.environment
    environment.merge(["PATH": stubs.bin, "XDG_CURRENT_DESKTOP": "Deepin", "DISPLAY": ":99"]) { $1 }
    let session = DesktopSession(
      environment: environment, processes: PosixProcessRunner(), home: stubs.folder.path)
    let backends = BackendRegistry.all(command: "", session: session)

    #expect(GSettingsBackend(.deepin, session: session).isDetected(in: session) == installed)
    let choice = try BackendSelector.select("auto", from: backends, in: session)
    #expect(choice.backend.name == (installed ? "deepin" : "feh"))
    let row = BackendSelector.statuses("auto", from: backends, in: session).first { $0.name == "deepin" }
    #expect(row?.detected == installed)
  }
}
