/// The one string escaper: text as a quoted literal in the backslash syntax that TOML, JSON,
/// GVariant and JavaScript share, so that no text can end the literal early or break its line.
package enum EscapedLiteral {
  /// `text` between two `quote` characters: the quote, a backslash, the characters in
  /// `alsoEscaped`, `\n`, `\t` and `\r` get a backslash; every scalar `asHex` picks becomes
  /// `\uXXXX`; the rest stays as it is.
  package static func quoted(
    _ text: String, quote: Character, alsoEscaped: Set<Character> = [], uppercaseHex: Bool = false,
    asHex: (Unicode.Scalar) -> Bool
  ) -> String {
    var result = String(quote)
    for scalar in text.unicodeScalars {
      let character = Character(scalar)
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where character == quote || alsoEscaped.contains(character):
        result += "\\" + String(character)
      case _ where asHex(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: uppercaseHex)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + String(quote)
  }
}
