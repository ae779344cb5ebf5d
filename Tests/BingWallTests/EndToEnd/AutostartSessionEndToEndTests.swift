import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `autostart enable` in the session it is run from: the cron line carries that session, and its
/// runs, with cron's own environment, set the wallpaper there; where nothing can reach a desktop,
/// `enable` says so; it says "on" only when it is on, and when the next run is.
@Suite struct AutostartSessionEndToEndTests {
  let sandbox: Sandbox
  let stubs: AutostartEndToEndTests

  init() throws {
    sandbox = try Sandbox()
    stubs = AutostartEndToEndTests(sandbox: sandbox)
  }

  var crontabLine: String {
    get throws {
      try String(contentsOfFile: stubs.crontabFile, encoding: .utf8).trimmingCharacters(in: .newlines)
    }
  }

  /// cron's own environment (Debian's cron: HOME, LOGNAME, SHELL, PATH, nothing else), then the
  /// line's command as cron hands it to /bin/sh.
  func runAsCron(_ line: String, home: String? = nil) throws -> (status: Int32, output: String) {
    try AutostartEndToEndTests.tool(
      [
        "/usr/bin/env", "-i", "HOME=\(home ?? sandbox.home)", "LOGNAME=root", "SHELL=/bin/sh",
        "PATH=/usr/bin:/bin",
        "/bin/sh", "-c", AutostartEndToEndTests.cronCommand(line),
      ], environment: [:])
  }

  /// The X11 window manager: a display, feh, no systemd, no desktop autostart. The line
  /// `enable` writes, run as cron runs it, puts Bing's picture on that display's root window; the
  /// same line without the session's variables (what `enable` wrote before) sets nothing.
  @Test(.enabled(if: VirtualXServer.canRun("feh")))
  func theCronLineSetsTheWallpaperOnTheDisplayItWasEnabledFrom() throws {
    let bing = try FakeBing()
    let picture = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [picture])
    try bing.serveJPEG(picture, colour: "#c03020")
    // cron passes no BINGWALL_* variable: the fake Bing goes in the config file its runs read.
    let config = """
      markets = ["en-US"]

      [network]
      endpoint = "\(bing.endpoint)"
      story = false

      """
    let control = sandbox.folder.file("control")
    for home in [sandbox.home, control] {
      try FileManager.default.createDirectory(
        atPath: home + "/.config/bingwall", withIntermediateDirectories: true)
      try config.write(toFile: home + "/.config/bingwall/config.toml", atomically: true, encoding: .utf8)
    }
    let xauthority = sandbox.folder.file("Xauthority")
    _ = FileManager.default.createFile(atPath: xauthority, contents: Data())

    let target: UInt32 = 0xc03020
    func near(_ colour: UInt32) -> Bool {
      [16, 8, 0].allSatisfy { shift in
        abs(Int((colour >> UInt32(shift)) & 0xff) - Int((target >> UInt32(shift)) & 0xff)) <= 12
      }
    }
    var environment: [String: String] = [:]
    // The server lives as long as this function: doctor runs after it is gone.
    func setThroughCron() throws -> String {
      let screen = try VirtualXServer()
      environment = try stubs.stubbed(
        systemd: .absent, extra: ["DISPLAY": screen.display, "XAUTHORITY": xauthority])
      let enabled = try sandbox.run(["autostart", "enable"], environment: environment)
      #expect(enabled.status == 0, "\(enabled.stderr)")
      #expect(enabled.stderr.isEmpty, "\(enabled.stderr)")
      #expect(
        enabled.stdout.contains("Each run sets the wallpaper on display \(screen.display) with "),
        "\(enabled.stdout)")
      #expect(enabled.stdout.contains("(the line carries DISPLAY, XAUTHORITY)."), "\(enabled.stdout)")
      #expect(enabled.stdout.contains("\nNext run: "), "\(enabled.stdout)")
      let line = try crontabLine
      let session = "DISPLAY=\(screen.display) XAUTHORITY=\(xauthority) "
      #expect(line.contains(" * * * * \(session)\(Sandbox.binary) update --quiet # bingwall autostart"))

      // The control: the line as it was before, without the session, in a home of its own,
      // stores the picture and sets nothing.
      // (Its status is issue 38's first item: 69 before, 0 once a stored picture is a success.)
      _ = try runAsCron(line.replacingOccurrences(of: session, with: ""), home: control)
      let stored = try FileManager.default.contentsOfDirectory(
        atPath: control + "/.local/share/bingwall/images")
      #expect(!stored.isEmpty)
      #expect(!near(try screen.screenshot().colour(x: screen.width / 2, y: screen.height / 2)))

