import BingWallSystem

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

  /// The Wayland compositor of this session that draws no background of its own, as its
  /// environment names it (`labwc:wlroots`, `niri` or `NIRI_SOCKET`, `river`, `wayfire`); nil
  /// for any other. A setter of the user's (swaybg, awww) draws the picture there.
  var backgroundlessCompositor: String? {
    if let name = desktops.first(where: { Self.backgroundlessCompositors.contains($0) }) { return name }
    return (environment["NIRI_SOCKET"] ?? "").isEmpty ? nil : "niri"
  }

  static let backgroundlessCompositors: Set<String> = ["labwc", "niri", "river", "wayfire"]

  /// True when a process of ours called `program` serves this session's compositor (its own
  /// `WAYLAND_DISPLAY` is this session's): a daemon of another session does not count.
  func runsForThisCompositor(_ program: String) -> Bool {
    guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return false }
    return RunningProcess.named(program).contains { $0.environmentValue("WAYLAND_DISPLAY") == display }
  }
}
