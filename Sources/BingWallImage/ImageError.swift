import BingWallSystem
import FoundationEssentials

/// Failures of making a picture for a screen, each with the file it concerns and libvips's own
/// reason.
package enum ImageError: Error, Equatable, Sendable {
  /// libvips could not be opened or set up: not installed, too old, or its init failed.
  case libraryMissing(soname: String, package: String, reason: String)
  /// A libvips operation (`operation`, e.g. "crop") on the picture from `path` failed;
  /// `message` is libvips's error buffer, on one line.
  case operation(operation: String, path: String, message: String)
  /// The picture at `path` is larger than `limit` on a side: more than any picture the image
  /// folder accepts.
  case tooLarge(path: String, width: Int, height: Int, limit: Int)
  /// The made picture could not be written to its file.
  case write(FileError)
  /// The file fails the check every decode asks first (`Image.checkDecodable`): not a whole
  /// JPEG or PNG, or one whose decode would break the memory bound.
  case refused(ImageCheckError)
  /// The picture decoded, but libjpeg warned on the way (`warning`, its first): most often its
  /// data stops short, and the rows it lacks come out grey.
  case damaged(path: String, warning: String)
}

extension ImageError: DescribedError {
  package var description: String {
    switch self {
    case .libraryMissing(let soname, _, let reason):
      return "cannot load \(soname) (\(reason)); pictures are used as they are, with no crop and no variants"
    case .operation(let operation, let path, let message):
      return "cannot \(operation) \(path): \(message)"
    case .tooLarge(let path, let width, let height, let limit):
      return "\(path) is \(width)x\(height), larger than \(limit) on a side; refusing it"
    case .write(let error):
      return error.description
    case .refused(let error):
      return error.description
    case .damaged(let path, let warning):
      return "\(path) is damaged (\(warning)): parts of it would show grey"
    }
  }
}

extension ImageError: HintedError {
  package var hint: String? {
    switch self {
    case .libraryMissing(_, let package, _): return "install Debian's \(package) package"
    case .refused(let error):
      switch error {
      case .tooCostlyToDecode, .tooManyScans, .pngTooCostlyToDecode, .unreadable: return error.hint
      // Without the store's advice to download it again: the file may be the user's own.
      default: return nil
      }
    default: return nil
    }
  }
}
