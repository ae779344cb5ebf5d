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
  /// Where a browser reads more of the picture; nil when the source links nowhere.
  package var copyrightLink: RemoteURL?

  package init(title: String, caption: String, credit: String, copyright: String, copyrightLink: RemoteURL?) {
    self.title = title
    self.caption = caption
    self.credit = credit
    self.copyright = copyright
    self.copyrightLink = copyrightLink
  }
}

extension PictureWords {
  /// The words as the history keeps them (`StoredText`): each field one clean line cut to
  /// `StoredText.lineLimit` characters; the link, a `RemoteURL`, is one line of one URL's length
  /// already. What an update stores and what an import stores are made by this one function.
  package func bounded() -> PictureWords {
    PictureWords(
      title: StoredText.line(title), caption: StoredText.line(caption), credit: StoredText.line(credit),
      copyright: StoredText.line(copyright), copyrightLink: copyrightLink)
  }
}
