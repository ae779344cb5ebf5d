import BingWallSystem
import FoundationEssentials
import Glibc

/// Why a downloaded or stored file is not a picture we can keep, one case per way it goes wrong.
///
/// Servers answer 200 with web pages, placeholders and cut-short bodies; each of these must be
/// refused with a message that tells the user what happened to which file.
package enum ImageCheckError: Error, Equatable, Sendable {
  /// The file has no bytes at all: the transfer delivered nothing.
  case empty(path: String)
  /// The file could not be opened or read; `errno` says why.
  case unreadable(path: String, errno: Int32)
  /// The file is a web page: the server answered with HTML (often "Object moved") instead of a picture.
  case htmlPage(path: String)
  /// The file does not start with the JPEG magic `FF D8 FF`; `firstBytes` shows what it starts with.
  case notJPEG(path: String, firstBytes: String)
  /// The file ends before its end-of-image marker, or a segment runs past its end: a cut-short body.
  case truncated(path: String)
  /// A marker is missing where one must be, or a segment has an impossible length, at byte `offset`.
  case corrupt(path: String, offset: Int)
  /// The picture data starts (or the file ends) before any frame header said how large the picture is.
  case noDimensions(path: String)
  /// The frame header declares a width or height of zero, which no wallpaper can use.
  case invalidDimensions(path: String, width: Int, height: Int)
  /// The frame header declares a size no real picture of `bytes` bytes has (a side over 16384,
  /// or more pixels than the data could hold): a forged or damaged header.
  case implausibleDimensions(path: String, width: Int, height: Int, bytes: Int)
  /// Decoding it would hold `bytes` of memory, more than `limit`: a progressive (or otherwise
  /// buffered) picture this large, which libjpeg decodes only whole (`JPEGFrame`).
  case tooCostlyToDecode(
    path: String, width: Int, height: Int, components: Int, progressive: Bool, bytes: Int, limit: Int)
  /// A progressive picture in more than `limit` scans, each of which a decoder runs over the
  /// whole picture again: a forged file.
  case tooManyScans(path: String, limit: Int)
  /// The file is a PNG that is not whole or not well formed; `damage` says how (`PNGInspector`).
  case damagedPNG(path: String, damage: PNGDamage)
  /// The PNG's pixels would take `bytes` as a bitmap, more than `limit`: the whole picture when
  /// `interlaced` (a decoder holds an interlaced picture whole), else any picture this large.
  case pngTooCostlyToDecode(path: String, width: Int, height: Int, bytes: Int, limit: Int, interlaced: Bool)
  /// The file is a picture (or a document) in a format bingwall does not read: only JPEG and PNG
  /// pictures are decoded.
  case unsupportedFormat(path: String, format: PictureFormat)
  /// A whole JPEG that is not the plain one root copies without decoding (`PlainJPEG`); `fault`
  /// says how.
  case notPlain(path: String, fault: PlainJPEGFault)
}

/// How a JPEG falls short of `PlainJPEG`.
package enum PlainJPEGFault: Sendable, Equatable {
  /// Its frame is not baseline (SOF0): progressive, extended, lossless or arithmetic-coded, or
  /// its components come in separate scans.
  case notBaseline
  /// Its frame header declares more than `limit` pixels on a side.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// Its one scan is followed by another segment (a second scan, a table, a comment) before
  /// its end.
  case segmentAfterScan(offset: Int)
  /// `count` bytes follow its end-of-image marker.
  case bytesAfterEnd(count: Int)

  /// What is wrong, in words that follow the file's name.
  var reason: String {
    switch self {
    case .notBaseline:
      return "is not a baseline JPEG (it is progressive, or its colours come in separate scans)"
    case .tooLarge(let width, let height, let limit):
      return "declares \(width)x\(height) pixels, more than \(limit) on a side"
    case .segmentAfterScan(let offset):
      return "has more than its one scan: a segment follows it at byte \(offset)"
    case .bytesAfterEnd(let count):
      return "has \(count) bytes after its end-of-image marker"
    }
  }
}

extension ImageCheckError: DescribedError, HintedError {
  package var description: String {
    switch self {
    case .unreadable(let path, let errno):
      return "cannot read \(path): \(String(cString: strerror(errno)))"
    default:
      return "\(path) \(reason)"
    }
  }

