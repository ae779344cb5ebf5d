import BingWallImage
import BingWallSystem
import Glibc

/// `apply FILE` with something that is not a picture.
enum ApplyError: Error, CustomStringConvertible, HintedError {
  /// The file's first bytes are no image format a desktop reads.
  case notAnImage(path: String)
  /// It starts like a JPEG but is not a whole one.
  case damagedJPEG(path: String, why: String)
  /// A PNG that fails `PNGInspector`'s check: not whole, or too costly to decode.
  case refused(ImageCheckError)
  /// A GIF, WebP or BMP whose header declares no pixels, or more than any JPEG accepted.
  case tooLarge(path: String, width: Int, height: Int)

  var description: String {
    switch self {
    case .notAnImage(let path):
      return "\(path) is not a JPEG, PNG, GIF, WebP or BMP picture; nothing was changed"
    case .damagedJPEG(let path, let why):
      return "\(path) is not a whole JPEG picture (\(why)); nothing was changed"
    case .refused(let error):
      return "\(error.description); nothing was changed"
    case .tooLarge(let path, let width, let height):
      return
        "\(path) declares \(width)x\(height) pixels, none or more than \(JPEGInspector.maximumSide) on a "
        + "side, which the desktop would decode whole; nothing was changed"
    }
  }

  var hint: String? {
    switch self {
    case .tooLarge: return "save it smaller"
    case .refused(let error):
      switch error {
      case .pngTooCostlyToDecode, .unreadable: return error.hint
      // Without the store's advice to download it again: the file is the user's own.
      default: return nil
      }
    case .notAnImage, .damagedJPEG: return nil
    }
  }
}
