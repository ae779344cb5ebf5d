/// Text from outside (Bing, a sidecar, a file name) made safe to show, on a terminal or drawn in
/// a caption: no escape sequences, no line breaks inside a field, nothing that reorders it.
///
/// One rule for every place that shows such text (`treatment`): C0, DEL and C1 controls (which
/// carry terminal escape sequences and line breaks) and the line and paragraph separators
/// U+2028/U+2029 become spaces; the bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
/// U+061C) are removed. Removed rather than isolated: an isolate (FSI…PDI around the field) would
/// still let an override inside it draw "WORD" as "DROW", and a title needs none of them to read
/// right — Arabic and Hebrew letters carry their own direction, which the bidi algorithm applies
/// without any control. Removed rather than made spaces: a mark inside a word must not split it.
package enum TerminalText {
  /// What becomes of one scalar of text from outside.
  enum Treatment {
    case keep
    case space
    case remove
  }

  static func treatment(of value: UInt32) -> Treatment {
    if isBidiControl(value) { return .remove }
    if value < 0x20 || value == 0x7f || (0x80...0x9f).contains(value) || value == 0x2028 || value == 0x2029 {
      return .space
    }
    return .keep
  }

  /// The text with `treatment` applied, scalar by scalar; its own spaces (a line's alignment,
  /// the gap between its parts) stay as they are.
  package static func clean(_ text: String) -> String {
    // Printable ASCII, most of what passes here, is returned as it is without a copy.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch treatment(of: scalar.value) {
      case .keep: result.unicodeScalars.append(scalar)
      case .space: result.unicodeScalars.append(" ")
      case .remove: break
      }
    }
    return result
  }

  /// One field of text from outside as one line, for a caption: `clean`, then every run of white
  /// space made one space and none at either end. A white-space character alone is kept as it is
  /// (a no-break space of French punctuation stays one); a run of them is one ASCII space.
  package static func singleLine(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var pendingBlank: Unicode.Scalar?
    var blankRun = 0
    for scalar in clean(text).unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingBlank = scalar
        blankRun += 1
        continue
      }
      if let blank = pendingBlank, !result.isEmpty { result.append(blankRun == 1 ? blank : " ") }
      pendingBlank = nil
      blankRun = 0
      result.append(scalar)
    }
    return String(result)
  }

  /// Characters that must never reach a terminal from the network.
  static func isUnsafe(_ value: UInt32) -> Bool {
    treatment(of: value) != .keep
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
}
