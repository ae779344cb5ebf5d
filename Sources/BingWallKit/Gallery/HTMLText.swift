/// Text made safe for an HTML page, in element content and in double-quoted attribute values.
///
/// Titles and captions come from the network: `<`, `>`, `&`, `"` and `'` become character
/// references, so no text can open a tag, end an attribute or start an entity; control characters
/// (other than tab and line feed), which HTML forbids, become spaces. Every one of these is a
/// single ASCII byte, never part of a longer UTF-8 sequence, so the work is done on bytes.
enum HTMLText {
  /// `text` escaped, as a new string.
  static func escaped(_ text: String) -> String {
    var bytes: [UInt8] = []
    append(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` escaped, as UTF-8, to `output`; text with nothing to escape (most of it) is
  /// copied whole.
  static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      guard bytes.contains(where: needsEscape) else {
        output.append(contentsOf: bytes)
        return
      }
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): output.append(byte)
        case 0..<0x20, 0x7F: output.append(UInt8(ascii: " "))
        default: output.append(byte)
        }
      }
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
      return true
    default:
      return byte < 0x20 || byte == 0x7F
    }
  }
}
