/// JSON for `--json` output, written by us so keys keep the documented order.
package indirect enum JSONOutput: Sendable, Equatable {
  case string(String)
  case integer(Int64)
  /// A number with a fraction (a screen's scale, 1.25), written with at most 3 decimals.
  case decimal(Double)
  case bool(Bool)
  case null
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  package static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered() == rhs.rendered() }

  package static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

  /// Two-space indented, one key per line, ending without a newline.
  package func rendered(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent)
    let inner = String(repeating: "  ", count: indent + 1)
    switch self {
    case .string(let text): return Self.quote(text)
    case .integer(let number): return String(number)
    case .decimal(let number):
      var text = number.isFinite ? number.fixed(decimals: 3) : "null"
      while text.contains("."), text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let items):
      if items.isEmpty { return "[]" }
      return "[\n" + items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n")
        + "\n\(pad)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let body = members.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
      return "{\n" + body.joined(separator: ",\n") + "\n\(pad)}"
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped; the rest as UTF-8.
  static func quote(_ text: String) -> String {
    EscapedLiteral.quoted(text, quote: "\"") { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 }
  }
}
