/// A picture's identity across sources: where it comes from and that source's own id for it
/// (Bing's key, `OHR.LanternFestival`). Two sources may well use the same text for different
/// pictures; the pair never collides.
package struct PictureID: Hashable, Sendable, CustomStringConvertible {
  package var source: Source
  /// The source's own id: for Bing, the key its image URLs share across markets and sizes.
  package var key: String

  package init(source: Source, key: String) {
    self.source = source
    self.key = key
  }

  /// A Bing picture by its key.
  package static func bing(_ key: String) -> PictureID { PictureID(source: .bing, key: key) }

  /// The source's id alone: what the history, the file names and the user see today.
  package var description: String { key }
}