      let ran = try runAsCron(line)
      #expect(ran.status == 0, "\(ran.output)")
      #expect(!sandbox.imageFiles().isEmpty)
      let shot = try screen.screenshot()
      let middle = shot.colour(x: screen.width / 2, y: screen.height / 2)
      #expect(near(middle), "\(String(middle, radix: 16))")
      #expect(near(shot.colour(x: 3, y: 3)))
      return screen.display
    }
    let used = try setThroughCron()

    // Once the line's display has no server, doctor and status say its runs will set nothing. The
    // line moves to a display number far above those the test servers take (the lowest free): the
    // number just freed may be taken at once by a server another test starts.
    let display = ":987"
    let line = try crontabLine.replacingOccurrences(of: "DISPLAY=\(used) ", with: "DISPLAY=\(display) ")
    #expect(line != (try crontabLine))
    try (line + "\n").write(toFile: stubs.crontabFile, atomically: true, encoding: .utf8)
    let doctor = try sandbox.run(["doctor", "--quick"], environment: environment)
    #expect(doctor.stdout.contains("DISPLAY \(display) has no X server"), "\(doctor.stdout)\(doctor.stderr)")
    let status = try sandbox.run(["autostart", "status", "--method", "cron"], environment: environment)
    #expect(
      status.stdout.contains("its runs will set no wallpaper: DISPLAY \(display) has no X server"),
      "\(status.stdout)")
  }

  @Test func withNoDesktopAnywhereEnableSaysItStoresOnly() throws {
    let result = try sandbox.run(["autostart", "enable"], environment: try stubs.stubbed(systemd: .absent))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix(
        "Using cron: no method here can set the wallpaper: no desktop session (DISPLAY "
          + "and WAYLAND_DISPLAY are unset); its runs store the pictures only. To set the wallpaper too, run 'bingwall "
          + "autostart enable' in a terminal of your desktop session.\n"), "\(result.stdout)"
    )
    #expect(!(try crontabLine).contains("DISPLAY="))
    // Said once, on stdout; no warning repeats it.
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func trayTakesOnlyAMethodThatRunsTheDaemonAndSetsItsKey() throws {
    let refused = try sandbox.run(
      ["autostart", "enable", "--tray", "--method", "cron"], environment: try stubs.stubbed(systemd: .absent))
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "bingwall: error: --tray needs the daemon, which cron does not run (it runs 'bingwall update' only)\n"
        + "bingwall: hint: use --method systemd or --method xdg, from your desktop session\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.configFile), "nothing is written when refused")

    var environment = try stubs.stubbed(systemd: .absent)
    environment["XDG_CURRENT_DESKTOP"] = "sway"
    let enabled = try sandbox.run(["autostart", "enable", "--tray"], environment: environment)
    #expect(enabled.status == 0, "\(enabled.stderr)")
    #expect(enabled.stdout.contains("xdg"), "\(enabled.stdout)")
    let config = try String(contentsOfFile: sandbox.configFile, encoding: .utf8)
    #expect(config.contains("tray = true"), "\(config)")
  }

  @Test func cronAskedForByNameWithoutADesktopWarnsWithTheFix() throws {
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "cron"], environment: try stubs.stubbed(systemd: .absent))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Autostart on (cron): "))
    #expect(
      result.stderr
        == "bingwall: warning: cron's runs will store the pictures but set no wallpaper: no desktop "
        + "session (DISPLAY and WAYLAND_DISPLAY are unset)\nbingwall: hint: run 'bingwall autostart enable "
        + "--method cron' in a terminal of your desktop session\n")
  }

  @Test func aDisplayThatIsNoDisplayIsRefusedAndNothingIsWritten() throws {
    let environment = try stubs.stubbed(systemd: .absent, extra: ["DISPLAY": ":0; touch /tmp/owned"])
    let result = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "bingwall: error: cron: cannot carry DISPLAY=:0; touch /tmp/owned into the crontab"),
      "\(result.stderr)")
    #expect(result.stderr.contains("\nbingwall: hint: set DISPLAY to the session's own value"))
    #expect(!FileManager.default.fileExists(atPath: stubs.crontabFile))
  }

  @Test func systemdOutOfReachIsNotOnAndNamesTheOneCommandLeft() throws {
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "systemd"], environment: try stubs.stubbed(systemd: .down))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("Autostart on"), "\(result.stdout)")
    #expect(!result.stdout.contains("Next run"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "Autostart not on yet (systemd): systemd is not reachable from here (systemctl --user "
          + "show-environment: Failed to connect to bus: No medium found). To finish, run in your desktop "
          + "session:\n  systemctl --user daemon-reload && systemctl --user enable --now bingwall.service\n"),
      "\(result.stdout)")
  }

  /// The timer's service gets the user manager's environment; the stub's has no display.
  @Test func aTimerWhoseManagerHasNoDisplaySaysItStoresOnly() throws {
    let environment = try stubs.stubbed(systemd: .up)
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "systemd-timer"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Autostart on (systemd-timer): "))
    #expect(
      result.stderr.hasPrefix(
        "bingwall: warning: systemd's user manager knows no DISPLAY or WAYLAND_DISPLAY, so the timer's runs "
          + "store the pictures but set no wallpaper\nbingwall: hint: choose --method xdg or --method cron, "
          + "or have your session run 'systemctl --user import-environment DISPLAY XAUTHORITY'"),
      "\(result.stderr)")
    #expect(result.stdout.contains(":00, in "), "\(result.stdout)")
    #expect(result.stdout.hasSuffix(" (give or take 10 min).\n"), "\(result.stdout)")
  }

  /// India is 5 h 30 min off UTC: the time printed is the local one, at the line's minute.
  @Test func theNextRunIsInLocalTime() throws {
    let environment = try stubs.stubbed(systemd: .absent, extra: ["TZ": "Asia/Kolkata"])
    let result = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let minute = try #require(Int(try crontabLine.prefix { $0 != " " }))
    let next = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Next run: ") })
    // "Next run: today 16:47, in 38 min."
    let words = next.split(separator: " ").map(String.init)
    #expect(["today", "tomorrow"].contains(words[2]), "\(next)")
    let clock = words[3].dropLast().split(separator: ":").compactMap { Int($0) }
    #expect(clock.count == 2 && clock[1] == minute, "\(next)")
    var now = time_t(Date().timeIntervalSince1970)
    var utc = tm()
    gmtime_r(&now, &utc)
    // The hour is the Indian one: 5 or 6 hours after UTC's, never UTC's own.
    #expect(clock.first != Int(utc.tm_hour), "\(next)")
  }
}
