/// What the panel menu, its tooltip and its check marks show: the picture on screen and the
/// daemon's switches. The daemon makes one after each change.
package struct TrayState: Sendable, Equatable {
  /// Nil when no stored picture is on screen.
  var picture: ShownPicture?
  var autoUpdate: Bool
  /// Whether the daemon has anything to pause (updates or a rotation).
  var canAutoUpdate: Bool
  /// Whether the daemon updates (Newest runs one); not with `--no-update`.
  var canUpdate: Bool
  var startAtLogin: Bool

  package init(
    picture: ShownPicture? = nil, autoUpdate: Bool = true, canAutoUpdate: Bool = true, canUpdate: Bool = true,
    startAtLogin: Bool = false
  ) {
    self.picture = picture
    self.autoUpdate = autoUpdate
    self.canAutoUpdate = canAutoUpdate
    self.canUpdate = canUpdate
    self.startAtLogin = startAtLogin
  }
}
