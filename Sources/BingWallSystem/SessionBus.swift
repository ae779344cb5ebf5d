import Glibc

/// Finds the D-Bus session bus when the environment does not name it.
///
/// Under cron or a systemd timer there is no `DBUS_SESSION_BUS_ADDRESS`; the session bus then is
/// `$XDG_RUNTIME_DIR/bus` (systemd's user runtime folder, `/run/user/UID`, when that variable is
/// unset too) when that socket exists. Desktop tools, systemctl and notify-send all need it.
package enum SessionBus {
  /// `environment` with `DBUS_SESSION_BUS_ADDRESS` filled in when it is missing and the socket exists.
  package static func filling(_ environment: [String: String]) -> [String: String] {
    guard (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else { return environment }
    let runtime =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
    guard isSocket(runtime + "/bus") else { return environment }
    var environment = environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtime)/bus"
    return environment
  }

  static func isSocket(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
  }
}
