import Foundation

/// The desktop session bingwall runs in: its environment, as detection and the tools see it.
///
/// Built once per command. Under cron or a systemd timer there is no `DBUS_SESSION_BUS_ADDRESS`;
/// the session bus then is `$XDG_RUNTIME_DIR/bus` when that socket exists, and tools get it.
public struct DesktopSession: Sendable {
  /// The environment children get (with the session bus filled in when found).
  public let environment: [String: String]
  public let processes: any ProcessRunner
  public let home: String
  /// Seconds a tool may run before it is killed.
  public var timeout: Double = 10

  public init(environment: [String: String], processes: any ProcessRunner, home: String) {
    var environment = environment
    // cron gives neither variable; systemd's user runtime folder is /run/user/UID.
    let runtime =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
    if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty, Self.isSocket(runtime + "/bus") {
      environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtime)/bus"
    }
    self.environment = environment
    self.processes = processes
    self.home = home
  }

  /// The desktops `XDG_CURRENT_DESKTOP` names, lower-cased, in order (`ubuntu:GNOME` → both).
  public var desktops: [String] {
    (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
  }

  /// `DESKTOP_SESSION`, lower-cased, with a path such as `/usr/share/xsessions/plasma` cut to its name.
  public var desktopSession: String {
    String((environment["DESKTOP_SESSION"] ?? "").lowercased().split(separator: "/").last ?? "")
  }

  public var hasX11: Bool { !(environment["DISPLAY"] ?? "").isEmpty }
  public var hasWayland: Bool {
    !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || environment["XDG_SESSION_TYPE"] == "wayland"
  }
  public var hasSessionBus: Bool { !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty }

  /// The absolute path of `tool` on the session's PATH, if installed.
  public func which(_ tool: String) -> String? {
    PosixProcessRunner.which(tool, path: environment["PATH"])
  }

  /// Why `need` is not met here, or nil when it is.
  public func missing(_ need: SessionNeed) -> String? {
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
  /// a timeout or a missing program becomes a `DesktopError` carrying what the tool said.
  @discardableResult
  public func run(_ arguments: [String], backend: String, input: Data? = nil) throws(DesktopError)
    -> ProcessResult
  {
    let command = arguments.joined(separator: " ")
    let result: ProcessResult
    do {
      result = try processes.run(
        ProcessInvocation(arguments: arguments, environment: environment, input: input, timeout: timeout))
    } catch .notFound(let program) {
      throw DesktopError.toolMissing(backend: backend, tool: program)
    } catch {
      throw DesktopError.toolFailed(backend: backend, command: command, status: -1, stderr: error.description)
    }
    if result.timedOut { throw DesktopError.timedOut(backend: backend, command: command, seconds: timeout) }
    if result.status != 0 {
      throw DesktopError.toolFailed(
        backend: backend, command: command, status: result.status, stderr: result.stderrText)
    }
    return result
  }

  static func isSocket(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
  }
}
