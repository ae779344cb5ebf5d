import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// One GNOME-family desktop as dconf stores it: the folder of its keys in dconf's tree, and the
/// picture each mode is tried with, as `dconf read` prints it (written out by hand).
struct DconfDesktop: Sendable, CustomTestStringConvertible {
  var desktop: GSettingsDesktop
  var directory: String
  /// Deepin's schema is not in Debian: a compiled stand-in is.
  var standInSchema = false
  var testDescription: String { desktop.name }

  /// A path per mode and how dconf prints the picture key's value for it.
  func picture(for mode: WallpaperMode) -> (path: String, printed: String) {
    let index = WallpaperMode.allCases.firstIndex(of: mode)! % PathCase.all.count
    let path = PathCase.all[index]
    guard desktop.pictureForm == .path else { return (path.path, "'\(path.uri)'") }
    // GVariant text: double quotes once the path has a single quote.
    return (path.path, path.path.contains("'") ? #""/tmp/it's \"q\"/x.jpg""# : "'\(path.path)'")
  }

  static let all: [DconfDesktop] = [
    DconfDesktop(desktop: .gnome, directory: "/org/gnome/desktop/background/"),
    DconfDesktop(desktop: .cinnamon, directory: "/org/cinnamon/desktop/background/"),
    DconfDesktop(desktop: .mate, directory: "/org/mate/desktop/background/"),
    DconfDesktop(
      desktop: .deepin, directory: "/com/deepin/wrap/gnome/desktop/background/", standInSchema: true),
  ]
}

/// GNOME, Cinnamon, MATE and Deepin's stand-in through the real dconf: `gsettings` with the dconf
/// store on a private session bus, dconf-service started by D-Bus activation; read back with
/// `dconf read`, `gsettings get` and the backend itself. And what happens when that bus is gone.
@Suite(
  .enabled(if: DconfSessionBus.installed, "needs dbus-daemon, dconf-service and dconf-cli (make test-deps)"))
struct DconfBackendTests {
  @Test(arguments: DconfDesktop.all, WallpaperMode.allCases)
  func setsThroughDconfServiceAndReadsBack(desktop: DconfDesktop, mode: WallpaperMode) throws {
    let bus = try DconfSessionBus()
    let schemas = try TemporaryDirectory()
    var extra: [String: String] = [:]
    if desktop.standInSchema {
      try DeepinStandInSchema.compile(into: schemas)
      extra["GSETTINGS_SCHEMA_DIR"] = schemas.path
    }
    let session = bus.session(extra)
    let keys = desktop.desktop
    // A value no mode maps to, stored through the bus, so `auto` leaving it alone is visible.
    try bus.text(["dconf", "write", desktop.directory + "picture-options", "'spanned'"])
    let backend = GSettingsBackend(keys, session: session)
    #expect(backend.need == .sessionBus)
    let (path, printed) = desktop.picture(for: mode)

    try backend.set(WallpaperRequest(path: path, mode: mode), in: session)

    #expect(try bus.text(["dconf", "read", desktop.directory + keys.pictureKey]) == printed)
    #expect(try bus.text(["gsettings", "get", keys.schema, keys.pictureKey], environment: extra) == printed)
    if let dark = keys.darkPictureKey {
      #expect(try bus.text(["dconf", "read", desktop.directory + dark]) == printed)
    }
    let option = mode == .auto ? "'spanned'" : "'\(keys.modeTable[mode]!)'"
    #expect(try bus.text(["dconf", "read", desktop.directory + "picture-options"]) == option)
    #expect(try backend.current(in: session) == path)
    // dconf-service wrote its database; nothing went to a keyfile.
    #expect(FileManager.default.fileExists(atPath: bus.database))
    #expect(!FileManager.default.fileExists(atPath: bus.configHome + "/glib-2.0/settings/keyfile"))
  }

  /// Budgie 10.10 says only `Budgie`; its screensaver reads GNOME's key.
  @Test func budgieLockScreenGoesThroughDconfToo() throws {
    let bus = try DconfSessionBus()
    let path = PathCase.all[1]
    #expect(
      try GSettingsBackend(.gnome).setLockScreen(
        WallpaperRequest(path: path.path, mode: .fill), in: bus.session(["XDG_CURRENT_DESKTOP": "Budgie"])))
    #expect(try bus.text(["dconf", "read", "/org/gnome/desktop/screensaver/picture-uri"]) == "'\(path.uri)'")
    #expect(try bus.text(["dconf", "read", "/org/gnome/desktop/background/picture-uri"]) == "")
  }

  // MARK: A bus that is gone

