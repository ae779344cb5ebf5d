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
  func markup(colour: String) -> String {
    var lines = headline.isEmpty ? [] : ["<i>\(PangoMarkup.escaped(headline))</i>"]
    lines.append("<b>\(PangoMarkup.escaped(title))</b>")
    if !credit.isEmpty { lines.append("<small>\(PangoMarkup.escaped(credit))</small>") }
    return "<span foreground=\"\(colour)\">\(lines.joined(separator: "\n"))</span>"
  }
}
