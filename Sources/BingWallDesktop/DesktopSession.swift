import BingWallSystem
import FoundationEssentials
import Glibc

/// The desktop session bingwall runs in: its environment, as detection and the tools see it.
///
/// Built once per command. Under cron or a systemd timer there is no `DBUS_SESSION_BUS_ADDRESS`;
/// the session bus then is `$XDG_RUNTIME_DIR/bus` when that socket exists, and tools get it.
package struct DesktopSession: Sendable {
  /// The environment children get (with the session bus filled in when found).
  package let environment: [String: String]
  let processes: any ProcessRunner
  let home: String
  /// Times the waits for a tool's work to show (a settings file rewritten, a swaybg started):
  /// the context's clock, so that with scripted tools a test's clock runs those waits out.
  let clock: any WallClock
  /// How long a tool may run before it is killed.
  var timeout: Duration = .seconds(10)

  package init(
    environment: [String: String], processes: any ProcessRunner, home: String,
    clock: any WallClock = SystemClock()
  ) {
    self.environment = SessionBus.filling(environment)
    self.processes = processes
    self.home = home
    self.clock = clock
  }

  /// The same session with another environment (a tool's socket filled in), same runner,
  /// clock and timeout.
  func with(environment: [String: String]) -> DesktopSession {
    var session = DesktopSession(environment: environment, processes: processes, home: home, clock: clock)
    session.timeout = timeout
    return session
  }

  /// The desktops `XDG_CURRENT_DESKTOP` names, lower-cased, in order (`ubuntu:GNOME` → both).
  var desktops: [String] {
    (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
  }

  /// `DESKTOP_SESSION`, lower-cased, with a path such as `/usr/share/xsessions/plasma` cut to its name.
  var desktopSession: String {
    String((environment["DESKTOP_SESSION"] ?? "").lowercased().split(separator: "/").last ?? "")
  }

  var hasX11: Bool { !(environment["DISPLAY"] ?? "").isEmpty }
  /// An X11 or Wayland display: the screens can be asked for.
  package var hasDisplay: Bool { hasX11 || hasWayland }
  var hasWayland: Bool {
    !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || environment["XDG_SESSION_TYPE"] == "wayland"
  }
  package var hasSessionBus: Bool { !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty }

  /// The absolute path of `tool` on the session's PATH, if installed, as the process runner sees it.
  func which(_ tool: String) -> String? {
    processes.locate(tool, onPath: environment["PATH"])
  }

  /// "DISPLAY :0 has no X server (no /tmp/.X11-unix/X0)" for an X-only session whose local
  /// display's socket is not there; nil otherwise (a remote display, Wayland, a socket present).
  package var goneDisplay: String? {
    guard hasX11, !hasWayland, let value = environment["DISPLAY"], let display = DisplayName(value),
      display.host.isEmpty || display.host == "unix"
    else { return nil }
    let socket = "/tmp/.X11-unix/X\(display.number)"
    var status = stat()
    return stat(socket, &status) == 0 ? nil : "DISPLAY \(value) has no X server (no \(socket))"
  }

  /// Why `need` is not met here, or nil when it is.
  func missing(_ need: SessionNeed) -> String? {
    switch need {
    case .nothing: return nil
    case .x11: return hasX11 ? nil : "no X11 display (DISPLAY is not set)"
    case .wayland: return hasWayland ? nil : "no Wayland compositor (WAYLAND_DISPLAY is not set)"
    case .display:
      return hasX11 || hasWayland ? nil : "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    case .displayOrSessionBus:
      return hasX11 || hasWayland || hasSessionBus
        ? nil
        : "no display and no session bus (DISPLAY, WAYLAND_DISPLAY and DBUS_SESSION_BUS_ADDRESS are unset)"
    case .sessionBus:
      return hasSessionBus
        ? nil : "no session bus (DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus does not exist)"
    }
  }

  /// Runs a tool with an argument vector and the session's environment; a non-zero status,
  /// a timeout or a missing program becomes a `DesktopError` carrying what the tool said (stderr, or
  /// stdout when stderr is empty).
  @discardableResult
  func run(_ arguments: [String], backend: String, input: ProcessInput = .none)
    throws(DesktopError) -> ProcessResult
  {
    let command = arguments.joined(separator: " ")
    let result: ProcessResult
    do {
      result = try processes.run(
        ProcessInvocation(
          arguments: arguments, environment: environment, input: input,
          timeout: timeout
        ))
    } catch .notFound(let program) {
      throw DesktopError.toolMissing(backend: backend, tool: MissingTool(program))
    } catch {
      throw DesktopError.toolFailed(backend: backend, command: command, status: -1, stderr: error.description)
    }
    if result.timedOut { throw DesktopError.timedOut(backend: backend, command: command, limit: timeout) }
    if result.status != 0 {
      // Some tools (plasma-apply-wallpaperimage among them) explain a failure on stdout only.
      let said = result.stderrText.trimmed().isEmpty ? result.stdoutText : result.stderrText
      throw DesktopError.toolFailed(backend: backend, command: command, status: result.status, stderr: said)
    }
    return result
  }
}
