import Foundation
import Testing

@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// The session the cron line carries: which variables, written so no value can become shell
/// syntax, read back as sh would, and checked for what has gone since.
@Suite struct AutostartCronSessionTests {
  static let runtime = "/run/user/\(getuid())"

  @Test func anX11SessionCarriesItsDisplayAndXauthorityAndNothingElse() throws {
    let session = try AutostartCronSession.capture(from: [
      "DISPLAY": ":0", "XAUTHORITY": "/home/me/.Xauthority", "HOME": "/home/me", "PATH": "/usr/bin",
      "TERM": "xterm", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(Self.runtime)/bus",
    ])
    #expect(session.variables.map(\.name) == ["DISPLAY", "XAUTHORITY"])
    #expect(try session.assignments() == ["DISPLAY=:0", "XAUTHORITY=/home/me/.Xauthority"])
  }

  @Test func aWaylandSessionCarriesItsSocketsAndAnUnusualBus() throws {
    let session = try AutostartCronSession.capture(from: [
      "WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000", "XDG_CURRENT_DESKTOP": "sway",
      "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-Ab12,guid=0f3e",
      "SWAYSOCK": "/run/user/1000/sway.sock",
      "XAUTHORITY": "/home/me/.Xauthority",
    ])
    #expect(
      session.variables.map(\.name) == [
        "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "XDG_CURRENT_DESKTOP", "SWAYSOCK",
      ])
    // XAUTHORITY without DISPLAY is no use to anything.
    #expect(session["XAUTHORITY"] == nil)
    #expect(session.hasDisplay)
  }

  @Test(arguments: [
    ("DISPLAY", ":0; rm -rf ~"), ("DISPLAY", "$(id)"), ("DISPLAY", ":0\n* * * * * evil"),
    ("XAUTHORITY", "relative/file"), ("XAUTHORITY", "/tmp/a\nb"), ("XAUTHORITY", "/tmp/a\\%b"),
    ("WAYLAND_DISPLAY", "wayland-0`id`"), ("XDG_CURRENT_DESKTOP", "GNOME; id"),
    ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/tmp/b'us"), ("XDG_RUNTIME_DIR", "/run/\u{7f}"),
  ])
  func aValueSuchAVariableNeverHoldsIsRefused(name: String, value: String) throws {
    var environment = ["DISPLAY": ":0"]
    environment[name] = value
    #expect(throws: AutostartError.unsafeVariable(name: name, value: value)) {
      try AutostartCronSession.capture(from: environment)
    }
  }

  /// Paths may hold what a shell or cron treats specially; they go in quoted, `%` escaped for
  /// cron, and read back exactly.
  @Test func anAwkwardPathIsQuotedAndReadBackExactly() throws {
    let session = try AutostartCronSession.capture(from: [
      "DISPLAY": "unix:1.0", "XAUTHORITY": "/tmp/it's 100% $HOME;`x`/Xauth",
    ])
    let line = try AutostartCron.line(executable: "/opt/a=b/bingwall", minute: 7, session: session)
    #expect(
      line == "7 * * * * DISPLAY=unix:1.0 XAUTHORITY='/tmp/it'\\''s 100\\% $HOME;`x`/Xauth' "
        + "/opt/a=b/bingwall update --quiet # bingwall autostart")
    #expect(AutostartCronSession.parse(line: line) == session)
    #expect(AutostartCron.isOurs(ArraySlice(Array(line.utf8))))
  }

  @Test func aLineWithoutVariablesCarriesNothing() throws {
    let line = "17 * * * * /usr/bin/bingwall update --quiet # bingwall autostart"
    #expect(AutostartCronSession.parse(line: line) == AutostartCronSession())
    #expect(AutostartCronSession.parse(line: line)?.staleness() == [])
  }

  @Test func whatIsGoneIsSaid() throws {
    let folder = try TemporaryDirectory()
    let xauthority = folder.file("Xauthority")
    _ = FileManager.default.createFile(atPath: xauthority, contents: Data())
    let present = AutostartCronSession(variables: [("XAUTHORITY", xauthority)])
    #expect(present.staleness() == [])
    let gone = AutostartCronSession(variables: [
      ("DISPLAY", ":987"), ("XAUTHORITY", folder.file("gone")), ("WAYLAND_DISPLAY", "wayland-9"),
      ("XDG_RUNTIME_DIR", folder.path), ("DBUS_SESSION_BUS_ADDRESS", "unix:path=\(folder.path)/bus"),
    ])
    #expect(
      gone.staleness() == [
        "DISPLAY :987 has no X server (no /tmp/.X11-unix/X987)", "XAUTHORITY \(folder.file("gone")) is gone",
        "WAYLAND_DISPLAY wayland-9 has no compositor (no \(folder.path)/wayland-9)",
        "the session bus \(folder.path)/bus is gone",
      ])
    let forwarded = AutostartCronSession(variables: [("DISPLAY", "localhost:10.0")])
    #expect(forwarded.staleness().first?.contains("forwarded display") == true)
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
