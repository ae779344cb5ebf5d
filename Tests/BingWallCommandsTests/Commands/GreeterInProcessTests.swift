import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `bingwall greeter` in the test process, on a machine's worth of greeter files under a folder
/// of the test's own (`BINGWALL_GREETER_ROOT`): Debian's own lightdm-gtk-greeter.conf, a
/// slick-greeter and an SDDM theme. Run as root, as the tests run.
@Suite(.enabled(if: geteuid() == 0, "greeter runs as root only; the tests run as root"))
struct GreeterInProcessTests {
  /// Debian 12's lightdm-gtk-greeter.conf, cut: comments, a commented key, the `[greeter]` section.
  static let gtkBefore = """
    # LightDM GTK+ Configuration
    # Available configuration options listed below.
    #
    #  background = Background file to use, either an image path or a color (e.g. #772953)
    [greeter]
    #background=
    #user-background=
    theme-name = Adwaita
    background=/usr/share/images/desktop-base/login-background.svg

    """
  static let slickBefore = "[Greeter]\ndraw-user-backgrounds=false\n"

  final class Machine {
    let run: InProcess
    let root: TemporaryDirectory

    init(manager: String? = "/usr/sbin/lightdm", greeters: Bool = true) throws {
      run = try FakeBingRun.updated()
      run.stubGreeterReader()
      root = try TemporaryDirectory()
      run.environment["BINGWALL_GREETER_ROOT"] = root.path
      if let manager { try write("/etc/X11/default-display-manager", manager + "\n") }
      guard greeters else { return }
      for program in ["/usr/sbin/lightdm-gtk-greeter", "/usr/sbin/slick-greeter", "/usr/bin/sddm"] {
        try write(program, "#!/bin/sh\n", mode: 0o755)
      }
      try write("/etc/lightdm/lightdm-gtk-greeter.conf", GreeterInProcessTests.gtkBefore)
      try write("/etc/lightdm/slick-greeter.conf", GreeterInProcessTests.slickBefore)
      try write("/etc/sddm.conf.d/10-theme.conf", "[Theme]\nCurrent=breeze\n")
      try FileManager.default.createDirectory(
        atPath: root.file("usr/share/sddm/themes/breeze"), withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String, mode: Int = 0o644) throws {
      let full = root.path + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try ExecutableScript.write(text, to: full, mode: mode_t(mode))
    }

    func read(_ path: String) throws -> String {
      try String(contentsOfFile: root.path + path, encoding: .utf8)
    }
  }

