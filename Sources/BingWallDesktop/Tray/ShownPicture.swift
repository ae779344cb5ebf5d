import BingWallSystem

/// The picture on screen as the daemon's desktop face names it: the panel menu, its tooltip and
/// a notification show these words, and their clicks act on `key`. The daemon makes one after
/// each change; the text is the source's, cleaned of control characters here and escaped where
/// each host reads it (`TrayMenu`, `TrayToolTip`, `NotificationText`).
package struct ShownPicture: Sendable, Equatable {
  var title: String
  var credit: String
  /// `2026-12-07`.
  var date: String
  /// The source's name as the user knows it (`Bing`, `NASA APOD`).
  var source: String
  /// The picture's row id as text: what the clicks name it by.
  var key: String
  var favorite: Bool
  /// The picture has a page to open (an https link).
  var hasPage: Bool

  package init(
    title: String, credit: String, date: String, source: String, key: String, favorite: Bool, hasPage: Bool
  ) {
    self.title = TerminalText.singleLine(title)
    self.credit = TerminalText.singleLine(credit)
    self.date = date
    self.source = source
    self.key = key
    self.favorite = favorite
    self.hasPage = hasPage
  }
}
