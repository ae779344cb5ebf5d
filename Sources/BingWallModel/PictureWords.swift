/// What a source says of a picture, in its own words: every field free text, shown as it is
/// (escaped for where it goes) and searched.
package struct PictureWords: Sendable, Equatable {
  package var title: String
  /// What the picture shows: "Lake Louise, Alberta, Canada".
  package var caption: String
  /// Who took it, and for whom: "Jane Doe/Getty Images".
  package var credit: String
  /// The line as the source wrote it: caption and credit together, "… (© Jane Doe/Getty Images)".
  package var copyright: String
  /// Where a browser reads more of the picture; empty when the source links nowhere.
  package var copyrightLink: String

  package init(title: String, caption: String, credit: String, copyright: String, copyrightLink: String) {
    self.title = title
    self.caption = caption
    self.credit = credit
    self.copyright = copyright
    self.copyrightLink = copyrightLink
  }
}

extension PictureWords {
  /// The longest title, caption, credit or copyright line kept, in characters: a few lines on a
  /// terminal; longer is a body misbehaving, not words to show.
  static let maximumLine = 500

  /// The words with each field cut to `maximumLine` characters, and the link to one URL's
  /// length.
  func bounded() -> PictureWords {
    func cut(_ text: String) -> String { String(text.prefix(Self.maximumLine)) }
    return PictureWords(
      title: cut(title), caption: cut(caption), credit: cut(credit), copyright: cut(copyright),
      copyrightLink: String(copyrightLink.prefix(4096)))
  }
}
