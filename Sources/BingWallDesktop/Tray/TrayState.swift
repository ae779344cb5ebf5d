import BingWallSystem

/// What the panel menu, its tooltip and its check marks show: the picture on screen and the
/// daemon's switches. The daemon makes one after each change; the text is the source's, cleaned
/// of control characters here and escaped where each host reads it (`TrayMenu`, `TrayToolTip`).
package struct TrayState: Sendable, Equatable {
  package var title: String
  package var credit: String
  /// `2026-12-07`, empty when nothing is on screen.
  package var date: String
  /// The source's name as the user knows it (`Bing`, `NASA APOD`).
  package var source: String
  /// The picture's row id as text (what the menu's clicks name it by), nil when no stored
  /// picture is on screen.
  package var key: String?
  package var favorite: Bool
  /// The picture has a page to open (an https link).
  package var hasPage: Bool
  package var autoUpdate: Bool
  /// Whether the daemon has anything to pause (updates or a rotation).
  package var canAutoUpdate: Bool
  /// Whether the daemon updates (Newest runs one); not with `--no-update`.
  package var canUpdate: Bool
  package var startAtLogin: Bool

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
