import BingWallSystem

/// What a caption says: a picture's title, and its credit on a smaller second line; Bing's
/// headline for it above them, when its story was fetched.
package struct Caption: Sendable, Equatable {
  package let title: String
  package let credit: String
  package let headline: String

  package init(title: String, credit: String, headline: String = "") {
    self.title = title
    self.credit = credit
    self.headline = headline
  }

  /// The Pango markup of the caption in `colour` (a Pango colour: `white`, `#000000`), the
  /// headline in italics when there is one, the title bold; the credit's line only when there is
  /// a credit.
  ///
  /// Each text is one line, cleaned as a terminal line is (`TerminalText.singleLine`): a bidi
  /// override in a title would otherwise draw its words backwards, and a line separator would
  /// make a line for each.
  func markup(colour: String) -> String {
    let headline = TerminalText.singleLine(headline)
    let credit = TerminalText.singleLine(credit)
    var lines = headline.isEmpty ? [] : ["<i>\(PangoMarkup.escaped(headline))</i>"]
    lines.append("<b>\(PangoMarkup.escaped(TerminalText.singleLine(title)))</b>")
    if !credit.isEmpty { lines.append("<small>\(PangoMarkup.escaped(credit))</small>") }
    return "<span foreground=\"\(colour)\">\(lines.joined(separator: "\n"))</span>"
  }
}