  /// The fix for a stored picture; a caller showing the user's own file drops it
  /// (`ImageError.refused`).
  package var hint: String? {
    switch self {
    case .unreadable: return "check that it exists and is readable"
    case .tooCostlyToDecode, .tooManyScans: return "save it again as a baseline JPEG, or smaller"
    case .pngTooCostlyToDecode: return "save it again smaller, or as a JPEG"
    default: return "delete it and download it again later"
    }
  }

  /// The file the check was about.
  package var path: String {
    switch self {
    case .empty(let path), .unreadable(let path, _), .htmlPage(let path), .notJPEG(let path, _),
      .truncated(let path), .corrupt(let path, _), .noDimensions(let path),
      .invalidDimensions(let path, _, _), .implausibleDimensions(let path, _, _, _),
      .tooCostlyToDecode(let path, _, _, _, _, _, _), .tooManyScans(let path, _), .damagedPNG(let path, _),
      .pngTooCostlyToDecode(let path, _, _, _, _, _), .unsupportedFormat(let path, _),
      .notPlain(let path, _):
      return path
    }
  }

  /// What is wrong, without the file's name or advice: `is cut short: …`. A download's message
  /// uses it alone, since its file has no name yet and nothing was stored to delete.
  package var reason: String {
    switch self {
    case .empty:
      return "is empty: the download delivered no bytes"
    case .unreadable(_, let errno):
      return "cannot be read: \(String(cString: strerror(errno)))"
    case .htmlPage:
      return "is not a picture: the server sent an HTML page instead (a redirect or an error page)"
    case .notJPEG(_, let firstBytes):
      let kind = Self.formatName(firstBytes: firstBytes).map { ", \($0)" } ?? ""
      return "is not a JPEG picture: it starts with \(firstBytes)\(kind) instead of FF D8 FF"
    case .truncated:
      return "is cut short: it ends before the JPEG end marker, so the download was interrupted"
    case .corrupt(_, let offset):
      return "is a damaged JPEG: its structure breaks at byte \(offset)"
    case .noDimensions:
      return "is not a usable JPEG: no frame header gives its width and height"
    case .invalidDimensions(_, let width, let height):
      return "is not a usable JPEG: its frame header declares \(width)x\(height) pixels"
    case .implausibleDimensions(_, let width, let height, let bytes):
      return
        "is not a usable JPEG: its frame header declares \(width)x\(height) pixels, which no "
        + "picture of \(bytes) bytes has (a forged or damaged header)"
    case .tooCostlyToDecode(_, let width, let height, let components, let progressive, let bytes, let limit):
      let kind = progressive ? "a progressive JPEG" : "a JPEG in separate scans"
      let colours = components == 1 ? "1 component" : "\(components) components"
      return
        "is \(kind) of \(width)x\(height) pixels in \(colours), which would need "
        + "\(HumanUnits.describe(bytes: Int64(bytes))) of memory to decode "
        + "(the limit is \(HumanUnits.describe(bytes: Int64(limit))))"
    case .tooManyScans(_, let limit):
      return
        "is a progressive JPEG in more than \(limit) scans, each of which decodes the whole picture again"
    case .damagedPNG(_, let damage):
      return damage.reason
    case .pngTooCostlyToDecode(_, let width, let height, let bytes, let limit, let interlaced):
      let kind = interlaced ? "an interlaced PNG, which is decoded whole," : "a PNG"
      return
        "is \(kind) of \(width)x\(height) pixels, which would take "
        + "\(HumanUnits.describe(bytes: Int64(bytes))) of memory as a bitmap "
        + "(the limit is \(HumanUnits.describe(bytes: Int64(limit))))"
    case .unsupportedFormat(_, let format):
      return format.refusal
    case .notPlain(_, let fault):
      return fault.reason
    }
  }

  /// Names the formats a server is known to send in a picture's place, from the hint `notJPEG` stores.
  private static func formatName(firstBytes: String) -> String? {
    switch firstBytes {
    case "89 50 4E 47": return "a PNG picture"
    case "\"GIF8\"": return "a GIF picture"
    case "\"RIFF\"": return "probably a WebP picture"
    case "\"null\"": return "a JSON null"
    default: return firstBytes.hasPrefix("\"{") || firstBytes.hasPrefix("\"[") ? "probably JSON" : nil
    }
  }
}
