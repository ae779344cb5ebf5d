import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallSystem

/// The pictures made for a desktop, on the real desktops: GNOME's dark-style and lock screen
/// pictures through the real dconf, and LXQt's fill on a screen of another shape than the
/// picture's.
@Suite struct VariantsRealTests {
  /// The picture at `path` in memory, for measuring.
  static func measured(_ path: String) throws -> Image {
    try Image.open(jpeg: path).inMemory("measure")
  }

  /// `picture-uri-dark` names the dimmed file, whose mean luminance is `dark_dim` of the plain
  /// one; `picture-uri` keeps the picture itself; under Budgie 10.10 (which says only
  /// `Budgie`), whose screensaver reads it, the screensaver's key names a blurred file. No
  /// display: the screens are not read, and nothing warns.
  @Test(
    .enabled(if: DconfSessionBus.installed, "needs dbus-daemon, dconf-service and dconf-cli (make test-deps)")
  )
  func budgieGetsItsDarkAndLockPicturesThroughDconf() throws {
    let bus = try DconfSessionBus()
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 640, height: 360)
    let pictures = ScreenPictures(
      folder: folder.file("screens"), maximumSize: nil, darkDim: 0.7, lockBlur: 12)
    let session = bus.session(["XDG_CURRENT_DESKTOP": "Budgie"])
    let applier = WallpaperApplier(
      session: session, backends: [GSettingsBackend(.gnome, session: session)], requested: "gnome",
      mode: .fill, lockScreen: true, screenPictures: { pictures.make($0) })

    let outcome = try applier.apply(path: picture)

