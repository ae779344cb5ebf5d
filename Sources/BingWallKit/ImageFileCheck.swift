import BingWallImage
import BingWallSystem
import Glibc

/// What `apply FILE` checks before a desktop gets the file.
enum ImageFileCheck {
  /// A readable regular file that starts like an image (JPEG, PNG, GIF, WebP, BMP), and a whole
  /// one when it is a JPEG or a PNG, whose decode keeps to the memory bound: a desktop handed a
  /// text file or half a picture shows a blank screen and says nothing.
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
    let head: [UInt8]
    do throws(Errno) {
      head = try Syscall.read(descriptor, upTo: PictureHeaderSize.headLength, at: 0)
    } catch {
      throw FileError.system(operation: "read", path: path, errno: error.code)
    }
    switch PictureFormat.sniff(head) {
    case .jpeg:
      try checkWholeJPEG(path)
    case .png:
      // Decoded by bingwall as a JPEG is, for the screens' pictures: the same check first.
      do {
        _ = try PNGInspector.inspect(fileAt: path)
      } catch {
        throw ApplyError.refused(error)
      }
    case .gif, .webp, .bmp:
      // bingwall decodes only JPEG and PNG (libvips's other loaders are blocked); the desktop
      // decodes the others whole, so their header's size gets the bound a JPEG's frame has.
      if let size = PictureHeaderSize.read(head), !PictureHeaderSize.isAccepted(size) {
        throw ApplyError.tooLarge(path: path, width: size.width, height: size.height)
      }
    case .html, .tiff, .svg, .other:
      throw ApplyError.notAnImage(path: path)
    }
  }

  /// A JPEG cut short or with a broken frame still starts right, and swaybg, xfdesktop and the
  /// rest then draw grey or their default while the tool says nothing: our download check reads
  /// it whole.
  private static func checkWholeJPEG(_ path: String) throws {
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

  /// Refuses a stored picture whose decode would break the memory bound (one stored before
  /// downloads and imports checked it), which the desktop would otherwise be handed whole. Other
  /// faults stay the crop's to find, which then sets the file as it is, with a warning.
  static func checkDecodeBound(_ path: String) throws {
    do {
      _ = try JPEGInspector.inspect(fileAt: path)
    } catch .tooCostlyToDecode(
      let path, let width, let height, let components, let progressive, let bytes, let limit)
    {
      throw ImageCheckError.tooCostlyToDecode(
        path: path, width: width, height: height, components: components, progressive: progressive,
        bytes: bytes,
        limit: limit)
    } catch .tooManyScans(let path, let limit) {
      throw ImageCheckError.tooManyScans(path: path, limit: limit)
    } catch {
      return
    }
  }
}
