/// A stored picture made for one screen, the one door the use cases have into this target.
package enum ScreenPicture {
  /// How the picture meets a screen of another shape.
  package enum Fit: String, Sendable {
    /// Cut to the screen's shape around what draws the eye, then resized: `fill`.
    case crop
    /// Resized whole onto bars of its edges' colour: `fit`.
    case letterbox
  }

  /// Makes the picture at `source` exactly `width`x`height` and saves it, atomically, at `path`.
  package static func make(
    from source: String, width: Int, height: Int, fit: Fit, to path: String
  ) throws(ImageError) {
    let size = PixelSize(width: width, height: height)
    let image =
      switch fit {
      case .crop: try Image.cropped(from: source, to: size)
      case .letterbox: try Image.letterboxed(from: source, to: size)
      }
    try image.saveJPEG(to: path)
  }
}
