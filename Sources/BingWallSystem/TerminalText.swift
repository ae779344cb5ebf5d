/// Text from the network made safe to print: no escape sequences, no line breaks inside a field.
package enum TerminalText {
  /// Control characters (C0, DEL, C1 — which carry terminal escape sequences) and the bidi
  /// controls (which can make text read backwards) become spaces.
  package static func clean(_ text: String) -> String {
    // Printable ASCII, most of what passes here, is returned as it is without a copy.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if isUnsafe(value) {
        result.unicodeScalars.append(" ")
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Characters that must never reach a terminal from the network.
  static func isUnsafe(_ value: UInt32) -> Bool {
    value < 0x20 || value == 0x7f || (0x80...0x9f).contains(value) || value == 0x2028 || value == 0x2029
      || isBidiControl(value)
  }

  /// `text` cleaned, cut to `limit` characters and quoted, for a piece of a server's answer
  /// inside an error message.
  package static func quoted(_ text: String, limit: Int = 80) -> String {
    var printable = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        printable += "…"
        break
      }
      printable.unicodeScalars.append(isUnsafe(scalar.value) ? "?" : scalar)
      count += 1
    }
    return "'\(printable)'"
  }

  static func isBidiControl(_ value: UInt32) -> Bool {
    value == 0x061c || value == 0x200e || value == 0x200f || (0x202a...0x202e).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// Cuts `text` to `width` columns with an ellipsis. Counts characters, near enough for titles.
  package static func truncate(_ text: String, to width: Int) -> String {
    guard width > 1, text.count > width else { return text }
    return String(text.prefix(width - 1)) + "…"
  }
}