    #expect(outcome.screenProblem == nil)
    #expect(outcome.path == picture)
    let dark = try #require(outcome.darkPath)
    #expect(dark.hasPrefix(folder.file("screens") + "/") && dark.hasSuffix("-whole-crop-dark.jpg"))
    let read = { (key: String) in try bus.text(["dconf", "read", "/org/gnome/desktop/\(key)"]) }
    #expect(try read("background/picture-uri") == "'\(FileURI.make(picture))'")
    #expect(try read("background/picture-uri-dark") == "'\(FileURI.make(dark))'")
    let ratio = try TestPictures.luma(Self.measured(dark)) / TestPictures.luma(Self.measured(picture))
    #expect(abs(ratio - 0.7) <= 0.03 * 0.7, "\(ratio)")
    let lockURI = try read("screensaver/picture-uri")
    let lock = try #require(FileURI.path(of: String(lockURI.dropFirst().dropLast())))
    #expect(lock.hasSuffix("-whole-crop-lock.jpg"))
    let plainDetail = try Self.measured(picture).deviation()
    #expect(try Self.measured(lock).size == Self.measured(picture).size)
    #expect(try Self.measured(lock).deviation() <= plainDetail)
  }

  /// Under GNOME Shell the lock screen is the desktop picture, blurred by the shell: no lock
  /// picture is made, the screensaver key stays as it was, and the outcome says why.
  @Test(
    .enabled(if: DconfSessionBus.installed, "needs dbus-daemon, dconf-service and dconf-cli (make test-deps)")
  )
  func gnomeShellGetsItsDarkPictureAndANoteForTheLockScreen() throws {
    let bus = try DconfSessionBus()
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 640, height: 360)
    let pictures = ScreenPictures(
      folder: folder.file("screens"), maximumSize: nil, darkDim: 0.7, lockBlur: 12)
    let session = bus.session(["XDG_CURRENT_DESKTOP": "GNOME"])
    let applier = WallpaperApplier(
      session: session, backends: [GSettingsBackend(.gnome, session: session)], requested: "gnome",
      mode: .fill, lockScreen: true, screenPictures: { pictures.make($0) })

    let outcome = try applier.apply(path: picture)

    #expect(outcome.lockScreenNote == GSettingsDesktop.shellLockNote)
    #expect(outcome.darkPath != nil)
    #expect(try bus.text(["dconf", "read", "/org/gnome/desktop/screensaver/picture-uri"]) == "")
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.file("screens"))
    #expect(!made.contains { $0.hasSuffix("-lock.jpg") }, "\(made)")
  }

  /// A 1600x900 JPEG of a red disc of radius 150 in the middle of blue.
  static func disc(in folder: TemporaryDirectory) throws -> String {
    try TestPictures.draw(
      "disc.jpg", in: folder,
      ["-size", "1600x900", "xc:#0000ff", "-fill", "#ff0000", "-draw", "circle 800,450 950,450"])
  }

  /// The red pixels' bounding box on an X screen.
  static func redBox(_ shot: VirtualXServer.Screenshot) -> (width: Int, height: Int)? {
    var (minX, maxX, minY, maxY) = (Int.max, -1, Int.max, -1)
    for y in 0..<shot.height {
      for x in 0..<shot.width {
        let colour = shot.colour(x: x, y: y)
        guard colour >> 16 > 0xc0, colour & 0xff < 0x40 else { continue }
        (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
      }
    }
    return maxX < 0 ? nil : (maxX - minX + 1, maxY - minY + 1)
  }

  /// pcmanfm-qt's command line can only stretch; on a 16:10 screen a 16:9 picture came out 11%
  /// too tall. Made at the screen's shape first, its disc is round; the file as it is (no maker)
  /// is the control, an ellipse.
  @Test(
    .enabled(if: DesktopSandbox.canRun("pcmanfm-qt", "gdbus", "xrandr")),
    arguments: [true, false])
  func lxqtFillOnASixteenByTenScreenKeepsCirclesRound(made: Bool) throws {
    let sandbox = try DesktopSandbox(width: 320, height: 200)
    try sandbox.start(["pcmanfm-qt", "--desktop", "--profile=lxqt"])
    #expect(eventually { sandbox.busNameHasOwner("org.pcmanfm.PCManFM") }, "pcmanfm-qt: \(sandbox.logs)")
    let picture = try Self.disc(in: sandbox.folder)
    let pictures = ScreenPictures(folder: sandbox.home + "/.cache/bingwall/screens", maximumSize: nil)
    let maker: ScreenPictureMaker = { pictures.make($0) }
    let applier = WallpaperApplier(
      session: sandbox.session(), backends: [LXQtBackend()], requested: "lxqt", mode: .fill,
      lockScreen: false, screenPictures: made ? maker : nil)

    let outcome = try applier.apply(path: picture)

    #expect(outcome.screenProblem == nil)
    #expect(made == (outcome.path != picture), "\(outcome)")
    var box: (width: Int, height: Int)?
    _ = try eventually {
      box = Self.redBox(try sandbox.screen.screenshot())
      return box.map { made ? abs($0.width - $0.height) <= 2 : $0.height - $0.width > 4 } ?? false
    }
    let seen = try #require(box, "no red on the screen; \(sandbox.logs)")
    if made {
      #expect(abs(seen.width - seen.height) <= 2, "an ellipse: \(seen)")
    } else {
      #expect(seen.height - seen.width > 4, "stretched should be taller than wide: \(seen)")
    }
  }

  /// XFCE sets each monitor's own property: the monitor's picture is made at its size and set
  /// with xfdesktop's stretch, which then keeps the disc round on a 16:10 screen; without the
  /// maker, stretch of the file as it is would be the control's ellipse.
  @Test(.enabled(if: DesktopSandbox.canRun("xfconf-query", "xfdesktop", "xrandr", "gdbus")))
  func xfceGivesEachMonitorItsOwnPicture() throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf(width: 320, height: 200)
    try XfceDesktop.startXfdesktop(sandbox)
    let picture = try Self.disc(in: sandbox.folder)
    let pictures = ScreenPictures(folder: sandbox.home + "/.cache/bingwall/screens", maximumSize: nil)
    let applier = WallpaperApplier(
      session: sandbox.session(), backends: [XFCEBackend()], requested: "xfce", mode: .fill,
      lockScreen: false, screenPictures: { pictures.make($0) })

    let outcome = try applier.apply(path: picture)

    #expect(outcome.screenProblem == nil)
    let made = try #require(outcome.screens["screen"]?.file, "\(outcome)")
    #expect(made.hasSuffix("-320x200-crop-plain.jpg"))
    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.image]) == made)
    #expect(
      try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.style]) == XFCEBackend.modeTable[.stretch])
    var box: (width: Int, height: Int)?
    _ = try eventually {
      box = Self.redBox(try sandbox.screen.screenshot())
      return box.map { abs($0.width - $0.height) <= 2 && $0.width > 40 } ?? false
    }
    let seen = try #require(box, "no red on the screen; \(sandbox.logs)")
    #expect(abs(seen.width - seen.height) <= 2, "an ellipse: \(seen)")
  }

  /// A dark GTK theme in xsettings (real xfconfd) gives each monitor the dark variant, at its
  /// size, its luminance `dark_dim` of the plain picture's.
  @Test(.enabled(if: DesktopSandbox.canRun("xfconf-query", "xfdesktop", "xrandr", "gdbus")))
  func xfceInADarkThemeGetsTheDarkPicture() throws {
    let sandbox = try XfceDesktop.sandboxWithXfconf(width: 320, height: 200)
    try XfceDesktop.startXfdesktop(sandbox)
    let assignments = sandbox.environment.map { "\($0.key)=\($0.value)" }
    _ = try ExternalTool.run(
      assignments + [
        "xfconf-query", "-c", "xsettings", "-p", "/Net/ThemeName", "-n", "-t", "string", "-s",
        "Greybird-dark",
      ])
    let picture = try TestPictures.gradient(in: sandbox.folder, width: 640, height: 400)
    let pictures = ScreenPictures(
      folder: sandbox.home + "/.cache/bingwall/screens", maximumSize: nil, darkDim: 0.7)
    let applier = WallpaperApplier(
      session: sandbox.session(), backends: [XFCEBackend()], requested: "xfce", mode: .fill,
      lockScreen: false, screenPictures: { pictures.make($0) })

    let outcome = try applier.apply(path: picture)

    let made = try #require(outcome.screens["screen"]?.file, "\(outcome)")
    #expect(made.hasSuffix("-320x200-crop-dark.jpg"))
    #expect(try XfceDesktop.xfconf(sandbox, ["-p", XfceDesktop.image]) == made)
    let plain = try #require(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/.cache/bingwall/screens").first {
        $0.hasSuffix("-320x200-crop-plain.jpg")
      })
    let ratio =
      try TestPictures.luma(Self.measured(made))
      / TestPictures.luma(Self.measured(sandbox.home + "/.cache/bingwall/screens/" + plain))
    #expect(abs(ratio - 0.7) <= 0.03 * 0.7, "\(ratio)")
  }
}