  /// Killed, the daemon leaves its socket (connections are refused); a clean exit removes it (no
  /// such file). Either way `gsettings set` exits 0 and warns only now and then (measured here: 3 to 7
  /// times in 20), and `gsettings get` still reads the old database, so the same picture again would
  /// read back fine: asking dconf-service first is what must fail.
  @Test(arguments: [false, true])
  func aBusThatIsGoneIsNamedWithWhatToDo(socketRemoved: Bool) throws {
    let bus = try DconfSessionBus()
    let session = bus.session()
    let backend = GSettingsBackend(.gnome, session: session)
    try backend.set(WallpaperRequest(path: "/pics/first.jpg", mode: .fill), in: session)
    bus.stop(removeSocket: socketRemoved)

    for path in ["/pics/second.jpg", "/pics/first.jpg"] {
      #expect {
        try backend.set(WallpaperRequest(path: path, mode: .auto), in: session)
      } throws: { error in
        guard let error = error as? DesktopError,
          case .sessionBusUnreachable("gnome", bus.address, let said) = error
        else { return false }
        let text = error.description
        return said.contains(socketRemoved ? "No such file or directory" : "Connection refused")
          && text.contains("the session bus at \(bus.address) does not answer")
          && (error.hint ?? "").contains("set DBUS_SESSION_BUS_ADDRESS") && error.exitStatus == 69
      }
    }
    #expect(try backend.current(in: session) == "/pics/first.jpg")
  }

  /// A bus that never was (a malformed address): GLib's words, and the same advice.
  @Test func aMalformedBusAddressIsNamed() throws {
    let bus = try DconfSessionBus()
    let session = bus.session(["DBUS_SESSION_BUS_ADDRESS": "nonsense"])
    #expect {
      try GSettingsBackend(.mate, session: session).set(
        WallpaperRequest(path: "/pics/a.jpg", mode: .auto), in: session)
    } throws: { error in
      guard case .sessionBusUnreachable("mate", "nonsense", let said) = error as? DesktopError else {
        return false
      }
      return said.contains("nonsense")
    }
  }

  /// The bus answers but dconf-service cannot write its database (a folder where the file should
  /// be): gsettings exits 0 and only sometimes prints dconf's warning, so either its words or the
  /// read back make the error; it is never a success.
  @Test func dconfThatCannotWriteIsAFailure() throws {
    let bus = try DconfSessionBus()
    try FileManager.default.createDirectory(atPath: bus.database, withIntermediateDirectories: true)
    let session = bus.session()
    let backend = GSettingsBackend(.cinnamon, session: session)
    #expect {
      try backend.set(WallpaperRequest(path: "/pics/a.jpg", mode: .fill), in: session)
    } throws: { error in
      switch error as? DesktopError {
      case .toolFailed("cinnamon", let command, 0, let said):
        return command.hasPrefix("gsettings set org.cinnamon.desktop.background")
          && said.contains("failed to commit changes to dconf") && said.contains("Is a directory")
          && (error as! DesktopError).description.contains("reported success but failed")
      case .didNotTake("cinnamon", "file:///pics/a.jpg", _): return true
      default: return false
      }
    }
    #expect(try backend.current(in: session) != "/pics/a.jpg")
  }

  // MARK: The binary, as a user runs it

  /// `apply FILE` through the real binary: on a live bus it says Applied and dconf has the picture;
  /// once the bus is gone it exits 69 with the advice and never says Applied.
  @Test func applyThroughTheBinaryOnALiveAndADeadBus() throws {
    let bus = try DconfSessionBus()
    let sandbox = try Sandbox()
    let picture = sandbox.folder.file("it's a picture.jpg")
    try TestJPEG.make(width: 16, height: 16).write(to: URL(fileURLWithPath: picture))
    let environment = bus.environment().filter { $0.key != "HOME" && !$0.key.hasPrefix("XDG_DATA") }

    let live = try sandbox.run(["apply", picture, "--backend", "gnome"], environment: environment)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stdout == "Applied \(picture) with gnome\n")
    #expect(
      try bus.text(["dconf", "read", "/org/gnome/desktop/background/picture-uri"])
        == "'\(FileURI.make(picture))'")

    bus.stop()
    let dead = try sandbox.run(["apply", picture, "--backend", "gnome"], environment: environment)
    #expect(dead.status == 69)
    #expect(dead.stdout == "")
    #expect(
      dead.stderr.hasPrefix(
        "bingwall: error: gnome: the setting was not stored: the session bus at \(bus.address)"))
    #expect(dead.stderr.contains("DBUS_SESSION_BUS_ADDRESS"))
  }

  /// `--lock-screen` on MATE, which has none: the background is set, one warning line on stderr says
  /// the rest could not be, and the exit status is 0 (the option means "where the desktop has one").
  @Test func lockScreenOnMATEWarnsOnce() throws {
    let bus = try DconfSessionBus()
    let sandbox = try Sandbox()
    let picture = sandbox.folder.file("mate.jpg")
    try TestJPEG.make(width: 16, height: 16).write(to: URL(fileURLWithPath: picture))
    let environment = bus.environment().filter { $0.key != "HOME" && !$0.key.hasPrefix("XDG_DATA") }

    let result = try sandbox.run(
      ["apply", picture, "--backend", "mate", "--lock-screen"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Applied \(picture) with mate\n")
    #expect(
      result.stderr
        == "bingwall: warning: this desktop (mate) has no lock screen picture to set; only the background changed\n"
    )
    #expect(
      try bus.text(["dconf", "read", "/org/mate/desktop/background/picture-filename"]) == "'\(picture)'")
  }
}
