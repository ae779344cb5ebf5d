import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `update` outside a desktop session: the pictures are stored, one line says none was set and
/// how to set one, exit 0, on every run alike; `update --apply` and `apply` fail with 69 and a
/// hint; the next update inside the session sets the picture that waits.
@Suite struct UpdateNoDesktopInProcessTests {
  static let notSet =
    "No wallpaper set: no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset). To set it, run "
    + "bingwall inside your desktop session; to only store, use --no-apply or 'bingwall config set backend none'.\n"
  static let error =
    "bingwall: error: no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)\n"
  static let hint =
    "bingwall: hint: run bingwall inside your desktop session, or pick a backend that works here: "
    + "bingwall config set backend NAME ('bingwall backends' lists them)\n"
  static let lake = "2026-12-01  en-US  Lake title — Lake caption, Somewhere (© Lake Photographer/Agency)\n"
  static let fox = "2026-11-30  en-US  Fox title — Fox caption, Somewhere (© Fox Photographer/Agency)\n"

  /// Bing serves two pictures; no display, no desktop, backend `auto`.
  static func context() throws -> InProcess {
    let run = try FakeBingRun.context(days: 2)
    run.environment["BINGWALL_BACKEND"] = nil
    return run
  }

  static func state(_ run: InProcess) -> SchedulerState {
    StateFile(stateDir: run.paths.stateDir).load()
  }

  /// A MATE session whose `gsettings` keeps what it is given.
  static func enterSession(_ run: InProcess) {
    run.environment["BINGWALL_BACKEND"] = "mate"
    run.environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/scripted/bus"
    ApplyInProcessTests.stubKeepingGSettings(run)
  }

