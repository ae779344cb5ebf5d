/// One JSON value exactly as the body spelled it, so that a boolean never passes for a number.
///
/// Foundation's `JSONSerialization` hands back `NSNumber` for both `true` and `1`, which would
/// let `"wp": 1` or `"urlbase": true` through; this keeps the six JSON types apart so that the
/// archive decoder can say precisely which field had which wrong type.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The type in words, for messages such as "urlbase is a number, not a string".
  package var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "a list"
    case .object: return "an object"
    }
  }

  /// The text of a string value; nil for every other type.
  package var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A number with no fraction that fits an `Int`; nil for anything else (`1.5`, `"1"`, `true`).
  package var intValue: Int? {
    guard case .number(let value) = self, value.rounded() == value, abs(value) < 1e15 else { return nil }
    return Int(value)
  }

  /// The value of a number; nil for every other type.
  package var doubleValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }
}
