import BingWallStore
import BingWallSystem

/// The types a config key can have: the TOML subset bingwall reads.
package enum ConfigType: Sendable, Equatable {
  case string, integer, number, boolean, strings

  /// As an error message says it: "expected a string".
  package var phrase: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case .number: return "a number"
    case .boolean: return "a boolean (true or false)"
    case .strings: return "an array of strings"
    }
  }

  /// As `config keys` names it.
  package var name: String {
    switch self {
    case .string: return "string"
    case .integer: return "integer"
    case .number: return "number"
    case .boolean: return "true or false"
    case .strings: return "list of strings"
    }
  }

  /// Reads a value typed by a person, in the environment or `config set`.
  ///
  /// Arrays are comma-separated (`en-US,de-DE`); booleans also take yes/no, on/off, 1/0.
  package func parse(_ raw: String) -> ConfigValue? {
    switch self {
    case .string:
      return .string(raw)
    case .integer:
      return Int(raw.replacingEvery("_", with: "")).map(ConfigValue.integer)
    case .number:
      return Double(raw).flatMap { $0.isFinite ? ConfigValue.number($0) : nil }
    case .boolean:
      switch raw.lowercased() {
      case "true", "yes", "on", "1": return .boolean(true)
      case "false", "no", "off", "0": return .boolean(false)
      default: return nil
      }
    case .strings:
      let items = raw.split(separator: ",").map { $0.trimmingBlanks() }
      return .strings(items.filter { !$0.isEmpty })
    }
  }
}

/// One config value.
package enum ConfigValue: Sendable, Equatable {
  case string(String)
  case integer(Int)
  /// A TOML float: `0.7`.
  case number(Double)
  case boolean(Bool)
  case strings([String])

  var type: ConfigType {
    switch self {
    case .string: return .string
    case .integer: return .integer
    case .number: return .number
    case .boolean: return .boolean
    case .strings: return .strings
    }
  }

  /// As written into config.toml.
  package var tomlLiteral: String {
    switch self {
    case .string(let text): return Self.quoted(text)
    case .integer(let number): return String(number)
    case .number(let number): return Self.decimal(number)
    case .boolean(let flag): return flag ? "true" : "false"
    case .strings(let items): return "[" + items.map(Self.quoted).joined(separator: ", ") + "]"
    }
  }

  /// As `config get` prints it for scripts: no quotes, one array item per line.
  package var plain: String {
    switch self {
    case .string(let text): return text
    case .integer(let number): return String(number)
    case .number(let number): return Self.decimal(number)
    case .boolean(let flag): return flag ? "true" : "false"
    case .strings(let items): return items.joined(separator: "\n")
    }
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var integer: Int? {
    if case .integer(let number) = self { return number }
    return nil
  }

  /// A float, or an integer where a number is wanted (`lock_blur = 0`).
  var number: Double? {
    switch self {
    case .number(let number): return number
    case .integer(let number): return Double(number)
    default: return nil
    }
  }

  /// True when the value can be a key's of `type`: its own, or an integer for a number.
  func fits(_ type: ConfigType) -> Bool {
    self.type == type || (type == .number && self.type == .integer)
  }

  /// `0.7`, and a whole number with its `.0` so that it reads back as a float.
  static func decimal(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? "\(Int(number)).0" : "\(number)"
  }

  var boolean: Bool? {
    if case .boolean(let flag) = self { return flag }
    return nil
  }

  var strings: [String]? {
    if case .strings(let items) = self { return items }
    return nil
  }

  /// A TOML basic string: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    EscapedLiteral.quoted(text, quote: "\"", uppercaseHex: true) { $0.value < 0x20 || $0.value == 0x7f }
  }
}
