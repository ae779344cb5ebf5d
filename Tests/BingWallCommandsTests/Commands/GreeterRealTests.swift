import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// Whether the real-greeter suite runs: asked for, as root, with LightDM, its greeters and Xephyr.
enum RealGreeter {
  static let canRun =
    ProcessInfo.processInfo.environment["BINGWALL_TEST_GREETER"] == "1" && geteuid() == 0
    && VirtualXServer.installed
    && ["lightdm", "lightdm-gtk-greeter", "Xephyr", "dbus-daemon"].allSatisfy {
      PosixProcessRunner.which($0, path: "/usr/sbin:/usr/bin:/bin") != nil
    }

  /// SDDM's greeter and its elarun theme, which draws the `background` its config names (Debian's
  /// debian-maui does too, but comes with desktop-base, whose XFCE defaults would change what the
  /// xfdesktop tests find; upstream maui draws its own picture whatever the config says).
  static let canRunSDDM =
    ProcessInfo.processInfo.environment["BINGWALL_TEST_GREETER"] == "1" && geteuid() == 0
    && VirtualXServer.installed && PosixProcessRunner.which("sddm-greeter", path: "/usr/bin:/bin") != nil
    && FileManager.default.fileExists(atPath: "/usr/share/sddm/themes/elarun/Main.qml")
}

/// The login screen for real: `greeter set` writes the machine's own
/// `/etc/lightdm/lightdm-gtk-greeter.conf` and `/var/lib/bingwall/greeter.jpg`, then LightDM in
/// its test mode (as an unprivileged user, with Xephyr nested in Xvfb and a private bus standing
/// in for the system bus) starts the real lightdm-gtk-greeter, whose screen shows the picture;
/// `greeter unset` puts the file back. Opt-in (`make test-greeter`, `BINGWALL_TEST_GREETER=1`):
/// it edits the machine's /etc, and LightDM is a display manager no one wants installed by
/// `make test` on their own desktop.
@Suite(
  .serialized,
  .enabled(
    if: RealGreeter.canRun || RealGreeter.canRunSDDM,
    "set BINGWALL_TEST_GREETER=1 and install lightdm or sddm (make test-greeter)"))
struct GreeterRealTests {
  static let userName = "bingwall-greeter"

  /// The unprivileged user LightDM's test mode runs as, with a home of its own (the greeter
  /// writes its X authority there).
  static func user() throws -> (uid: uid_t, gid: gid_t) {
    if getpwnam(userName) == nil {
      try ExternalTool.run([
        "useradd", "--system", "--create-home", "--home-dir", "/var/tmp/\(userName)", "--shell",
        "/usr/sbin/nologin", userName,
      ])
    }
    let entry = try #require(getpwnam(userName))
    return (entry.pointee.pw_uid, entry.pointee.pw_gid)
  }

  /// Waits up to 30 s for the screen at (x, y) to show the scripted Lake's colour (within 24 a
  /// channel: JPEG and the greeter's own drawing move it a little); the colour last seen, the
  /// colour looked for, and whether it came.
  static func lakeShown(on screen: VirtualXServer, x: Int, y: Int) throws -> (UInt32, UInt32, Bool) {
    let expected = try #require(UInt32(FakeBing.colour(for: "Lake").dropFirst(), radix: 16))
    func near(_ colour: UInt32) -> Bool {
      [16, 8, 0].allSatisfy { shift in
        abs(Int(colour >> UInt32(shift) & 0xff) - Int(expected >> UInt32(shift) & 0xff)) < 24
      }
    }
    let deadline = Date().addingTimeInterval(30)
    var seen: UInt32 = 0
    while Date() < deadline {
      seen = try screen.screenshot().colour(x: x, y: y)
      if near(seen) { return (seen, expected, true) }
      usleep(200_000)
    }
    return (seen, expected, false)
  }

