/// The one rule for the text of a key that comes from outside: a source's own id (Wikimedia's
/// `File:` title, Spotlight's `entityId`) or a key in an imported export.
///
/// A key is typed on a command line, completed by the shells and pasted, so it is made of bytes
/// that no shell reads as anything but themselves: ASCII letters and digits and `. _ , : + @ % -`.
/// Every other byte of its UTF-8 is written `%XX`, as a URL writes it, so
/// `File:Messier_24_(infrared).jpg` is kept as `File:Messier_24_%28infrared%29.jpg`, the way
/// Commons' own file URLs spell it, and `File:$(touch x).jpg` as `File:%24%28touch%20x%29.jpg`.
/// A leading `-` is escaped too, so that a key is never read as an option. `%` itself is kept:
/// escaping is idempotent, so a key escaped already (an export of this version) comes back as it
/// is. Bing's keys (`OHR.` and `[A-Za-z0-9._-]`) and APOD's dates are inside the set already.
package enum SourceKey {
  /// The longest key kept, in bytes once escaped: what the history stores and its readers accept.
  package static let longest = 1024

  /// Whether `text` makes a key of at most `longest` bytes once escaped (each byte outside the set
  /// takes three).
  package static func fits(_ text: String) -> Bool {
    escaped(text).utf8.count <= longest
  }

  /// The key `text` is kept as.
  package static func escaped(_ text: String) -> String {
    guard !isSafe(text) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for (offset, byte) in text.utf8.enumerated() {
      if isSafe(byte) && !(offset == 0 && byte == UInt8(ascii: "-")) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "%" + hex(byte >> 4) + hex(byte & 0x0F)
      }
    }
    return result
  }

  /// Whether `text` is a key as `escaped` writes it: only bytes of the set, no leading `-`.
  static func isSafe(_ text: String) -> Bool {
    text.utf8.allSatisfy(isSafe) && text.utf8.first != UInt8(ascii: "-")
  }

  /// Whether `byte` stands for itself in a key.
  static func isSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("._,:+@%-".utf8).contains(byte)
    }
  }

  private static func hex(_ nibble: UInt8) -> String {
    String(UnicodeScalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10))
  }
}
