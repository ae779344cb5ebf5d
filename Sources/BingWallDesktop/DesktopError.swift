import BingWallSystem
import FoundationEssentials
import Glibc

/// Setting the wallpaper failed, or cannot work in this session.
package enum DesktopError: ExitStatusError, Equatable, Sendable {
  /// The session lacks what the backend needs (no display, no session bus). Exit 69.
  case sessionMissing(backend: String, what: String)
  /// No backend fits this session. Exit 69.
  case noBackend(reason: String)
  /// No desktop session here at all: no display, no desktop named (a console, ssh, cron), and
  /// none of the user's running (`SessionFinder`). Exit 69 where setting was asked for; `update`
  /// stores the pictures and says so (`isOutsideSession`).
  case noDesktop
  /// A tool the backend runs is not installed. Exit 69.
  case toolMissing(backend: String, tool: MissingTool)
  /// The tool ran and failed; `stderr` is what it said.
  case toolFailed(backend: String, command: String, status: Int32, stderr: String)
  /// The tool outlived its timeout and was killed.
  case timedOut(backend: String, command: String, limit: Duration)
  /// The tool reported success but reading the setting back shows something else.
  case didNotTake(backend: String, expected: String, found: String)
  /// The backend's configuration is unusable (an empty `command`, an unknown placeholder).
  case misconfigured(backend: String, message: String)
  /// The session bus the environment names does not answer (gone, refused, malformed), so a
  /// setting that lives behind it was not stored; `said` is the tool's reason. Exit 69.
  case sessionBusUnreachable(backend: String, address: String, said: String)
  /// Setting failed (`error`) after the screens' own pictures could not be made (`problem`), so
  /// the tool had been given the file as it is: both are told, since the first may explain the
  /// second (a setter that hangs on the very picture libvips refused).
  indirect case afterScreenProblem(DesktopError, problem: ScreenProblem)

  /// 69 when the session cannot do it at all; 1 when a tool failed.
  package var exitStatus: Int32 {
    switch self {
    case .sessionMissing, .noBackend, .noDesktop, .toolMissing, .sessionBusUnreachable:
      return ExitCode.unavailable
    case .afterScreenProblem(let error, _): return error.exitStatus
    case .toolFailed, .timedOut, .didNotTake, .misconfigured: return ExitCode.failure
    }
  }

  /// The run is outside the desktop session it would set (a console, ssh, cron without the
  /// session's variables): nothing is wrong with the backend, the desktop is just not here.
  package var isOutsideSession: Bool {
    switch self {
    case .noDesktop, .sessionMissing, .sessionBusUnreachable: return true
    case .afterScreenProblem(let error, _): return error.isOutsideSession
    case .noBackend, .toolMissing, .toolFailed, .timedOut, .didNotTake, .misconfigured: return false
    }
  }
}

extension DesktopError: DescribedError, HintedError {
  package var description: String {
    switch self {
    case .sessionMissing(let backend, let what):
      return "\(backend): \(what)"
    case .noBackend(let reason):
      return "no wallpaper backend fits this session (\(reason))"
    case .noDesktop:
      return "no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)"
    case .toolMissing(let backend, let tool):
      return "\(backend): \(tool.notInstalled) (or not on PATH); install it or pick another backend"
    case .toolFailed(let backend, let command, let status, let stderr):
      let said = stderr.trimmed()
      let detail = said.isEmpty ? "" : ": " + TerminalText.clean(String(said.prefix(300)))
      return "\(backend): '\(command)' \(Self.ending(status))\(detail)"
    case .timedOut(let backend, let command, let limit):
      return "\(backend): '\(command)' did not finish within \(limit.components.seconds) s and was stopped"
    case .didNotTake(let backend, let expected, let found):
      return "\(backend): the wallpaper did not change (expected \(expected), the desktop reports \(found))"
    case .misconfigured(let backend, let message):
      return "\(backend): \(message)"
    case .afterScreenProblem(let error, let problem):
      return
        "\(error.description) (it was given the file as it is: \(TerminalText.clean(problem.description)))"
    case .sessionBusUnreachable(let backend, let address, let said):
      let reason = TerminalText.clean(String(said.trimmed().prefix(300)))
      return
        "\(backend): the setting was not stored: the session bus at \(TerminalText.clean(address)) does not answer"
        + (reason.isEmpty ? "" : " (\(reason))")
    }
  }

  /// The fix, on its own line; nil where the description already says it.
  package var hint: String? {
    switch self {
    case .sessionMissing, .noDesktop:
      return "run bingwall inside your desktop session, or pick a backend that works here: "
        + "bingwall config set backend NAME ('bingwall backends' lists them)"
    case .noBackend:
      return "'bingwall backends' says what each backend needs; bingwall config set backend NAME picks one"
    case .sessionBusUnreachable:
      return "run bingwall inside your desktop session, or set DBUS_SESSION_BUS_ADDRESS to that session's"
        + " bus (usually unix:path=$XDG_RUNTIME_DIR/bus)"
    case .afterScreenProblem(let error, _): return error.hint
    case .toolMissing, .toolFailed, .timedOut, .didNotTake, .misconfigured: return nil
    }
  }

  /// "failed with status N", or the signal that killed the tool (a status above 128 is how the process
  /// runner reports one): "status 159" says nothing, "killed by SIGSYS" points at a sandbox.
  static func ending(_ status: Int32) -> String {
    // Status 0 comes with a failure only when the tool's words, not its status, told us it failed.
    if status == 0 { return "reported success but failed" }
    guard status > 128, status < 128 + 65 else { return "failed with status \(status)" }
    let signal = status - 128
    let name = SignalName.name(signal).map { "\($0), " } ?? ""
    let why = signal == 31 ? " (a system call its sandbox forbids)" : ""
    return "was killed by signal \(signal) (\(name)status \(status))\(why)"
  }
}
