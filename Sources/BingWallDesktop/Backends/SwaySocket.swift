import BingWallSystem
import Glibc

/// Where sway's IPC socket is: `SWAYSOCK` when it answers, else the socket of a sway running in the
/// session's runtime folder.
///
/// sway 1.7 exports `SWAYSOCK` only to its own children, so a terminal, cron or a systemd timer
/// outside them never sees it. sway names the socket `sway-ipc.UID.PID.sock` in `$XDG_RUNTIME_DIR`,
/// so a running sway's pid finds it; a socket left over from a sway that died does not answer.
enum SwaySocket {
  /// `session` with `SWAYSOCK` set to `socket`, for swaymsg (the one from `find`, so a cron run
  /// reaches the sway it found).
  static func session(_ session: DesktopSession, talkingTo socket: String) -> DesktopSession {
    var environment = session.environment
    environment["SWAYSOCK"] = socket
    return session.with(environment: environment)
  }

  static func find(in session: DesktopSession) -> String? {
    if let named = session.environment["SWAYSOCK"], !named.isEmpty {
      if UnixSocket.isLive(named) { return named }
    }
    let folder = runtimeFolder(of: session)
    return RunningProcess.named("sway", anyUser: rootSeesEveryUser).reversed().lazy.compactMap { sway in
      let path = "\(folder)/sway-ipc.\(sway.uid).\(sway.pid).sock"
      return UnixSocket.isLive(path) ? path : nil
    }.first
  }

  /// Root may drive a sway another user runs (sway refuses root; its tests run it as a user of their
  /// own); anyone else looks only at their own processes.
  static var rootSeesEveryUser: Bool { getuid() == 0 }

  /// `$XDG_RUNTIME_DIR`, else systemd's `/run/user/UID`.
  static func runtimeFolder(of session: DesktopSession) -> String {
    session.environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
  }
}
