import BingWallSystem
import Glibc

/// Where sway's IPC socket is: `SWAYSOCK` when it answers, else the socket of a sway running in the
/// session's runtime folder.
///
/// sway 1.7 exports `SWAYSOCK` only to its own children, so a terminal, cron or a systemd timer
/// outside them never sees it. sway names the socket `sway-ipc.UID.PID.sock` in `$XDG_RUNTIME_DIR`,
/// so a running sway's pid finds it; a socket left over from a sway that died does not answer.
enum SwaySocket {
  static func find(in session: DesktopSession) -> String? {
    if let named = session.environment["SWAYSOCK"], !named.isEmpty {
      if UnixSocket.isLive(named) { return named }
    }
    let folder = runtimeFolder(of: session)
    return RunningProcesses.pids(named: "sway").reversed().lazy.compactMap { pid -> String? in
      guard let user = RunningProcesses.userID(of: pid) else { return nil }
      let path = "\(folder)/sway-ipc.\(user).\(pid).sock"
      return UnixSocket.isLive(path) ? path : nil
    }.first
  }

  /// `$XDG_RUNTIME_DIR`, else systemd's `/run/user/UID`.
  static func runtimeFolder(of session: DesktopSession) -> String {
    session.environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
  }
}
