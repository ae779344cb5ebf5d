import BingWallSystem
import FoundationEssentials
import Glibc

/// Why `bingwall autostart` could not do what was asked, with what to do about it.
package enum AutostartError: Error, Equatable, Sendable {
  /// `BINGWALL_AUTOSTART_EXEC` holds a relative path, which no scheduler could run.
  case relativeOverride(value: String)
  /// Neither `/proc/self/exe` nor `argv[0]` gave the path of the running binary.
  case executableUnknown
  /// The binary's path holds a character this method cannot write (or its reader cannot run).
  case unsafePath(method: String, path: String, character: Character, reason: String)
  /// A file we would write or remove exists but was not written by bingwall.
  case foreignFile(path: String)
  /// A program the method needs is not installed.
  case toolMissing(tool: String, hint: String)
  /// A program ran and failed; `stderr` is what it said.
  case toolFailed(command: String, status: Int32, stderr: String)
  /// A file could not be read, written or removed.
  case file(FileError)
  /// `--tray` with a method that runs no daemon (cron, systemd-timer); nil: none that runs it
  /// answers here (no systemd user instance, no desktop session).
  case trayNeedsDaemon(method: String?)
}

extension AutostartError: HintedError {
  package var hint: String? {
    switch self {
    case .executableUnknown: return "set BINGWALL_AUTOSTART_EXEC to it"
    case .unsafePath: return "install bingwall to a plain path such as ~/.local/bin/bingwall and enable again"
    case .foreignFile: return "move it away and try again"
    case .toolMissing(_, let hint): return hint
    case .trayNeedsDaemon(_?): return "use --method systemd or --method xdg, from your desktop session"
    case .trayNeedsDaemon(nil):
      return "run 'bingwall autostart enable --tray' in a terminal of your desktop session"
    default: return nil
    }
  }
}

extension AutostartError: DescribedError {
  package var description: String {
    switch self {
    case .relativeOverride(let value):
      return "BINGWALL_AUTOSTART_EXEC must be an absolute path, got '\(value)'"
    case .executableUnknown:
      return "cannot find the path of the running bingwall (/proc/self/exe is unreadable)"
    case .unsafePath(let method, let path, let character, let reason):
      return "\(method): cannot use \(TerminalText.clean(path)): it contains \(Self.visible(character)), "
        + "\(reason)"
    case .foreignFile(let path):
      return "\(path) exists and was not written by bingwall (it has no X-Bingwall=true line); left alone"
    case .toolMissing(let tool, _):
      return "'\(tool)' is not installed (or not on PATH)"
    case .toolFailed(let command, let status, let stderr):
      let said = stderr.trimmed()
      let detail = said.isEmpty ? "" : ": " + TerminalText.clean(String(said.prefix(300)))
      return "'\(command)' failed with status \(status)\(detail)"
    case .file(let error):
      return error.description
    case .trayNeedsDaemon(let method?):
      return "--tray needs the daemon, which \(method) does not run (it runs 'bingwall update' only)"
    case .trayNeedsDaemon(nil):
      return "--tray needs the daemon started with your desktop, and nothing here starts it: no systemd "
        + "user instance answers and XDG_CURRENT_DESKTOP is unset"
    }
  }

  /// A character as the message can show it: control characters (a newline in a path) as `\xNN`.
  package static func visible(_ character: Character) -> String {
    if let first = character.unicodeScalars.first, first.value < 0x20 || first.value == 0x7f {
      return "'\\x" + (first.value < 16 ? "0" : "") + String(first.value, radix: 16) + "'"
    }
    return "'\(character)'"
  }
}
