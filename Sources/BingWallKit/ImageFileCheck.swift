import BingWallStore
import BingWallSystem
import Glibc

/// What `apply FILE` checks before a desktop gets the file.
enum ImageFileCheck {
  /// A readable regular file that starts like an image (JPEG, PNG, GIF, WebP, BMP), and a whole one
  /// when it is a JPEG: a desktop handed a text file or half a picture shows a blank screen and says
  /// nothing.
  static func check(_ path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw FileError.system(operation: "read", path: path, errno: errno)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw FileError.system(operation: "use as a picture", path: path, errno: EISDIR)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError.system(operation: "read", path: path, errno: errno) }
    defer { close(descriptor) }
    var head = [UInt8](repeating: 0, count: 12)
    let count = read(descriptor, &head, head.count)
    head = Array(head.prefix(max(0, count)))
    let isImage =
      head.starts(with: [0xFF, 0xD8, 0xFF]) || head.starts(with: [0x89, 0x50, 0x4E, 0x47])
      || head.starts(with: Array("GIF8".utf8)) || head.starts(with: Array("BM".utf8))
      || (head.starts(with: Array("RIFF".utf8)) && head.count >= 12
        && Array(head[8..<12]) == Array("WEBP".utf8))
    guard isImage else { throw ApplyError.notAnImage(path: path) }
    // A JPEG cut short or with a broken frame still starts right, and swaybg, xfdesktop and the rest
    // then draw grey or their default while the tool says nothing: our download check reads it whole.
    guard head.starts(with: [0xFF, 0xD8, 0xFF]) else { return }
    do {
      _ = try JPEGInspector.inspect(fileAt: path)
    } catch .truncated {
      throw ApplyError.damagedJPEG(path: path, why: "it ends before its end marker")
    } catch .corrupt(_, let offset) {
      throw ApplyError.damagedJPEG(path: path, why: "its structure breaks at byte \(offset)")
    } catch .noDimensions, .invalidDimensions {
      throw ApplyError.damagedJPEG(path: path, why: "it has no usable picture size")
    } catch {
      throw error
    }
  }
}

/// `apply FILE` with something that is not a picture.
enum ApplyError: Error, CustomStringConvertible {
  /// The file's first bytes are no image format a desktop reads.
  case notAnImage(path: String)
  /// It starts like a JPEG but is not a whole one.
  case damagedJPEG(path: String, why: String)

  var description: String {
    switch self {
    case .notAnImage(let path):
      return "\(path) is not a JPEG, PNG, GIF, WebP or BMP picture; nothing was changed"
    case .damagedJPEG(let path, let why):
      return "\(path) is not a whole JPEG picture (\(why)); nothing was changed"
    }
  }
}
