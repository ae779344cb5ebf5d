import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// The line between root and a user: the real binary runs `greeter set --user NAME` as root, as
/// the daily timer does, over the history of a real unprivileged user who has made it hostile,
/// on a machine's greeter files under a folder of the test's own (`BINGWALL_GREETER_ROOT`).
/// Each case of issue 36: root must publish nothing she could not read herself, create nothing
/// where she points it, never hang on her FIFOs, and publish only a JPEG of its own making.
@Suite(.serialized, .enabled(if: geteuid() == 0, "needs root, to make a user and run as root"))
final class GreeterRootBoundaryTests {
  static let userName = "bingwall-boundary"
  /// Her home: the reader child finds her history through the password database.
  static let homePath = "/var/tmp/bingwall-boundary-home"

  let user: (uid: uid_t, gid: gid_t)
  let machine: TemporaryDirectory
  /// Root's own: 0700, where nothing of hers can reach.
  let rootOnly: TemporaryDirectory
  let sandbox: Sandbox
  var home: String { Self.homePath }
  var dataDir: String { home + "/.local/share/bingwall" }
  var published: String { machine.path + LoginScreen.picturePath }

  init() throws {
    if getpwnam(Self.userName) == nil {
      try ExternalTool.run([
        "useradd", "--system", "--no-create-home", "--home-dir", Self.homePath, "--shell",
        "/usr/sbin/nologin",
        Self.userName,
      ])
    }
    let entry = try #require(getpwnam(Self.userName))
    user = (entry.pointee.pw_uid, entry.pointee.pw_gid)
    machine = try TemporaryDirectory()
    // Her `greeter status` reads the greeters' files, as on a real machine.
    chmod(machine.path, 0o755)
    rootOnly = try TemporaryDirectory()
    chmod(rootOnly.path, 0o700)
    sandbox = try Sandbox()
    try? FileManager.default.removeItem(atPath: Self.homePath)
    try FileManager.default.createDirectory(atPath: Self.homePath, withIntermediateDirectories: false)
    // A machine with LightDM's gtk greeter.
    for (path, text, mode) in [
      ("/etc/X11/default-display-manager", "/usr/sbin/lightdm\n", 0o644),
      ("/usr/sbin/lightdm-gtk-greeter", "#!/bin/sh\n", 0o755),
      ("/etc/lightdm/lightdm-gtk-greeter.conf", "[greeter]\n", 0o644),
    ] {
      try FileManager.default.createDirectory(
        atPath: machine.path + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
      )
      try ExecutableScript.write(text, to: machine.path + path, mode: mode_t(mode))
    }
    // Her real history, made by bingwall's own update, then hers.
    let run = try FakeBingRun.context(days: 2)
    run.environment["HOME"] = Self.homePath
    #expect(run.run(["update", "--market", "en-US", "--no-apply", "-q"]).status == 0)
    try giveHerHome()
  }

  deinit {
    try? FileManager.default.removeItem(atPath: Self.homePath)
  }

  /// Everything in her home hers again, after the test changed it as root.
  func giveHerHome() throws {
    try ExternalTool.run(["chown", "-R", "\(user.uid):\(user.gid)", home])
  }

  /// `greeter set --user NAME` run by root, as the timer runs it.
  func set(_ extra: [String] = []) throws -> Sandbox.Result {
    try sandbox.run(
      ["greeter", "set", "--user", Self.userName] + extra,
      environment: ["BINGWALL_GREETER_ROOT": machine.path])
  }

  /// Runs SQL on her history, as root, then gives it back to her.
  func edit(_ sql: String) throws {
    do {
      let database = try SQLiteDatabase(path: dataDir + "/history.db")
      try database.execute(sql)
    }
    try giveHerHome()
  }

  /// The file her newest picture is in.
  func herPicture() throws -> String {
    let store = try #require(try HistoryStore.openExisting(path: dataDir + "/history.db"))
    return try store.resolve(.latest, market: nil, at: TestClock.start).path
  }

  /// A root-only (0600) real JPEG in root's own folder: only permissions keep it from her.
  func rootOnlyJPEG() throws -> String {
    let path = rootOnly.file("secret.jpg")
    try TestJPEG.make(width: 64, height: 48).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    return path
  }

  /// Nothing in her home is root's: root created nothing there (the reader child runs as her).
  func expectNothingOfRootsInHerHome() {
    let walker = FileManager.default.enumerator(atPath: home)
    while let name = walker?.nextObject() as? String {
      var status = stat()
      lstat(home + "/" + name, &status)
      #expect(status.st_uid != 0, "root made \(name) in her home")
    }
  }

