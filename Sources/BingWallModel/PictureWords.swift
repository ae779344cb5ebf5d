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
  /// The words as the history keeps them (`StoredText`): each field one clean line cut to
  /// `StoredText.lineLimit` characters, and the link to one URL's length. What an update stores and what
  /// an import stores are made by this one function.
  package func bounded() -> PictureWords {
    PictureWords(
      title: StoredText.line(title), caption: StoredText.line(caption), credit: StoredText.line(credit),
      copyright: StoredText.line(copyright), copyrightLink: StoredText.link(copyrightLink))
  }
}
