/// Text from the network made safe to print: no escape sequences, no line breaks inside a field.
public enum TerminalText {
  /// Control characters (C0, DEL, C1 — which carry terminal escape sequences) become spaces.
  public static func clean(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || value == 0x7f || (0x80...0x9f).contains(value) || value == 0x2028 || value == 0x2029
      {
        result.unicodeScalars.append(" ")
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Cuts `text` to `width` columns with an ellipsis. Counts characters, near enough for titles.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 1, text.count > width else { return text }
    return String(text.prefix(width - 1)) + "…"
  }
}