  @Test(
    .enabled(if: RealGreeter.canRun, "install lightdm, its greeters and Xephyr (make test-greeter)"),
    arguments: ["lightdm-gtk-greeter", "slick-greeter"])
  func theRealGreeterShowsThePicture(greeter: String) throws {
    let run = try FakeBingRun.updated()
    run.stubGreeterReader()
    let file = "/etc/lightdm/\(greeter).conf"
    let before = FileManager.default.contents(atPath: file)
    let set = run.run(["greeter", "set", "latest"])
    #expect(set.status == 0, "\(set.stderr)")
    defer {
      #expect(run.run(["greeter", "unset", "-q"]).status == 0)
      #expect(FileManager.default.contents(atPath: file) == before)
    }
    let (uid, gid) = try Self.user()
    let folder = try TemporaryDirectory()
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    _ = chown(folder.path, uid, gid)
    let config = folder.file("lightdm.conf")
    // A display number of its own for the nested server: :0 may well be taken.
    let number = 400 + Int(getpid() % 500)
    try """
    [LightDM]
    minimum-display-number=\(number)
    [Seat:*]
    xserver-command=Xephyr -screen 320x240
    greeter-session=lightdm-gtk-greeter

    """.write(
      toFile: config, atomically: true, encoding: .utf8)
    chmod(config, 0o644)
    let screen = try VirtualXServer(width: 400, height: 300)
    // Xephyr runs as LightDM's user, whom the server must let in.
    try ExternalTool.run(["env", "DISPLAY=\(screen.display)", "xhost", "+SI:localuser:\(Self.userName)"])
    let bus = "unix:path=\(folder.path)/bus"
    let asUser = ["setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "env", "-i"]
    let environment = [
      "PATH=/usr/sbin:/usr/bin:/bin", "HOME=\(folder.path)", "DISPLAY=\(screen.display)",
      "XDG_RUNTIME_DIR=\(folder.path)", "DBUS_SYSTEM_BUS_ADDRESS=\(bus)", "DBUS_SESSION_BUS_ADDRESS=\(bus)",
    ]
    // Started with an empty signal mask (`DetachedProcess`): LightDM waits for Xephyr's SIGUSR1,
    // which a child of the test runner's threads, all signals blocked, would never see.
    var started: [pid_t] = []
    defer {
      for pid in started {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
      }
      // Xephyr, the greeter and its session outlive a killed LightDM: every process of this
      // test's own user goes, and the test waits until none is left.
      _ = try? ExternalTool.run(["pkill", "-KILL", "-u", Self.userName])
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline, (try? ExternalTool.run(["pgrep", "-u", Self.userName])) != nil {
        usleep(50_000)
      }
    }
    for arguments in [
      asUser + environment + ["dbus-daemon", "--session", "--nofork", "--address=\(bus)"],
      asUser + environment + ["lightdm", "--test-mode", "--config", config],
    ] {
      started.append(
        try DetachedProcess.spawn(executable: "/usr/bin/setpriv", arguments: arguments, environment: [:]))
      usleep(300_000)
    }
    // The picture's colour (the scripted Lake) away from the greeter's panel and login box.
    let (seen, expected, shown) = try Self.lakeShown(on: screen, x: 20, y: 200)
    let logs = ["lightdm.log", "seat0-greeter.log", "x-0.log"].map {
      (try? String(contentsOfFile: folder.file(".cache/lightdm/log/" + $0), encoding: .utf8))?.suffix(600)
        ?? ""
    }
    #expect(
      shown,
      "the greeter shows \(String(seen, radix: 16)), not the picture's \(String(expected, radix: 16)); \(logs)"
    )
  }

  /// SDDM: with a config naming elarun (a file of the test's own in `/etc/sddm.conf.d`),
  /// `greeter set` writes that theme's `theme.conf.user`, and the real sddm-greeter in its test
  /// mode, on Xvfb, draws the picture behind its login box; `unset` removes the file bingwall made.
  @Test(
    .enabled(if: RealGreeter.canRunSDDM, "set BINGWALL_TEST_GREETER=1 and install sddm (make test-greeter)"))
  func theRealSDDMGreeterShowsThePicture() throws {
    let theme = "/usr/share/sddm/themes/elarun"
    let file = theme + "/theme.conf.user"
    #expect(!FileManager.default.fileExists(atPath: file), "a theme.conf.user bingwall did not make")
    let config = "/etc/sddm.conf.d/zz-bingwall-test.conf"
    try FileManager.default.createDirectory(atPath: "/etc/sddm.conf.d", withIntermediateDirectories: true)
    try "[Theme]\nCurrent=elarun\n".write(toFile: config, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: config) }
    let run = try FakeBingRun.updated()
    run.stubGreeterReader()
    let set = run.run(["greeter", "set", "latest"])
    #expect(set.status == 0, "\(set.stderr)")
    defer {
      #expect(run.run(["greeter", "unset", "-q"]).status == 0)
      #expect(!FileManager.default.fileExists(atPath: file), "the file bingwall made goes")
    }
    let status = run.run(["greeter", "status"])
    #expect(status.stdout.contains("sddm"), "\(status.stdout)")

    let screen = try VirtualXServer(width: 640, height: 480)
    let log = try TemporaryDirectory().file("sddm-greeter.log")
    let greeter = try DetachedProcess.spawn(
      executable: "/usr/bin/sddm-greeter", arguments: ["sddm-greeter", "--test-mode", "--theme", theme],
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": "/root", "DISPLAY": screen.display, "QT_QPA_PLATFORM": "xcb",
      ], errorLog: log)
    defer {
      kill(greeter, SIGKILL)
      var status: Int32 = 0
      waitpid(greeter, &status, 0)
    }
    // elarun draws its login box in the middle: the bottom left corner is the picture's alone.
    let (seen, expected, shown) = try Self.lakeShown(on: screen, x: 20, y: 460)
    let said = (try? String(contentsOfFile: log, encoding: .utf8))?.suffix(600) ?? ""
    #expect(
      shown,
      "sddm-greeter shows \(String(seen, radix: 16)), not the picture's \(String(expected, radix: 16)); \(said)"
    )
  }
}
