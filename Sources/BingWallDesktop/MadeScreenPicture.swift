/// What one screen shows after an apply: the file its desktop was given (made for it, or the
/// canvas made for them all) and the picture that file was made from.
package struct MadeScreenPicture: Sendable, Equatable {
  /// The file the screen was given.
  package var file: String
  /// The picture `file` was made from: the one set, or the screen's own under `different` or
  /// `pin`.
  package var source: PictureFile
}
