/// URLs the gallery page links to: our own files, and web links only when they are web links.
enum PageURL {
  /// `file://` and the absolute `path` with every byte outside `A–Z a–z 0–9 - . _ ~ /`
  /// percent-encoded, so a space, `#`, `?` or `%` in a folder name stays part of the path.
  static func file(_ path: String) -> String {
    var bytes: [UInt8] = Array("file://".utf8)
    bytes.reserveCapacity(path.utf8.count + 16)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// `link` when it is an absolute http or https URL without spaces or control characters, else nil:
  /// a `javascript:` or `data:` link from a history file never becomes something to click.
  static func web(_ link: String) -> String? {
    let bytes = Array(link.utf8.prefix(8)).map { $0 | 0x20 }  // ASCII letters to lower case
    let isWeb = bytes.starts(with: "https://".utf8) || bytes.starts(with: "http://".utf8)
    guard isWeb, link.utf8.count > 8 else { return nil }
    guard !link.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
    return link
  }
}
