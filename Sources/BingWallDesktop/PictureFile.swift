/// A picture a screen shows, as the desktop needs it: its file, the stored picture's key (for
/// what `status` shows), and its renditions.
package struct PictureFile: Sendable, Hashable {
  /// The picture's file.
  package var path: String
  /// The stored picture's key; nil for a file given by path.
  package var key: String?
  /// Bing's portrait file of the picture, when it has one: read for a screen taller than wide
  /// instead of cropping a sliver of the landscape picture.
  package var portrait: String?

  package init(path: String, key: String? = nil, portrait: String? = nil) {
    self.path = path
    self.key = key
    self.portrait = portrait
  }

  /// The file read for `output` instead of `path`: the picture's own rendition for its shape.
  func rendition(for output: Output) -> String? { output.isPortrait ? portrait : nil }
}
