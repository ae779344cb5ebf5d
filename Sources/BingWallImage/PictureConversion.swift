import BingWallSystem
import FoundationEssentials

/// A picture a source sent as PNG (APOD and Wikimedia do on some days) made into the JPEG the
/// history keeps, so that every command after `update` (doctor, export, import, the login
/// screen) reads one format.
///
/// Through the one bounded loader: `PictureInspector` passes the PNG whole (size, chunks,
/// decoded bitmap within its bounds) before libvips decodes it, and the JPEG is encoded at
/// quality 95, above what Bing serves, with no metadata.
package enum PictureConversion {
  /// The quality of the JPEG made: close to the PNG to the eye, a fraction of its size.
  static let quality = 95

  /// The format of the picture at `path` and its size, checked whole: a JPEG or a PNG, else
  /// the inspector's refusal.
  package static func inspect(fileAt path: String) throws(ImageCheckError) -> (
    isPNG: Bool, width: Int, height: Int
  ) {
    let info = try PictureInspector.inspect(fileAt: path)
    return (info.format == .png, info.width, info.height)
  }

  /// The picture at `path` (a JPEG or PNG) encoded as a JPEG of its size, lent to `body` with
  /// that size. Read top to bottom as it is encoded; the JPEG is held whole until `body` returns
  /// (a 9400² PNG, the largest the inspector passes, peaks near 160 MB: measured by the hostile
  /// suite). Scaling it down while reading costs more, not less, for a PNG.
  package static func withJPEG<T>(
    fromPictureAt path: String, _ body: (_ jpeg: Data, _ width: Int, _ height: Int) throws(ImageError) -> T
  ) throws(ImageError) -> T {
    let image = try Image.open(picture: path)
    return try image.withEncodedJPEG(quality: quality) { (data) throws(ImageError) in
      try body(data, image.width, image.height)
    }
  }
}
