extension DesktopSession {
  /// Whether the session is one of these desktops, by `XDG_CURRENT_DESKTOP` and, only when that is
  /// unset, by `XDG_SESSION_DESKTOP` or `DESKTOP_SESSION`.
  ///
  /// `XDG_CURRENT_DESKTOP` is what the desktop itself exports; `DESKTOP_SESSION` is the display
  /// manager's session name and says less (`ubuntu` may be a GNOME or a Unity session), so it only
  /// breaks the silence. `XDG_SESSION_DESKTOP` is what pam_systemd and the display manager set from
  /// the session file (`xfce`, `LXDE`, `lxqt`); it is there in sessions that never export the first.
  /// Names are compared lower-cased.
  func isDesktop(_ desktops: Set<String>, orSession sessions: Set<String> = []) -> Bool {
    let current = self.desktops
    if !current.isEmpty { return current.contains { desktops.contains($0) } }
    let sessionDesktop = (environment["XDG_SESSION_DESKTOP"] ?? "").lowercased()
    if !sessionDesktop.isEmpty, desktops.contains(sessionDesktop) || sessions.contains(sessionDesktop) {
      return true
    }
    return sessions.contains(desktopSession)
  }
}
