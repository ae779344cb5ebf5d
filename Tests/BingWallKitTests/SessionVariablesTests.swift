import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// A session's variables as a run outside it takes them: only the known names, only values such
/// a variable holds; and the ones an older bingwall wrote into its crontab line, read back as sh
/// would.
@Suite struct SessionVariablesTests {
  @Test func onlyTheKnownNamesAreTakenInTheirOrder() {
    let session = SessionVariables(valid: [
      "WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000", "XDG_CURRENT_DESKTOP": "sway",
      "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-Ab12,guid=0f3e",
      "SWAYSOCK": "/run/user/1000/sway.sock",
      "HOME": "/home/me", "PATH": "/usr/bin", "LD_PRELOAD": "/tmp/evil.so",
    ])
    #expect(
      session.variables.map(\.name) == [
        "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "XDG_CURRENT_DESKTOP", "SWAYSOCK",
      ])
    #expect(session.hasDisplay)
  }

  @Test func xauthorityGoesOnlyWithADisplay() {
    #expect(SessionVariables(valid: ["XAUTHORITY": "/home/me/.Xauthority"]).variables.isEmpty)
    let x11 = SessionVariables(valid: ["DISPLAY": ":0", "XAUTHORITY": "/home/me/.Xauthority"])
    #expect(x11.variables.map(\.name) == ["DISPLAY", "XAUTHORITY"])
  }

  @Test(arguments: [
    ("DISPLAY", ":0; rm -rf ~"), ("DISPLAY", "$(id)"), ("DISPLAY", ":0\n* * * * * evil"),
    ("XAUTHORITY", "relative/file"), ("XAUTHORITY", "/tmp/a\nb"), ("XAUTHORITY", "/tmp/a\\%b"),
    ("WAYLAND_DISPLAY", "wayland-0`id`"), ("XDG_CURRENT_DESKTOP", "GNOME; id"),
    ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/tmp/b'us"), ("XDG_RUNTIME_DIR", "/run/\u{7f}"),
  ])
  func aValueSuchAVariableNeverHoldsIsLeftOut(name: String, value: String) {
    var environment = ["DISPLAY": ":0"]
    environment[name] = value
    #expect(SessionVariables(valid: environment)[name] == nil)
  }

  /// A line as an older bingwall wrote it, with a path that needed every kind of quoting.
  @Test func anOlderLinesSessionIsReadBackExactly() {
    let line =
      "7 * * * * DISPLAY=unix:1.0 XAUTHORITY='/tmp/it'\\''s 100\\% $HOME;`x`/Xauth' "
      + "/opt/a=b/bingwall update --quiet # bingwall autostart"
    let session = AutostartCron.recordedSession(line: line)
    #expect(
      session
        == SessionVariables(variables: [
          ("DISPLAY", "unix:1.0"), ("XAUTHORITY", "/tmp/it's 100% $HOME;`x`/Xauth"),
        ]))
    #expect(AutostartCron.pinnedDisplay(line: line) == "DISPLAY=unix:1.0")
    #expect(AutostartCron.isOurs(ArraySlice(Array(line.utf8))))
  }

  @Test func aLineWithoutVariablesPinsNothing() {
    let line = "17 * * * * /usr/bin/bingwall update --quiet # bingwall autostart"
    #expect(AutostartCron.recordedSession(line: line) == SessionVariables())
    #expect(AutostartCron.pinnedDisplay(line: line) == nil)
    let wayland =
      "17 * * * * WAYLAND_DISPLAY=wayland-1 XDG_RUNTIME_DIR=/run/user/1000 /usr/bin/bingwall update"
    #expect(AutostartCron.pinnedDisplay(line: wayland) == "WAYLAND_DISPLAY=wayland-1")
  }

  /// cron runs at a local minute: the next run is the first whole minute after now at it.
  @Test(arguments: [0, 17, 59])
  func theNextRunIsTheNextLocalMinute(minute: Int) throws {
    let now = Date(timeIntervalSince1970: 1_796_550_000)
    let next = Autostart.next(
      minute: minute, after: now, in: LocalTime(environment: ProcessInfo.processInfo.environment))
    var seconds = time_t(next.timeIntervalSince1970)
    var parts = tm()
    localtime_r(&seconds, &parts)
    #expect(parts.tm_min == Int32(minute))
    #expect(parts.tm_sec == 0)
    #expect(next > now)
    #expect(next.timeIntervalSince(now) <= 3660)
  }
}