  @Test func setNamesThePictureInEveryGreeterAndUnsetPutsItBack() throws {
    let machine = try Machine()
    let result = machine.run.run(["greeter", "set", "latest"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Login screen: 2026-12-01 OHR.Lake"), "\(result.stdout)")
    #expect(result.stdout.contains("lightdm-gtk-greeter (active), slick-greeter, sddm"))

    let store = try #require(try HistoryStore.openExisting(path: machine.run.paths.databaseFile))
    let lake = try store.resolve(.latest, market: nil, at: TestClock.start)
    let copy = machine.root.path + LoginScreen.picturePath
    // Root's own JPEG, made again from the bytes the reader child handed it: never her file.
    let published = try #require(FileManager.default.contents(atPath: copy))
    #expect(published != FileManager.default.contents(atPath: lake.path))
    // What root checks before it copies: a plain baseline JPEG within 3840 pixels a side.
    let plain = try PlainJPEG(checking: published, within: 3840, path: copy)
    #expect(plain.width <= 3840 && plain.height <= 3840, "\(plain.width)x\(plain.height)")
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
    #expect(mode == 0o644, "readable by the greeter's user")
    #expect(
      machine.run.processes.calls.first == [InProcess.executable, LoginScreen.readerCommand, "--", "latest"])
    #expect(
      !FileManager.default.fileExists(atPath: machine.root.path + "/var/lib/bingwall/.greeter-received.jpg"))

    #expect(
      try machine.read("/etc/lightdm/lightdm-gtk-greeter.conf")
        == Self.gtkBefore.replacingOccurrences(
          of: "background=/usr/share/images/desktop-base/login-background.svg",
          with:
            "# bingwall greeter: was background=/usr/share/images/desktop-base/login-background.svg\nbackground=/var/lib/bingwall/greeter.jpg"
        ))
    #expect(
      try machine.read("/etc/lightdm/slick-greeter.conf")
        == "[Greeter]\n# bingwall greeter: was nothing\nbackground=/var/lib/bingwall/greeter.jpg\ndraw-user-backgrounds=false\n"
    )
    #expect(
      try machine.read("/usr/share/sddm/themes/breeze/theme.conf.user")
        == "[General]\n# bingwall greeter: was nothing, in a file it made\nbackground=/var/lib/bingwall/greeter.jpg\n"
    )

    // Again: still one line of ours, the first marker kept.
    #expect(machine.run.run(["greeter", "set", "OHR.Fox", "-q"]).status == 0)
    #expect(
      try machine.read("/etc/lightdm/lightdm-gtk-greeter.conf").components(separatedBy: "bingwall greeter")
        .count == 2)

    let status = machine.run.run(["greeter", "status", "--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(
      rows.map { $0["greeter"] as? String } == [
        "lightdm-gtk-greeter", "slick-greeter", "sddm", "plasmalogin", "gdm",
      ])
    #expect(rows.map { $0["active"] as? Bool } == [true, false, false, false, false])
    #expect(rows.prefix(3).allSatisfy { $0["picture"] as? String == LoginScreen.picturePath })
    #expect(rows.suffix(2).allSatisfy { $0["picture"] is NSNull })

    #expect(machine.run.run(["greeter", "unset"]).status == 0)
    #expect(try machine.read("/etc/lightdm/lightdm-gtk-greeter.conf") == Self.gtkBefore)
    #expect(try machine.read("/etc/lightdm/slick-greeter.conf") == Self.slickBefore)
    #expect(
      !FileManager.default.fileExists(
        atPath: machine.root.path + "/usr/share/sddm/themes/breeze/theme.conf.user"),
      "a file bingwall made goes")
    #expect(!FileManager.default.fileExists(atPath: copy))
  }

  /// No sddm.conf names a theme: Debian's SDDM shows `debian-theme`, and so bingwall sets that
  /// theme's file; an empty `Current=` (SDDM's embedded theme) leaves SDDM out.
  @Test func sddmWithoutAThemeNamedIsDebiansDefaultTheme() throws {
    let machine = try Machine(manager: "/usr/bin/sddm")
    try FileManager.default.removeItem(atPath: machine.root.file("etc/sddm.conf.d"))
    try FileManager.default.createDirectory(
      atPath: machine.root.file("usr/share/sddm/themes/debian-theme"), withIntermediateDirectories: true)
    let set = machine.run.run(["greeter", "set", "latest"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.contains("sddm (active)"), "\(set.stdout)")
    #expect(
      try machine.read("/usr/share/sddm/themes/debian-theme/theme.conf.user").hasSuffix(
        "background=/var/lib/bingwall/greeter.jpg\n"))
    #expect(machine.run.run(["greeter", "unset", "-q"]).status == 0)

    try machine.write("/etc/sddm.conf", "[Theme]\nCurrent=\n")
    let status = machine.run.run(["greeter", "status", "--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    let sddm = try #require(rows.first { $0["greeter"] as? String == "sddm" })
    #expect(sddm["file"] is NSNull)
    #expect((sddm["cannot_set"] as? String)?.contains("no theme folder") == true, "\(sddm)")
  }

  /// GDM: nothing changed, and why, with exit 69.
  @Test func gdmIsSaidNotHacked() throws {
    let machine = try Machine(manager: "/usr/sbin/gdm3", greeters: false)
    let result = machine.run.run(["greeter", "set"])
    #expect(result.status == 69)
    #expect(result.stderr.contains("GDM has no supported way to change its picture (gnome-shell #3877)"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  /// The daily timer: the units written, systemctl told; the real systemd-analyze finds them sound.
  @Test func enableWritesAVerifiedTimer() throws {
    let machine = try Machine()
    machine.run.environment["BINGWALL_AUTOSTART_EXEC"] = "/bin/true"
    machine.run.processes.stub("systemctl") { _ in .exit(0) }
    let result = machine.run.run(["greeter", "enable", "--user", "root"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      machine.run.processes.calls.filter { $0.first == "systemctl" } == [
        ["systemctl", "daemon-reload"], ["systemctl", "enable", "--now", "bingwall-greeter.timer"],
      ])
    let folder = machine.root.file("etc/systemd/system")
    let service = try String(contentsOfFile: folder + "/bingwall-greeter.service", encoding: .utf8)
    #expect(service.contains("ExecStart=/bin/true greeter set --user root\n"))
    // Throws, with systemd-analyze's words, when a unit does not verify.
    try ExternalTool.run([
      "systemd-analyze", "verify", folder + "/bingwall-greeter.service", folder + "/bingwall-greeter.timer",
    ])

    #expect(machine.run.run(["greeter", "enable", "--user", "no such user"]).status == 1)
    #expect(machine.run.run(["greeter", "disable", "-q"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder + "/bingwall-greeter.timer"))
  }

  /// GDM and an SDDM that is not there are named too: a row each, and a line on why GDM cannot be
  /// set, for the GNOME user who asks why the picture does not change.
  @Test func statusNamesGDMAndAnAbsentSDDM() throws {
    let machine = try Machine(manager: "/usr/sbin/gdm3", greeters: false)
    try machine.write("/usr/sbin/gdm3", "#!/bin/sh\n", mode: 0o755)
    let status = machine.run.run(["greeter", "status"])
    #expect(status.status == 0)
    let lines = status.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains("sddm                 -          -       cannot be set"), "\(status.stdout)")
    #expect(lines.contains("gdm                  yes        yes     cannot be set"), "\(status.stdout)")
    #expect(lines.contains("gdm: GDM has no supported way to change its picture (gnome-shell #3877)"))
    #expect(!lines.contains { $0.hasPrefix("sddm:") }, "no note for a greeter that is not installed")
  }

  /// Plasma Login Manager, on a stand-in of its files (Debian 12 has none): the group
  /// `[Greeter][Wallpaper][org.kde.image][General]` of /etc/plasmalogin.conf gets `Image`, a file
  /// URL, as KDE's own settings write it; the `[Greeter]` group beside it stays as it was, and
  /// `unset` gives the file back byte for byte. Active when systemd's display-manager.service is it.
  @Test func plasmaLoginGetsItsImageKey() throws {
    let machine = try Machine(manager: nil, greeters: false)
    try machine.write("/usr/bin/plasmalogin", "#!/bin/sh\n", mode: 0o755)
    let before = """
      [Greeter]
      WallpaperPluginId=org.kde.image

      [Greeter][Wallpaper][org.kde.image][General]
      FillMode=2
      Image=file:///var/lib/plasmalogin/wallpapers/Next

      """
    try machine.write("/etc/plasmalogin.conf", before)
    try FileManager.default.createDirectory(
      atPath: machine.root.file("etc/systemd/system"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: machine.root.file("etc/systemd/system/display-manager.service"),
      withDestinationPath: "/usr/lib/systemd/system/plasmalogin.service")

    let set = machine.run.run(["greeter", "set"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.hasSuffix("for plasmalogin (active)\n"), "\(set.stdout)")
    #expect(
      try machine.read("/etc/plasmalogin.conf")
        == before.replacingOccurrences(
          of: "Image=file:///var/lib/plasmalogin/wallpapers/Next",
          with:
            "# bingwall greeter: was Image=file:///var/lib/plasmalogin/wallpapers/Next\nImage=file:///var/lib/bingwall/greeter.jpg"
        ))
    let status = machine.run.run(["greeter", "status", "--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    let plasma = try #require(rows.first { $0["greeter"] as? String == "plasmalogin" })
    #expect(plasma["picture"] as? String == LoginScreen.picturePath)
    #expect(plasma["active"] as? Bool == true)

    #expect(machine.run.run(["greeter", "unset", "-q"]).status == 0)
    #expect(try machine.read("/etc/plasmalogin.conf") == before)

    // Another wallpaper plugin draws no picture: nothing to set, and status says why.
    try machine.write("/etc/plasmalogin.conf", "[Greeter]\nWallpaperPluginId=org.kde.potd\n")
    let refused = machine.run.run(["greeter", "set"])
    #expect(refused.status == 69, "\(refused.stderr)")
    #expect(try machine.read("/etc/plasmalogin.conf") == "[Greeter]\nWallpaperPluginId=org.kde.potd\n")
    #expect(
      machine.run.run(["greeter", "status"]).stdout.contains(
        "plasmalogin: its wallpaper is 'org.kde.potd', not a picture (org.kde.image)"))
  }

  /// Root believes nothing its reader child prints: a PNG, a JPEG whose header declares
  /// 65500x65500, bytes that are not base64, output with no description line, and a child that
  /// timed out are each refused, and no picture is written. Nor, since root decodes nothing and
  /// only copies, a JPEG that is not the plain one the child makes: progressive, declaring more
  /// than 3840 pixels a side, with bytes after its end-of-image marker (zero padding too, which
  /// the store's own inspector tolerates), or with a second scan.
  @Test(arguments: [
    ("png", "is not a JPEG picture"), ("huge", "declares 65500x65500"), ("garbage", "not base64"),
    ("noDescription", "does not start with the picture's description"), ("timedOut", ""),
    ("progressive", "is not a baseline JPEG"),
    ("oversize", "declares 4000x48 pixels, more than 3840 on a side"),
    ("afterEOI", "has 11 bytes after its end-of-image marker"),
    ("zeroPadded", "has 4 bytes after its end-of-image marker"),
    ("secondScan", "has more than its one scan"),
  ])
  func rootBelievesNothingTheReaderSays(_ output: String, _ reason: String) throws {
    let machine = try Machine()
    let description = #"{ "date": "2026-12-01", "key": "OHR.Lake", "title": "Lake" }"#
    let jpeg = try TestJPEG.make(width: 64, height: 48)
    #expect(TestJPEG.isBaseline(jpeg))
    func printed(_ picture: Data) -> Data {
      Data((description + "\n" + picture.base64EncodedString() + "\n").utf8)
    }
    let stdout: Data
    switch output {
    case "png": stdout = printed(Data(TestPNG.make(width: 64, height: 48)))
    case "huge": stdout = printed(TestJPEG.declaring(65500, 65500, jpeg))
    case "garbage": stdout = Data((description + "\n%%%%\n").utf8)
    case "noDescription": stdout = Data((jpeg.base64EncodedString() + "\n").utf8)
    case "progressive": stdout = printed(try TestJPEG.progressive(width: 64, height: 48))
    case "oversize": stdout = printed(TestJPEG.declaring(4000, 48, jpeg))
    // A second picture's bytes after the first's end, ending as a JPEG ends.
    case "afterEOI": stdout = printed(jpeg + Data("polyglot!".utf8) + Data([0xFF, 0xD9]))
    case "zeroPadded": stdout = printed(jpeg + Data(count: 4))
    // A comment segment between the scan and its end: what a second scan or table looks like.
    case "secondScan":
      stdout = printed(jpeg.dropLast(2) + Data([0xFF, 0xFE, 0x00, 0x04, 0x41, 0x42, 0xFF, 0xD9]))
    default: stdout = Data()
    }
    let timedOut = output == "timedOut"
    machine.run.processes.stub(["bingwall", LoginScreen.readerCommand]) { _ in
      ProcessResult(status: timedOut ? 143 : 0, stdout: stdout, stderr: Data(), timedOut: timedOut)
    }
    let result = machine.run.run(["greeter", "set"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        timedOut
          ? "bingwall: error: reading root's history as root took over 60 s"
          : "bingwall: error: refusing what was read from root's history"),
      "\(result.stderr)")
    #expect(reason.isEmpty || result.stderr.contains(reason), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: machine.root.path + LoginScreen.picturePath))
    #expect(try machine.read("/etc/lightdm/lightdm-gtk-greeter.conf") == Self.gtkBefore)
  }
}
