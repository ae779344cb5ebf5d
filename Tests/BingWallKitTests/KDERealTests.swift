import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The kde backend against a real plasmashell (Debian 12: Plasma 5.27, whose
/// `plasma-apply-wallpaperimage` has no `--fill-mode`): every route it takes, read back from
/// plasma's own config file and from the screen's pixels. Opt-in, run by `make test-kde`.
@Suite(
  .enabled(
    if: PlasmaDesktop.requested,
    "a real Plasma desktop is a 250 MB install: run 'make test-kde' (or set BINGWALL_TEST_KDE=1)"),
  .serialized)
struct KDERealTests {
  let pictures: TemporaryDirectory

  init() throws {
    pictures = try TemporaryDirectory()
  }

  /// A one-colour picture the size of the screen, at `name` in the test's folder.
  func picture(_ name: String, colour: String) throws -> String {
    let path = pictures.file(name)
    try TestJPEG.make(width: 320, height: 240, colour: colour).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Whether the middle of the desktop (above the panel) shows `colour` (`0xRRGGBB`), give or take
  /// what JPEG does to a flat colour.
  static func shows(_ colour: UInt32, on desktop: PlasmaDesktop) -> Bool {
    guard let shot = try? desktop.display.screenshot() else { return false }
    let pixel = shot.colour(x: 160, y: 100)
    let channels = [16, 8, 0].map { (Int(pixel >> UInt32($0)) & 0xff, Int(colour >> UInt32($0)) & 0xff) }
    return channels.allSatisfy { abs($0.0 - $0.1) <= 24 }
  }

  /// Waits until plasma's config names `path` for every desktop, with `fillMode` when given, and the
  /// screen shows `colour`.
  static func expectShown(
    _ path: String, colour: UInt32, fillMode: String? = nil, on desktop: PlasmaDesktop,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let stored = PlasmaDesktop.poll(seconds: 120) {
      let wallpapers = desktop.wallpapers()
      return !wallpapers.isEmpty
        && wallpapers.allSatisfy {
          FileURI.path(of: $0.image) == path && (fillMode == nil || $0.fillMode == fillMode)
        }
    }
    #expect(
      stored, "appletsrc has \(desktop.wallpapers()), not \(path)",
      sourceLocation: sourceLocation)
    let drawn = PlasmaDesktop.poll(seconds: 120) { shows(colour, on: desktop) }
    #expect(drawn, "the screen does not show \(String(colour, radix: 16))", sourceLocation: sourceLocation)
  }

  @Test func everyRouteSetsTheWallpaperOnARealPlasma() throws {
    try #require(PlasmaDesktop.missing.isEmpty, "missing \(PlasmaDesktop.missing); run 'make test-kde'")
    let desktop = try PlasmaDesktop()
    let session = desktop.session
    let backend = KDEBackend()
    #expect(backend.isDetected(in: session))
    #expect(
      try BackendSelector.select(
        "auto", from: BackendRegistry.all(command: "", session: session), in: session
      ).backend.name == "kde")

    // auto: plasma-apply-wallpaperimage itself.
    let red = try picture("red Bing picture.jpg", colour: "#ff0000")
    try backend.set(WallpaperRequest(path: red, mode: .auto), in: session)
    Self.expectShown(red, colour: 0xff0000, on: desktop)

    // A mode: 5.27's tool has no --fill-mode, so the script goes over qdbus with FillMode.
    let green = try picture("grün.jpg", colour: "#00ff00")
    try backend.set(WallpaperRequest(path: green, mode: .stretch), in: session)
    Self.expectShown(green, colour: 0x00ff00, fillMode: "0", on: desktop)

    // The real tool refuses a single quote; the backend sends such a path through its script.
    let blue = try picture("it's Bing's \"blue\" <script>.jpg", colour: "#0000ff")
    let refused = try session.processes.run(
      ProcessInvocation(arguments: ["plasma-apply-wallpaperimage", blue], environment: desktop.environment))
    #expect(refused.status != 0)
    #expect((refused.stdoutText + refused.stderrText).contains("single quote"))
    try backend.set(WallpaperRequest(path: blue, mode: .auto), in: session)
    Self.expectShown(blue, colour: 0x0000ff, on: desktop)

    // The lock screen: kwriteconfig5 into kscreenlockerrc, read back as Plasma's config reads it.
    #expect(try backend.setLockScreen(WallpaperRequest(path: red, mode: .auto), in: session))
    let locker = try ExternalTool.text([
      "env", "XDG_CONFIG_HOME=\(desktop.bus.configHome)", "kreadconfig5", "--file", "kscreenlockerrc",
      "--group",
      "Greeter", "--group", "Wallpaper", "--group", "org.kde.image", "--group", "General", "--key", "Image",
    ])
    #expect(FileURI.path(of: locker) == red)

    // The binary, as a user runs it in this session.
    let sandbox = try Sandbox()
    let user = desktop.environment.filter { $0.key != "HOME" && !$0.key.hasPrefix("XDG_DATA") }
    let applied = try sandbox.run(["apply", green, "--mode", "fit"], environment: user)
    #expect(applied.status == 0, "\(applied.stderr)")
    #expect(applied.stdout == "Applied \(green) with kde\n")
    Self.expectShown(green, colour: 0x00ff00, fillMode: "1", on: desktop)

    // plasmashell gone: the tool explains on stdout only, and the error carries its words.
    desktop.stopShell()
    #expect {
      try backend.set(WallpaperRequest(path: red, mode: .auto), in: session)
    } throws: { error in
      guard let error = error as? DesktopError, case .toolFailed("kde", _, 255, _) = error else {
        return false
      }
      return error.description.contains("An error occurred while attempting to set the Plasma wallpaper")
        && error.description.contains("org.kde.plasmashell")
    }
  }
}
