import BingWallDesktop
import BingWallSchedule
import BingWallStore

/// Reads TOML-subset tokens from config lines, byte by byte; arrays may continue on later lines.
struct LineScanner {
  let lines: [String]
  let path: String
  private(set) var line: Int
  private(set) var offset = 0
  private var bytes: [UInt8]

  init(lines: [String], line: Int, path: String) {
    self.lines = lines
    self.path = path
    self.line = line
    bytes = Array(lines[line].utf8)
  }

  var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// Only spaces, a comment or a stray carriage return remain on this line.
  var atEndOfContent: Bool {
    guard let byte = peek else { return true }
    return byte == UInt8(ascii: "#") || (byte == 13 && offset == bytes.count - 1)
  }

  mutating func skipSpaces() {
    while let byte = peek, byte == 32 || byte == 9 { offset += 1 }
  }

  mutating func consume(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    offset += 1
    return true
  }

  func error(_ message: String) -> ConfigError {
    ConfigError.syntax(path: path, line: line + 1, message: message)
  }

  mutating func expectEndOfLine() throws(ConfigError) {
    skipSpaces()
    guard atEndOfContent else { throw error("unexpected text after the value") }
  }

  /// `[name]`; `[[name]]` (arrays of tables) is outside the subset.
  mutating func tableHeader() throws(ConfigError) -> String {
    _ = consume(UInt8(ascii: "["))
    if peek == UInt8(ascii: "[") { throw error("arrays of tables ([[…]]) are not supported") }
    skipSpaces()
    let name = bareWord()
    skipSpaces()
    guard !name.isEmpty, consume(UInt8(ascii: "]")) else {
      throw error("expected a table name such as [daemon]")
    }
    return name
  }

  /// A bare or dotted key: `resolution`, `daemon.rotate`.
  mutating func key() throws(ConfigError) -> [String] {
    var parts: [String] = []
    repeat {
      skipSpaces()
      let part = bareWord()
      if part.isEmpty {
        throw error(parts.isEmpty ? "expected a key, a [table] or a comment" : "expected a key after '.'")
      }
      parts.append(part)
      skipSpaces()
    } while consume(UInt8(ascii: "."))
    return parts
  }

  private mutating func bareWord() -> String {
    let start = offset
    while let byte = peek,
      (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    {
      offset += 1
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  mutating func value(key: String) throws(ConfigError) -> ConfigValue {
    guard let byte = peek, !atEndOfContent else { throw error("'\(key)': expected a value after '='") }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return .string(try string())
    case UInt8(ascii: "["):
      return .strings(try array(key: key))
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      let word = bareWord()
      if word == "true" { return .boolean(true) }
      if word == "false" { return .boolean(false) }
      throw error("'\(key)': expected a value; strings need quotes")
    default:
      return try number(key: key)
    }
  }

  /// An integer (`30`, `1_000`), or a float with a fraction (`0.7`); no exponents, no `inf`.
  private mutating func number(key: String) throws(ConfigError) -> ConfigValue {
    let start = offset
    if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
    while let byte = peek, (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_") { offset += 1 }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if peek == UInt8(ascii: "."), !text.isEmpty {
      offset += 1
      let fractionStart = offset
      while let byte = peek, byte >= 0x30 && byte <= 0x39 { offset += 1 }
      let fraction = String(decoding: bytes[fractionStart..<offset], as: UTF8.self)
      try checkEnd(key: key)
      guard !fraction.isEmpty, !text.contains("_"), let number = Double(text + "." + fraction) else {
        throw error("'\(key)': expected a number such as 0.7")
      }
      return .number(number)
    }
    try checkEnd(key: key)
    guard !text.hasPrefix("_"), !text.hasSuffix("_"), !text.contains("__"),
      let number = Int(text.replacingEvery("_", with: ""))
    else {
      throw error("'\(key)': expected a value; strings need quotes")
    }
    return .integer(number)
  }

  /// Throws unless the value ends here: a blank, a comment or the line's end follows.
  private mutating func checkEnd(key: String) throws(ConfigError) {
    if let next = peek, next != 32, next != 9, next != UInt8(ascii: "#"), next != 13 {
      // `rotate = 30m`: the user meant a string.
      throw error("'\(key)': expected a value; strings need quotes")
    }
  }

  /// A basic string with TOML escapes, or a literal string taken as is. No multi-line forms.
  mutating func string() throws(ConfigError) -> String {
    let quote = bytes[offset]
    offset += 1
    if peek == quote, offset + 1 < bytes.count, bytes[offset + 1] == quote {
      throw error("multi-line strings are not supported")
    }
    var result: [UInt8] = []
    while let byte = peek {
      offset += 1
      if byte == quote { return String(decoding: result, as: UTF8.self) }
      if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
        result.append(contentsOf: try escape())
      } else {
        result.append(byte)
      }
    }
    throw error("unterminated string")
  }

  private mutating func escape() throws(ConfigError) -> [UInt8] {
    guard let byte = peek else { throw error("unterminated string") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return [byte]
    case UInt8(ascii: "\\"): return [byte]
    case UInt8(ascii: "n"): return [10]
    case UInt8(ascii: "t"): return [9]
    case UInt8(ascii: "r"): return [13]
    case UInt8(ascii: "b"): return [8]
    case UInt8(ascii: "f"): return [12]
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let count = byte == UInt8(ascii: "u") ? 4 : 8
      guard offset + count <= bytes.count,
        let code = UInt32(String(decoding: bytes[offset..<offset + count], as: UTF8.self), radix: 16),
        let scalar = Unicode.Scalar(code)
      else { throw error("invalid \\\(Character(Unicode.Scalar(byte))) escape") }
      offset += count
      return Array(String(Character(scalar)).utf8)
    default:
      throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
    }
  }

  /// `["a", "b"]`, possibly across lines, with comments and a trailing comma allowed.
  mutating func array(key: String) throws(ConfigError) -> [String] {
    _ = consume(UInt8(ascii: "["))
    var items: [String] = []
    var expectingItem = true
    while true {
      skipSpaces()
      if atEndOfContent {
        guard line + 1 < lines.count else { throw error("'\(key)': unterminated array") }
        line += 1
        bytes = Array(lines[line].utf8)
        offset = 0
        continue
      }
      if consume(UInt8(ascii: "]")) { return items }
      if !expectingItem {
        guard consume(UInt8(ascii: ",")) else { throw error("'\(key)': expected ',' or ']' in the array") }
        expectingItem = true
        continue
      }
      guard peek == UInt8(ascii: "\"") || peek == UInt8(ascii: "'") else {
        throw error("'\(key)': expected an array of strings")
      }
      items.append(try string())
      expectingItem = false
    }
  }
}
