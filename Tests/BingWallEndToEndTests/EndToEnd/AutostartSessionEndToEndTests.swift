import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `autostart enable` as a user meets it: the outcome first, then what the cron line's runs will
/// do (each finds the session running then; `SessionFinderEndToEndTests` runs them), when the next
/// run is, and "on" only when it is on.
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
  static func runAsCron(_ line: String, home: String) throws -> (status: Int32, output: String) {
    try AutostartEndToEndTests.tool(
      [
        "/usr/bin/env", "-i", "HOME=\(home)", "LOGNAME=root", "SHELL=/bin/sh", "PATH=/usr/bin:/bin",
        "/bin/sh", "-c", AutostartEndToEndTests.cronCommand(line),
      ], environment: [:])
  }

  /// From ssh or a console, with no desktop session running: cron, which sets the wallpaper once
  /// one runs, and says so; no warning.
  @Test func withNoDesktopAnywhereEnableSaysRunsStoreUntilALogin() throws {
    let result = try sandbox.run(["autostart", "enable"], environment: try stubs.stubbed(systemd: .absent))
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "Autostart on (cron): bingwall update runs every hour from cron.", "\(result.stdout)")
    #expect(
      lines.dropFirst().first
        == "Chosen because no systemd user instance answers here and no desktop names itself "
        + "(XDG_CURRENT_DESKTOP); --method picks another.")
    #expect(
      lines.contains(
        "Each run sets the wallpaper of your desktop session running at the time; none runs now, so until "
          + "you log in, runs store the pictures only."), "\(result.stdout)")
    #expect(lines.last?.hasPrefix("Next run: ") == true)
    #expect(!(try crontabLine).contains("DISPLAY="))
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  /// Enabled from inside a session, the line still carries no display: the next login's may be
  /// another, and a value that is no display could not get into the crontab anyway.
  @Test func theLineCarriesNoDisplayEvenFromInsideASession() throws {
    let environment = try stubs.stubbed(
      systemd: .absent,
      extra: ["DISPLAY": ":0; touch /tmp/owned", "XAUTHORITY": "/tmp/x", "WAYLAND_DISPLAY": "wayland-1"])
    let result = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Autostart on (cron): "), "\(result.stdout)")
    let line = try crontabLine
    #expect(line.hasSuffix(" * * * * \(Sandbox.binary) update --quiet # bingwall autostart"), "\(line)")
    for name in ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "touch"] { #expect(!line.contains(name)) }
  }

  /// A line an older bingwall wrote pins the display of its day: `autostart status` and `doctor`
  /// say so with the one command that drops it, and that command does.
  @Test func aLineThatPinsADisplayIsNamedAndEnablingAgainDropsIt() throws {
    let environment = try stubs.stubbed(systemd: .absent)
    let old =
      "23 * * * * DISPLAY=:987 XAUTHORITY=/home/me/.Xauthority \(Sandbox.binary) update --quiet "
      + "# bingwall autostart\n"
    try old.write(toFile: stubs.crontabFile, atomically: true, encoding: .utf8)
    let fix = "run 'bingwall autostart enable --method cron', and each run finds the running session"
    let status = try sandbox.run(["autostart", "status", "--method", "cron"], environment: environment)
    #expect(
      status.stdout.hasSuffix(
        "(the line pins DISPLAY=:987, which sets nothing once that display is gone); \(fix)\n"),
      "\(status.stdout)")
    let doctor = try sandbox.run(["doctor", "--quick"], environment: environment)
    #expect(
      doctor.stdout.contains(
        "warning: [autostart] autostart cron: the line pins DISPLAY=:987, which sets nothing once that "
          + "display is gone; \(fix)\n"), "\(doctor.stdout)")
    let enabled = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(enabled.stdout.hasPrefix("Autostart updated (cron): "), "\(enabled.stdout)")
    #expect(!(try crontabLine).contains("DISPLAY"))
    let again = try sandbox.run(["doctor", "--quick"], environment: environment)
    #expect(!again.stdout.contains("[autostart]"), "\(again.stdout)")
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

  /// Out of reach, `enable` names the one command left and `status` says the unit is only
  /// written; with systemd up, the same command turns it on and `status` says on.
  @Test func systemdOutOfReachIsNotOnAndNamesTheOneCommandLeft() throws {
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "systemd"], environment: try stubs.stubbed(systemd: .down))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "Autostart not on yet: systemd is out of reach here. Run in your desktop session:\n"
        + "  bingwall autostart enable --method systemd\n")
    let status = try sandbox.run(["autostart", "status"], environment: try stubs.stubbed(systemd: .down))
    #expect(
      status.stdout.hasPrefix(
        "systemd        off  written, not enabled; run 'bingwall autostart enable --method systemd' in "
          + "your desktop session\n"), "\(status.stdout)")

    let up = try stubs.stubbed(systemd: .up)
    let finished = try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: up)
    #expect(finished.status == 0, "\(finished.stderr)")
    #expect(
      finished.stdout
        == "Autostart on (systemd): bingwall daemon starts with your graphical session.\n"
        + "Next run: now (bingwall daemon started).\n")
    #expect(
      stubs.log("systemctl").suffix(2) == [
        "--user enable --now bingwall.service", "--user is-active graphical-session.target",
      ])
    let on = try sandbox.run(["autostart", "status", "--method", "systemd"], environment: up)
    #expect(on.stdout == "systemd  on   \(stubs.unitFolder)/bingwall.service\n")
  }

  /// The timer's service gets the user manager's environment, which may have no display: its
  /// runs find the session as cron's do, so nothing is said of it.
  @Test func aTimerSaysItIsOnAndWhenItRunsNext() throws {
    let environment = try stubs.stubbed(systemd: .up)
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "systemd-timer"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Autostart on (systemd-timer): "), "\(result.stdout)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
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
