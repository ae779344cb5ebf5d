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
}

extension ImageCheckError: CustomStringConvertible, LocalizedError {
  package var description: String {
    let advice = "delete it and download it again later"
    switch self {
    case .empty(let path):
      return "\(path) is empty: the download delivered no bytes; \(advice)"
    case .unreadable(let path, let errno):
      return "cannot read \(path): \(String(cString: strerror(errno))); check that it exists and is readable"
    case .htmlPage(let path):
      return "\(path) is not a picture: the server sent an HTML page instead (a redirect or an error page); "
        + advice
    case .notJPEG(let path, let firstBytes):
      let kind = Self.formatName(firstBytes: firstBytes).map { ", \($0)" } ?? ""
      return
        "\(path) is not a JPEG picture: it starts with \(firstBytes)\(kind) instead of FF D8 FF; \(advice)"
    case .truncated(let path):
      return "\(path) is cut short: it ends before the JPEG end marker, so the download was interrupted; "
        + advice
    case .corrupt(let path, let offset):
      return "\(path) is a damaged JPEG: its structure breaks at byte \(offset); \(advice)"
    case .noDimensions(let path):
      return "\(path) is not a usable JPEG: no frame header gives its width and height; \(advice)"
    case .invalidDimensions(let path, let width, let height):
      return "\(path) is not a usable JPEG: its frame header declares \(width)x\(height) pixels; \(advice)"
    }
  }

  package var errorDescription: String? { description }

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