  /// A cron line an older bingwall wrote with the DISPLAY of a session since logged out: feh
  /// fails on a display whose X server is gone, which is no session here, not a failure (no mail
  /// every hour).
  @Test func aDisplayWhoseServerIsGoneIsNoSession() throws {
    let run = try Self.context()
    run.environment["DISPLAY"] = ":424242"
    run.environment["BINGWALL_BACKEND"] = "feh"
    run.processes.stub("xrandr") { _ in .exit(1, stderr: "Can't open display :424242") }
    run.processes.stub("feh") { _ in .exit(2, stderr: "feh ERROR: Can't open X display.") }
    let result = run.run(["update", "--market", "en-US", "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "", "\(result.stderr)")
    #expect(
      Self.state(run).wallpaperNotSet == "x11: DISPLAY :424242 has no X server (no /tmp/.X11-unix/X424242)")
    // Asked for by name, it is the failure it is.
    #expect(run.run(["update", "--market", "en-US", "--apply"]).status != 0)
  }

  /// Run as cron runs it, with no display: the user's running session is found (here in a fake
  /// `/proc`, the test root) and feh is given its DISPLAY and XAUTHORITY, nothing made up.
  @Test func aRunWithoutADisplaySetsTheWallpaperOnTheRunningSession() throws {
    let run = try Self.context()
    let system = try FakeSessionSystem()
    try system.x11(7)
    try system.process(4100, name: "xfce4-panel", ["DISPLAY": ":7", "XAUTHORITY": "/home/me/.Xauthority"])
    run.environment[SessionFinder.rootVariable] = system.root
    run.environment["BINGWALL_BACKEND"] = "feh"
    let given = Locked<[String: String]>([:])
    run.processes.stub("xrandr") { _ in .exit(1, stderr: "Can't open display") }
    // feh records what it set in ~/.fehbg, which the backend reads back.
    let fehbg = run.home.path + "/.fehbg"
    run.processes.stubInvocation("feh") { invocation in
      given.withLock { $0 = invocation.environment }
      let line = "feh --no-fehbg \(invocation.arguments[1]) '\(invocation.arguments.last ?? "")'\n"
      return FileManager.default.createFile(atPath: fehbg, contents: Data(line.utf8)) ? .exit(0) : .exit(1)
    }
    let result = run.run(["-v", "update", "--market", "en-US"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Applied 2026-12-01 "), "\(result.stdout)")
    #expect(
      result.stderr.contains(
        "bingwall: info: session: no display here; using the running session of process 4100 (xfce4-panel): "
          + "DISPLAY=:7 XAUTHORITY=/home/me/.Xauthority\n"), "\(result.stderr)")
    let environment = given.withLock { $0 }
    #expect(environment["DISPLAY"] == ":7")
    #expect(environment["XAUTHORITY"] == "/home/me/.Xauthority")
    #expect(Self.state(run).wallpaperNotSet == nil)
  }

  @Test func withoutADesktopEveryUpdateStoresSaysSoInOneLineAndSucceeds() throws {
    let run = try Self.context()
    let first = run.run(["update", "--market", "en-US"])
    #expect(first.status == 0)
    #expect(first.stderr == "")
    #expect(first.stdout == Self.lake + Self.fox + Self.notSet)
    let recorded = Self.state(run)
    #expect(recorded.lastFailure == nil)
    #expect(recorded.lastUpdateSuccess != nil)
    #expect(
      recorded.wallpaperNotSet
        == "no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)")

    // Nothing new: the same situation, the same result and the same record.
    run.clock.advance(3600)
    let again = run.run(["update", "--market", "en-US"])
    #expect(again.status == 0)
    #expect(again.stderr == "")
    #expect(again.stdout == "Already up to date.\n" + Self.notSet)
    #expect(Self.state(run).wallpaperNotSet == recorded.wallpaperNotSet)
    #expect(Self.state(run).lastFailure == nil)
  }

  @Test func quietAndJSONKeepTheLineOffTheTerminal() throws {
    let run = try Self.context()
    let quiet = run.run(["update", "--market", "en-US", "--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "" && quiet.stderr == "")
    run.clock.advance(60)
    let json = run.run(["update", "--market", "en-US", "--json"])
    #expect(json.status == 0)
    #expect(json.stderr == "")
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(
      object["not_applied"] as? String
        == "no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)")
    #expect(object["applied"] is NSNull)
  }

  @Test func askingToSetItFailsWith69AndNamesTheFixOnEveryRun() throws {
    let run = try Self.context()
    let first = run.run(["update", "--market", "en-US", "--apply"])
    #expect(first.status == 69)
    #expect(first.stdout == Self.lake + Self.fox)
    #expect(first.stderr == Self.error + Self.hint)
    run.clock.advance(60)
    // Nothing new, and still asked for: the same failure, not "Already up to date" and 0.
    let again = run.run(["update", "--market", "en-US", "--apply"])
    #expect(again.status == 69)
    #expect(again.stdout == "Already up to date.\n")
    #expect(again.stderr == Self.error + Self.hint)
    let apply = run.run(["apply"])
    #expect(apply.status == 69)
    #expect(apply.stderr == Self.error + Self.hint)
  }

  @Test func applyAndNoApplyTogetherAreAUsageError() throws {
    let run = try Self.context()
    let result = run.run(["update", "--apply", "--no-apply"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("bingwall: error: give --apply or --no-apply, not both\n"))
    #expect(run.http.requests.isEmpty)
  }

  @Test func theNextUpdateInTheSessionSetsThePictureThatWaits() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--market", "en-US"]).stdout.hasSuffix(Self.notSet))
    run.clock.advance(3600)
    Self.enterSession(run)
    let inSession = run.run(["update", "--market", "en-US"])
    #expect(inSession.status == 0)
    #expect(inSession.stderr == "")
    #expect(inSession.stdout == "Already up to date.\nApplied 2026-12-01 OHR.Lake (Lake title) with mate\n")
    #expect(Self.state(run).wallpaperNotSet == nil)
    // Set once: the next update leaves the wallpaper alone.
    run.clock.advance(3600)
    let later = run.run(["update", "--market", "en-US"])
    #expect(later.stdout == "Already up to date.\n")
  }

  @Test func aPictureTheUserSetSinceIsNotUndone() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--market", "en-US"]).status == 0)
    run.clock.advance(3600)
    Self.enterSession(run)
    #expect(Self.state(run).wallpaperNotSet != nil)
    let chosen = run.run(["apply", "OHR.Fox"])
    #expect(chosen.status == 0, "\(chosen.stderr)")
    // A wallpaper is set: `status` has no "not set" to tell any more.
    #expect(Self.state(run).wallpaperNotSet == nil)
    run.clock.advance(3600)
    let update = run.run(["update", "--market", "en-US"])
    #expect(update.stdout == "Already up to date.\n")
    #expect(Self.state(run).wallpaperNotSet == nil)
  }

  @Test func backendsEndsWithWhyNotWhereToLook() throws {
    let run = try Self.context()
    let result = run.run(["backends"])
    #expect(result.status == 0)
    let last = try #require(result.stdout.split(separator: "\n").last)
    #expect(
      last
        == "selected: none; no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)"
    )
    #expect(!result.stdout.contains("'bingwall backends'"))
  }

  /// The daemon logs why, without the advice to a person at a terminal.
  @Test func theDaemonLogsWhyNoWallpaperWasSet() {
    let lines = UpdateLogLines.lines(for: [.upToDate, .notApplied(.noDesktop)])
    #expect(
      lines == [
        "update: nothing new",
        "no wallpaper set: no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)",
      ])
  }

  @Test func aSessionMissingItsBusIsOutsideTheSessionButABrokenToolIsAFailure() {
    #expect(DesktopError.sessionMissing(backend: "gnome", what: "no session bus").isOutsideSession)
    #expect(DesktopError.noDesktop.isOutsideSession)
    #expect(!DesktopError.toolMissing(backend: "feh", tool: "feh").isOutsideSession)
    #expect(!DesktopError.noBackend(reason: "none of feh installed").isOutsideSession)
    #expect(
      DesktopError.sessionMissing(backend: "gnome", what: "no session bus").description
        == "gnome: no session bus")
  }
}
