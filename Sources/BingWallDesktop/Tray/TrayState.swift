import BingWallSystem

/// What the panel menu, its tooltip and its check marks show: the picture on screen and the
/// daemon's switches. The daemon makes one after each change; the text is the source's, cleaned
/// of control characters here and escaped where each host reads it (`TrayMenu`, `TrayToolTip`).
package struct TrayState: Sendable, Equatable {
  var title: String
  var credit: String
  /// `2026-12-07`, empty when nothing is on screen.
  var date: String
  /// The source's name as the user knows it (`Bing`, `NASA APOD`).
  var source: String
  /// The picture's row id as text (what the menu's clicks name it by), nil when no stored
  /// picture is on screen.
  var key: String?
  var favorite: Bool
  /// The picture has a page to open (an https link).
  var hasPage: Bool
  var autoUpdate: Bool
  /// Whether the daemon has anything to pause (updates or a rotation).
  var canAutoUpdate: Bool
  /// Whether the daemon updates (Newest runs one); not with `--no-update`.
  var canUpdate: Bool
  var startAtLogin: Bool

  package init(
    title: String = "", credit: String = "", date: String = "", source: String = "", key: String? = nil,
    favorite: Bool = false, hasPage: Bool = false, autoUpdate: Bool = true, canAutoUpdate: Bool = true,
    canUpdate: Bool = true, startAtLogin: Bool = false
  ) {
    self.title = TerminalText.singleLine(title)
    self.credit = TerminalText.singleLine(credit)
    self.date = date
    self.source = source
    self.key = key
    self.favorite = favorite
    self.hasPage = hasPage
    self.autoUpdate = autoUpdate
    self.canAutoUpdate = canAutoUpdate
    self.canUpdate = canUpdate
    self.startAtLogin = startAtLogin
  }
}
