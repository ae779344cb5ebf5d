/// Text made safe for an HTML page, in element content and in double-quoted attribute values.
///
/// Titles and captions come from the network: `<`, `>`, `&`, `"` and `'` become character
/// references, so no text can open a tag, end an attribute or start an entity; control characters
/// (other than tab and line feed), which HTML forbids, become spaces.
enum HTMLText {
  /// `text` escaped, as a new string.
  static func escaped(_ text: String) -> String {
    var result = ""
    append(text, to: &result)
    return result
  }

  /// Appends `text` escaped to `output`; text with nothing to escape (most of it) is copied whole.
  static func append(_ text: String, to output: inout String) {
    // Over the contiguous bytes when the string has them (native strings do): several times faster.
    let needed =
      text.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) }
      ?? text.utf8.contains(where: needsEscape)
    guard needed else {
      output += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case "\t", "\n": output.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: output += " "
      default: output.unicodeScalars.append(scalar)
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
