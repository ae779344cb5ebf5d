/// URLs the gallery page links to: our own files, and web links only when they are web links.
enum PageURL {
  /// `file://` and the absolute `path` with every byte outside `A–Z a–z 0–9 - . _ ~ /`
  /// percent-encoded, so a space, `#`, `?` or `%` in a folder name stays part of the path.
  static func file(_ path: String) -> String {
    var result = "file://"
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
      }
    }
    return result
  }

  private static let hexDigits = "0123456789ABCDEF".map(String.init)

  /// `link` when it is an absolute http or https URL without spaces or control characters, else nil:
  /// a `javascript:` or `data:` link from a history file never becomes something to click.
  static func web(_ link: String) -> String? {
    let lowered = link.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), link.count > 8 else { return nil }
    guard !link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else { return nil }
    return link
  }
}
