import BingWallSystem
import FoundationEssentials
import Glibc

/// A picture bingwall can decode, as its inspector found it.
struct PictureInfo: Sendable, Equatable {
  /// The two formats decoded.
  enum Format: Sendable, Equatable {
    case jpeg
    case png
  }

  var format: Format
  var width: Int
  var height: Int
}

/// The one check every picture bingwall decodes passes first, whatever its format: picks the
/// inspector by the file's first bytes (`PictureFormat.sniff`), `JPEGInspector` for a JPEG and
/// `PNGInspector` for a PNG, and refuses anything else with one line naming what it is: an HTML
/// page, a GIF, TIFF, WebP, BMP or SVG file, or the first bytes of anything else.
enum PictureInspector {
  /// Checks the picture file at `path`.
  static func inspect(fileAt path: String) throws(ImageCheckError) -> PictureInfo {
    switch try format(fileAt: path) {
    case .jpeg:
      let info = try JPEGInspector.inspect(fileAt: path)
      return PictureInfo(format: .jpeg, width: info.width, height: info.height)
    default:
      let info = try PNGInspector.inspect(fileAt: path)
      return PictureInfo(format: .png, width: info.width, height: info.height)
    }
  }

  /// Checks a picture in memory; `path` is the name the errors use (a file or a URL).
  static func inspect(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageCheckError)
    -> PictureInfo
  {
    switch try format(of: Array(bytes.prefix(PictureFormat.sniffLength)), path: path) {
    case .jpeg:
      let info = try JPEGInspector.inspect(bytes, path: path)
      return PictureInfo(format: .jpeg, width: info.width, height: info.height)
    default:
      let info = try PNGInspector.inspect(bytes, path: path)
      return PictureInfo(format: .png, width: info.width, height: info.height)
    }
  }

  /// Checks the bytes of `data`; `path` is the name the errors use (a file or a URL).
  static func inspect(_ data: Data, path: String) throws(ImageCheckError) -> PictureInfo {
    try InspectedBytes.withBytes(of: data) { (bytes) throws(ImageCheckError) in try inspect(bytes, path: path)
    }
  }

  /// The format of the file at `path`, read from its first bytes: JPEG or PNG, else the refusal.
  private static func format(fileAt path: String) throws(ImageCheckError) -> PictureInfo.Format {
    let head = try InspectedBytes.withFile(at: path) { (descriptor, _) throws(ImageCheckError) in
      var head = [UInt8](repeating: 0, count: PictureFormat.sniffLength)
      let read = head.withUnsafeMutableBytes { raw in
        Result { () throws(Errno) in try Syscall.read(descriptor, into: raw, at: 0) }
      }
      switch read {
      case .success(let count): head.removeLast(head.count - count)
      case .failure(let error): throw .unreadable(path: path, errno: error.code)
      }
      return head
    }
    return try format(of: head, path: path)
  }

  /// JPEG or PNG from `head`, else the refusal: empty, cut short inside the magic, a web page,
  /// or another format.
  private static func format(of head: [UInt8], path: String) throws(ImageCheckError) -> PictureInfo.Format {
    if head.isEmpty { throw .empty(path: path) }
    let format = PictureFormat.sniff(head)
    switch format {
    case .jpeg: return .jpeg
    case .png: return .png
    case .html: throw .htmlPage(path: path)
    default:
      if PictureFormat.jpegMagic.starts(with: head) { throw .truncated(path: path) }
      if PictureFormat.pngSignature.starts(with: head) {
        throw .damagedPNG(path: path, damage: .truncated)
      }
      throw .unsupportedFormat(path: path, format: format)
    }
  }
}