  // MARK: The cases

  /// What she may publish: root's own JPEG, re-encoded from the bytes the child read as her; not
  /// her file, mode 0644, root's.
  @Test func herPictureIsPublishedAsRootsOwnJPEG() throws {
    let result = try set()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Login screen: 2026-12-01 OHR.Lake"), "\(result.stdout)")
    let bytes = try #require(FileManager.default.contents(atPath: published))
    #expect(bytes != FileManager.default.contents(atPath: try herPicture()))
    _ = try JPEGInspector.inspect(fileAt: published)
    var status = stat()
    #expect(stat(published, &status) == 0)
    #expect(status.st_uid == 0 && status.st_mode & 0o7777 == 0o644)
    expectNothingOfRootsInHerHome()
  }

  /// Her `path` column naming /etc/shadow, or a root-only JPEG: read as her, it is refused.
  @Test(arguments: ["/etc/shadow", "root-only JPEG"])
  func aRootOnlyFileInHerPathColumnIsNotPublished(_ target: String) throws {
    let path = target.hasPrefix("/") ? target : try rootOnlyJPEG()
    try edit("UPDATE pictures SET path = '\(path)' WHERE path = '\(try herPicture())'")
    let result = try set()
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: refusing \(path) of \(Self.userName)'s history: it cannot be read: Permission denied; nothing changed\n",
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: published))
  }

  /// A history being written as root reads it (her daemon holds it open, its newest rows only in
  /// the `-wal` file): the child reads it whole, as her, through the `-shm` her SQLite shares.
  @Test func aHistoryMidWriteIsReadWithItsNewestRows() throws {
    let writer = try SQLiteDatabase(path: dataDir + "/history.db")
    try writer.execute("PRAGMA wal_autocheckpoint = 0")
    try writer.execute("UPDATE appearances SET title = 'Fresh from the log'")
    try giveHerHome()
    let result = try set()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("(Fresh from the log)"), "\(result.stdout)")
    withExtendedLifetime(writer) {}
    expectNothingOfRootsInHerHome()
  }

  /// Her picture swapped for a link to a root-only file: refused as a link.
  @Test func herPictureALinkToARootOnlyFileIsRefused() throws {
    let picture = try herPicture()
    try FileManager.default.removeItem(atPath: picture)
    try FileManager.default.createSymbolicLink(atPath: picture, withDestinationPath: try rootOnlyJPEG())
    let result = try set()
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a symbolic link, not a file; nothing changed"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: published))
  }

  /// Her data folder a link to root's own history: she cannot read it, so root's picture is not
  /// published.
  @Test func herDataFolderLinkedToRootsHistoryPublishesNothing() throws {
    let run = try FakeBingRun.context(days: 1)
    run.environment["HOME"] = rootOnly.path
    #expect(run.run(["update", "--market", "en-US", "--no-apply", "-q"]).status == 0)
    try FileManager.default.removeItem(atPath: dataDir)
    try FileManager.default.createSymbolicLink(
      atPath: dataDir, withDestinationPath: rootOnly.path + "/.local/share/bingwall")
    let result = try set()
    #expect(result.status == 1)
    #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: published))
  }

  /// history.db a dangling link into a root-only folder (/etc/nologin, say): nothing is ever
  /// created there, however often the timer runs.
  @Test func aDanglingHistoryLinkCreatesNothing() throws {
    let target = rootOnly.file("nologin")
    try FileManager.default.removeItem(atPath: dataDir + "/history.db")
    try FileManager.default.createSymbolicLink(atPath: dataDir + "/history.db", withDestinationPath: target)
    for _ in 0..<3 {
      let result = try set()
      #expect(result.status == 1)
      #expect(result.stderr.contains("is a symbolic link, not a file"), "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(!FileManager.default.fileExists(atPath: published))
  }

  /// A FIFO as her picture or as her history: an error, not a root blocked for ever.
  @Test(arguments: ["picture", "history"])
  func aFIFOIsRefusedNotWaitedOn(_ which: String) throws {
    let path = which == "picture" ? try herPicture() : dataDir + "/history.db"
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o644) == 0)
    try giveHerHome()
    let result = try set()
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("is not a regular file (a FIFO, a device or a folder)"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: published))
  }

  /// A damaged PNG, or a JPEG whose frame header declares 65500x65500, at her path: refused by
  /// the child before it decodes anything; not published.
  @Test(arguments: ["png", "65500x65500"])
  func aPictureThatIsNotAPlausibleJPEGIsRefused(_ kind: String) throws {
    let picture = try herPicture()
    let bytes =
      kind == "png"
      ? Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64)
      : TestJPEG.declaring(65500, 65500, try TestJPEG.make(width: 64, height: 48))
    try bytes.write(to: URL(fileURLWithPath: picture))
    try giveHerHome()
    let result = try set()
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(kind == "png" ? "it is a damaged PNG" : "declares 65500x65500"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: published))
  }

  /// Whatever JPEG or PNG she keeps, the child (as her) makes the login screen's picture from it:
  /// a progressive JPEG, a JPEG 8000 pixels wide and a PNG each end as a plain baseline JPEG of
  /// at most 3840 pixels a side, which root copies.
  @Test(arguments: ["progressive", "8000px", "png"])
  func herPictureIsMadeBaselineWithin3840AsHer(_ kind: String) throws {
    let bytes: Data
    let size: (width: Int, height: Int)
    switch kind {
    case "progressive":
      bytes = try TestJPEG.progressive(width: 1600, height: 1200)
      size = (1600, 1200)
    case "8000px":
      bytes = try TestJPEG.make(width: 8000, height: 500)
      size = (3840, 240)
    default:
      bytes = Data(TestPNG.make(width: 4000, height: 100))
      size = (3840, 96)
    }
    #expect(!TestJPEG.isBaseline(bytes) || kind == "8000px")
    try bytes.write(to: URL(fileURLWithPath: try herPicture()))
    try giveHerHome()
    let result = try set()
    #expect(result.status == 0, "\(result.stderr)")
    let made = try #require(FileManager.default.contents(atPath: published))
    #expect(TestJPEG.isBaseline(made))
    let plain = try PlainJPEG(checking: made, within: 3840, path: published)
    #expect(plain.width == size.width && plain.height == size.height, "\(plain.width)x\(plain.height)")
    var status = stat()
    #expect(stat(published, &status) == 0)
    #expect(status.st_uid == 0 && status.st_mode & 0o7777 == 0o644)
  }

  /// Root's own process never loads libvips nor opens her picture: under strace, every open of
  /// libvips and of her file is the reader child's (the process that ran `__greeter-picture`,
  /// as her); root's threads only read what the child printed.
  @Test func rootNeverLoadsLibvipsNorOpensHerPicture() throws {
    let trace = rootOnly.file("trace")
    let result = try sandbox.run(
      ["greeter", "set", "--user", Self.userName], environment: ["BINGWALL_GREETER_ROOT": machine.path],
      under: ["/usr/bin/strace", "-f", "-qq", "-e", "trace=execve,open,openat", "-o", trace])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    func pid(_ line: Substring) -> Substring { line.prefix { $0 != " " } }
    let children = Set(
      lines.filter { $0.contains("execve(") && $0.contains(LoginScreen.readerCommand) }.map(pid))
    #expect(children.count == 1, "\(children)")
    let picture = try herPicture()
    let root = lines.filter { !children.contains(pid($0)) }
    let child = lines.filter { children.contains(pid($0)) }
    #expect(!root.isEmpty)
    #expect(!root.contains { $0.contains("libvips") }, "\(root.filter { $0.contains("libvips") })")
    #expect(!root.contains { $0.contains(picture) })
    // The test would see it: the child opens both.
    #expect(child.contains { $0.contains("libvips.so") })
    #expect(child.contains { $0.contains(picture) })
  }

  /// Plasma Login's /etc/plasmalogin.conf written as the daily unit lets it be: /etc read-only
  /// but the places `writablePaths` names (this file alone, and LightDM's folder), in a mount
  /// namespace of its own, as systemd's `ProtectSystem=strict` and `ReadWritePaths=` make it.
  /// The file is rewritten in place, as no file can be made beside it; a second run changes
  /// nothing.
  @Test(arguments: [true, false])
  func plasmaLoginsFileIsWrittenWithOnlyItselfWritable(existedAtEnable: Bool) throws {
    for (path, text, mode) in [
      ("/usr/bin/plasmalogin", "#!/bin/sh\n", 0o755),
      ("/etc/plasmalogin.conf", "[Greeter]\nWallpaperPluginId=org.kde.image\n", 0o644),
    ] where existedAtEnable || path != "/etc/plasmalogin.conf" {
      try FileManager.default.createDirectory(
        atPath: machine.path + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
      )
      try ExecutableScript.write(text, to: machine.path + path, mode: mode_t(mode))
    }
    let run = try FakeBingRun.updated()
    run.environment["BINGWALL_GREETER_ROOT"] = machine.path
    let writable = LoginScreen(context: run.context()).writablePaths().map { machine.path + $0 }
      .filter { FileManager.default.fileExists(atPath: $0) }
    #expect(writable.contains(machine.path + "/etc/plasmalogin.conf") == existedAtEnable, "\(writable)")
    #expect(!writable.contains(machine.path + "/etc"))
    // The shell's words are fixed; the paths come as its arguments.
    let script = #"""
      ro="$1"; shift
      mount --bind "$ro" "$ro" && mount -o remount,bind,ro "$ro" || exit 99
      while [ "$1" != -- ]; do
        mount --bind "$1" "$1" && mount -o remount,bind,rw "$1" || exit 99; shift
      done
      shift; exec "$@"
      """#
    let sandboxed =
      ["/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c", script, "sh"]
      + [machine.path + "/etc"] + writable + ["--"]
    guard existedAtEnable else {
      // Installed since the unit was made: its file cannot be created in the read-only /etc, and
      // the error says what makes it writable.
      let result = try sandbox.run(
        ["greeter", "set", "--user", Self.userName], environment: ["BINGWALL_GREETER_ROOT": machine.path],
        under: sandboxed)
      #expect(result.status == 1)
      #expect(
        result.stderr.contains(
          "bingwall: error: cannot write \(machine.path)/etc/plasmalogin.conf: read-only to the login-screen timer, "
            + "which was enabled before it existed; run 'sudo bingwall greeter enable' again"),
        "\(result.stderr)")
      return
    }
    for _ in 0..<2 {
      let result = try sandbox.run(
        ["greeter", "set", "--user", Self.userName], environment: ["BINGWALL_GREETER_ROOT": machine.path],
        under: sandboxed)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("plasmalogin"), "\(result.stdout)")
    }
    let written = try String(contentsOfFile: machine.path + "/etc/plasmalogin.conf", encoding: .utf8)
    #expect(written.hasSuffix("\nImage=file:///var/lib/bingwall/greeter.jpg\n"), "\(written)")
    #expect(written.hasPrefix("[Greeter]\nWallpaperPluginId=org.kde.image\n"), "\(written)")
    // Nothing else was made in the read-only /etc.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: machine.path + "/etc").sorted() == [
        "X11", "lightdm", "plasmalogin.conf",
      ])
  }

  /// A title of 8 MB is an error at SQLite's bound (1 MB a value), and one of 300 KB is printed
  /// cut short: what root reads and prints stays small whatever she stores.
  @Test func aHugeTitleIsBounded() throws {
    try edit("UPDATE appearances SET title = hex(zeroblob(4000000))")
    let huge = try set()
    #expect(huge.status == 1)
    #expect(
      huge.stderr
        == "bingwall: error: refusing \(Self.userName)'s history \(dataDir)/history.db: it holds a title or caption over 1 MB, which no picture has; nothing changed\n",
      "\(huge.stderr.prefix(500))")
    #expect(huge.stderr.utf8.count < 2000 && huge.stdout.isEmpty)

    try edit("UPDATE appearances SET title = hex(zeroblob(150000))")
    let large = try set()
    #expect(large.status == 0, "\(large.stderr.prefix(500))")
    #expect(large.stdout.utf8.count < 1000, "\(large.stdout.utf8.count) bytes")
  }

  /// A user is told she needs root before anything else, and `greeter status` needs none; the
  /// reader child, run by her for another user, cannot switch.
  @Test func aUserIsToldSheNeedsRootFirst() throws {
    let asHer = ["/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups"]
    let environment = ["BINGWALL_GREETER_ROOT": machine.path, "HOME": home]
    let set = try sandbox.run(["greeter", "set"], environment: environment, under: asHer)
    #expect(set.status == 1)
    #expect(
      set.stderr
        == "bingwall: error: greeter set must run as root, as the greeters' files are root's: sudo bingwall greeter set\n"
    )
    let status = try sandbox.run(["greeter", "status"], environment: environment, under: asHer)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("lightdm-gtk-greeter  yes"), "\(status.stdout)")
    let reader = try sandbox.run(
      [LoginScreen.readerCommand, "--user=root"], environment: environment, under: asHer)
    #expect(reader.status == 1)
    #expect(
      reader.stderr
        == "bingwall: error: cannot read root's files as root: only root can switch to another user\n",
      "\(reader.stderr)")
  }
}
