/// Percent-encoding (RFC 3986), both ways: the one place bytes become `%XX` and back.
///
/// What stays as it is depends on where the text goes, so the allowed set is a parameter:
/// a query value or a path segment keeps only the unreserved characters, a path keeps `/` too.
/// Escapes are upper-case hex (`%2F`), as RFC 3986 recommends.
package enum PercentEncoding {
  /// The bytes written as they are.
  package struct Kept: Sendable {
    let keepsSlash: Bool

    /// `A-Z a-z 0-9 - . _ ~`: safe as a query value or one path segment.
    package static let unreserved = Kept(keepsSlash: false)
    /// The unreserved characters and `/`: a whole path, so that `?`, `#` and `%` in a folder
    /// name stay part of it.
    package static let path = Kept(keepsSlash: true)

    func contains(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        return true
      case UInt8(ascii: "/"):
        return keepsSlash
      default:
        return false
      }
    }
  }

  /// What decoding does with an escape that is cut short or not hex, or with bytes that are not UTF-8.
  package enum Malformed: Sendable {
    /// Refuse the whole text: `decoded` returns nil (an id that must be exact).
    case refused
    /// Keep the `%` as it is and repair invalid UTF-8 (a path a desktop handed back).
    case kept
  }

  /// Every byte of the UTF-8 text outside `kept` as `%XX`.
  package static func encoded(_ text: String, keeping kept: Kept) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      if kept.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `%XX` escapes decoded; a malformed escape or invalid UTF-8 as `malformed` says.
  package static func decoded(_ text: Substring, malformed: Malformed) -> String? {
    var bytes: [UInt8] = []
    var input = Array(text.utf8)[...]
    while let byte = input.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      if input.count >= 2, let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) {
        bytes.append(value)
        input = input.dropFirst(2)
      } else if malformed == .kept {
        bytes.append(byte)
      } else {
        return nil
      }
    }
    switch malformed {
    case .refused: return String(validating: bytes, as: UTF8.self)
    case .kept: return String(decoding: bytes, as: UTF8.self)
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

/// `file://` URIs for local paths: the path percent-encoded but for its slashes.
package enum FileURI {
  static let scheme = "file://"

  /// `file://` and the absolute `path`, every byte outside `PercentEncoding.Kept.path` escaped.
  package static func make(_ path: String) -> String {
    scheme + PercentEncoding.encoded(path, keeping: .path)
  }

  /// The path of a `file://` URI, percent-decoded (a malformed escape kept); nil for anything else.
  package static func path(of uri: String) -> String? {
    guard uri.hasPrefix(scheme) else { return nil }
    return PercentEncoding.decoded(uri.dropFirst(scheme.count), malformed: .kept)
  }
}
