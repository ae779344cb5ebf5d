/// What a caption says: a picture's title, and its credit on a smaller second line.
package struct Caption: Sendable, Equatable {
  package let title: String
  package let credit: String

  package init(title: String, credit: String) {
    self.title = title
    self.credit = credit
  }

  /// The Pango markup of the caption in `colour` (a Pango colour: `white`, `#000000`), the title
  /// bold; the credit's line only when there is a credit.
  func markup(colour: String) -> String {
    var lines = ["<b>\(PangoMarkup.escaped(title))</b>"]
    if !credit.isEmpty { lines.append("<small>\(PangoMarkup.escaped(credit))</small>") }
    return "<span foreground=\"\(colour)\">\(lines.joined(separator: "\n"))</span>"
  }
}
