import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The cron line, which carries no display, run as cron runs it (HOME, LOGNAME, SHELL and PATH,
/// nothing else): `bingwall update` finds the user's running session in this machine's real
/// `/proc` and display sockets, and sets the wallpaper there.
///
/// Each test makes a session of its own the newest on the machine: a process of the test's
/// names its display, whose socket is dated tomorrow, so no other test's X server is newer.
/// Serialized, since two such sessions at once could not both be the newest.
@Suite(.serialized) struct SessionFinderEndToEndTests {
  let sandbox: Sandbox
  let stubs: AutostartEndToEndTests

  init() throws {
    sandbox = try Sandbox()
    stubs = AutostartEndToEndTests(sandbox: sandbox)
  }

  /// A session of the test's: `socket` (an X server's, or one that only listens) dated tomorrow,
  /// and a `sleep` whose environment names it, stopped with this value.
  final class Session {
    let holder: Process
    let display: String

    init(display: String, socket: String, environment: [String: String]) throws {
      self.display = display
      let tomorrow = timespec(tv_sec: time_t(Date().timeIntervalSince1970) + 86_400, tv_nsec: 0)
      guard utimensat(AT_FDCWD, socket, [tomorrow, tomorrow], AT_SYMLINK_NOFOLLOW) == 0 else {
        throw SystemCallError("utimensat \(socket)")
      }
      holder = Process()
      holder.executableURL = URL(fileURLWithPath: "/bin/sleep")
      holder.arguments = ["120"]
      holder.environment = environment.merging(["DISPLAY": display]) { $1 }
      try holder.run()
    }

    /// SIGKILL: the test process may block SIGTERM, and its children inherit the mask.
    deinit {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
  }

  /// A display number with no socket yet, far above those X servers take (the lowest free).
  static func freeDisplay() -> Int {
    (700..<900).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 899
  }

  /// The config cron's runs read (cron passes no BINGWALL_* variable): the fake Bing, and
  /// `backend` with its `command`.
  func configure(_ bing: FakeBing, backend: String, command: String = "") throws {
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    try """
    markets = ["en-US"]
    backend = "\(backend)"
    command = "\(command)"

    [network]
    endpoint = "\(bing.endpoint)"
    story = false

    """.write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
  }

  /// `autostart enable --method cron` where the machine's sessions can be found (no test root),
  /// and the line it wrote.
  func enableCron() throws -> (stdout: String, line: String) {
    let environment = try stubs.stubbed(systemd: .absent, extra: [SessionFinder.rootVariable: ""])
    let enabled = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(enabled.status == 0, "\(enabled.stderr)")
    #expect(enabled.stderr.isEmpty || enabled.stderr.contains("is in a build folder"), "\(enabled.stderr)")
    let line = try String(contentsOfFile: stubs.crontabFile, encoding: .utf8).trimmingCharacters(
      in: .newlines)
    #expect(!line.contains("DISPLAY"), "\(line)")
    return (enabled.stdout, line)
  }

  /// A listening socket that is no X server, and the command backend recording what it was given:
  /// runs anywhere, and shows which session's variables the run took.
  @Test func aCronRunTakesTheSessionAProcessOfTheUserNames() throws {
    let bing = try FakeBing()
    let picture = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [picture])
    try bing.serveJPEG(picture)
    let record = sandbox.folder.file("setter.txt")
    let setter = sandbox.folder.file("setter")
    try ExecutableScript.write(
      "#!/bin/sh\nprintf '%s\\n' \"$DISPLAY\" \"$XDG_CURRENT_DESKTOP\" \"$1\" > '\(record)'\n", to: setter)
    try configure(bing, backend: "command", command: "\(setter) {path}")

    try FileManager.default.createDirectory(
      atPath: "/tmp/.X11-unix", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o1777])
    let number = Self.freeDisplay()
    let socket = try ListeningSocket(path: "/tmp/.X11-unix/X\(number)")
    let xauthority = sandbox.folder.file("Xauthority")
    let session = try Session(
      display: ":\(number)", socket: socket.path,
      environment: ["XDG_CURRENT_DESKTOP": "BingwallTest", "XAUTHORITY": xauthority, "PATH": "/usr/bin:/bin"])

    let (said, line) = try enableCron()
    #expect(
      said.contains(
        "Each run sets the wallpaper of your desktop session running at the time (now display :\(number), "
          + "with command).\n"), "\(said)")

    let ran = try AutostartSessionEndToEndTests.runAsCron(line, home: sandbox.home)
    #expect(ran.status == 0, "\(ran.output)")
    let given = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(given.prefix(2) == [":\(number)", "BingwallTest"], "\(given)")
    #expect(given.last?.hasPrefix(sandbox.imageDir) == true, "\(given)")

    // -v names the process the session was read from.
    let verbose = try AutostartEndToEndTests.tool(
      [
        "/usr/bin/env", "-i", "HOME=\(sandbox.home)", "LOGNAME=root", "SHELL=/bin/sh", "PATH=/usr/bin:/bin",
        Sandbox.binary, "-v", "apply",
      ], environment: [:])
    #expect(verbose.status == 0, "\(verbose.output)")
    #expect(
      verbose.output.contains(
        "bingwall: info: session: no display here; using the running session of process "
          + "\(session.holder.processIdentifier) (sleep): DISPLAY=:\(number) XAUTHORITY=\(xauthority) "
          + "XDG_CURRENT_DESKTOP=BingwallTest\n"), "\(verbose.output)")
    withExtendedLifetime(socket) {}
  }

  /// The issue's X11 window manager: a display, feh, no systemd, no desktop autostart. The line,
  /// run as cron runs it, puts Bing's picture on that display's root window; with no session to
  /// find (an empty test root), the same run stores the picture and sets nothing.
  @Test(.enabled(if: VirtualXServer.canRun("feh")))
  func theCronLineSetsTheWallpaperOnTheDisplayRunningThen() throws {
    let bing = try FakeBing()
    let picture = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [picture])
    try bing.serveJPEG(picture, colour: "#c03020")
    try configure(bing, backend: "auto")
    let target: UInt32 = 0xc03020
    func near(_ colour: UInt32) -> Bool {
      [16, 8, 0].allSatisfy { shift in
        abs(Int((colour >> UInt32(shift)) & 0xff) - Int((target >> UInt32(shift)) & 0xff)) <= 12
      }
    }
    let screen = try VirtualXServer()
    let number = screen.display.dropFirst()
    let session = try Session(
      display: screen.display, socket: "/tmp/.X11-unix/X\(number)", environment: ["PATH": "/usr/bin:/bin"])
    let (said, line) = try enableCron()
    #expect(said.contains("(now display \(screen.display), with feh).\n"), "\(said)")

    // The control: no session to find, so the picture is stored and none is set.
    let control = try AutostartEndToEndTests.tool(
      [
        "/usr/bin/env", "-i", "HOME=\(sandbox.home)", "LOGNAME=root", "SHELL=/bin/sh", "PATH=/usr/bin:/bin",
        "\(SessionFinder.rootVariable)=\(sandbox.folder.file("no-session"))", Sandbox.binary, "update",
      ], environment: [:])
    #expect(control.status == 0, "\(control.output)")
    #expect(control.output.contains("No wallpaper set: no desktop session running ("), "\(control.output)")
    #expect(!sandbox.imageFiles().isEmpty)
    #expect(!near(try screen.screenshot().colour(x: screen.width / 2, y: screen.height / 2)))

    let ran = try AutostartSessionEndToEndTests.runAsCron(line, home: sandbox.home)
    #expect(ran.status == 0, "\(ran.output)")
    let shot = try screen.screenshot()
    let middle = shot.colour(x: screen.width / 2, y: screen.height / 2)
    #expect(near(middle), "\(String(middle, radix: 16))")
    #expect(near(shot.colour(x: 3, y: 3)))
    withExtendedLifetime(session) {}
  }
}
