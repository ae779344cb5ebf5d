/// A strict RFC 8259 reader, with errors that give the byte offset: Bing's archive body, export
/// documents, and what desktop tools such as `swaymsg -t get_outputs` print.
///
/// Hand-written rather than Foundation's, for two reasons: `JSONSerialization` accepts trailing
/// commas and merges booleans into numbers, and its errors ("The data is not in the correct
/// format") cannot tell a body cut short from a body that is not JSON at all. Every text it
/// reads is bounded by its reader (a response, a file, a tool's output) and read once, whole, in
/// time linear in its size; a `WorkLimit` bounds that time too: past it the reader stops and
/// throws.
package struct JSONParser {
  /// Why the text is not JSON, and where.
  ///
  /// `ArchiveResponse.decode` turns it into `BingError.invalidJSON` at once, adding the market
  /// and URL that this parser does not know; `import` reads export documents with it too.
  package typealias SyntaxError = TextSyntaxError

  /// Nesting deeper than this is refused: a hostile body of `[[[[…` must not overflow the stack.
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var position = 0
  private var limit: WorkLimit

  /// Parses `bytes` as one JSON value with nothing but whitespace after it; stops with an error
  /// whose `overTime` is set once `limit` has passed.
  package static func parse(_ bytes: [UInt8], limit: WorkLimit = .none) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, limit: limit)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  private init(bytes: [UInt8], limit: WorkLimit) {
    self.bytes = bytes
    self.limit = limit
  }

  private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
    try step()
    guard let byte = peek() else { throw truncated() }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected \(Self.describe(byte))")
    }
  }

  private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
    position += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return .object(members) }
    while true {
      skipWhitespace()
      guard let byte = peek() else { throw truncated() }
      guard byte == UInt8(ascii: "\"") else {
        throw error("expected a member name, found \(Self.describe(byte))")
      }
      let name = try parseString()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "expected ':' after a member name")
      skipWhitespace()
      // A repeated name keeps the last value, as most readers do.
      members[name] = try parseValue(depth: depth)
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return .object(members) }
      try expect(UInt8(ascii: ","), "expected ',' or '}' in an object")
    }
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return .array(elements) }
      try expect(UInt8(ascii: ","), "expected ',' or ']' in a list")
    }
  }

  /// Reads a string from its opening quote. The whole body was checked to be UTF-8 before
  /// parsing, and a run between escapes ends only at an ASCII byte, so each run is valid.
  private mutating func parseString() throws(SyntaxError) -> String {
    position += 1
    var text = ""
    var runStart = position
    while true {
      guard let byte = peek() else { throw truncated() }
      switch byte {
      case UInt8(ascii: "\""):
        text += String(decoding: bytes[runStart..<position], as: UTF8.self)
        position += 1
        return text
      case UInt8(ascii: "\\"):
        try step()
        text += String(decoding: bytes[runStart..<position], as: UTF8.self)
        position += 1
        text.unicodeScalars.append(try parseEscape())
        runStart = position
      case 0..<0x20:
        throw error("unescaped control character in a string")
      default:
        position += 1
      }
    }
  }

  /// U+FFFD, what a lone surrogate reads as.
  static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Reads what follows a backslash; a `\u` surrogate pair becomes one scalar.
  ///
  /// A surrogate without its other half (`\ud800` alone, a low one first) is U+FFFD, as WHATWG's
  /// and Python's decoders read it, not an error: one such title in Bing's answer must not cost
  /// the other seven pictures. RFC 8259 (section 8.2) leaves what to do with it to the reader.
  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    guard let byte = peek() else { throw truncated() }
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHex4()
      if (0xD800..<0xDC00).contains(first) {
        // Only a whole `\uDC00`–`\uDFFF` next is its low half; anything else is read on its own
        // afterwards (a second high surrogate may start a pair of its own).
        guard let second = lowSurrogateEscape() else { return Self.replacement }
        position += 6
        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        // Always valid: the range checks bound it to U+10000...U+10FFFF.
        return Unicode.Scalar(combined)!
      }
      return Unicode.Scalar(first) ?? Self.replacement
    default:
      throw error("unknown escape \\\(Self.describe(byte))", at: position - 1)
    }
  }

  /// The value of the `\uXXXX` escape at `position` when it is a low surrogate; nil (nothing
  /// read) for anything else, a text cut short included.
  private func lowSurrogateEscape() -> UInt32? {
    guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
      bytes[position + 1] == UInt8(ascii: "u")
    else { return nil }
    var value: UInt32 = 0
    for byte in bytes[(position + 2)..<(position + 6)] {
      guard let digit = Self.hexDigit(byte) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return (0xDC00..<0xE000).contains(value) ? value : nil
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw truncated() }
      guard let digit = Self.hexDigit(byte) else {
        throw error("expected a hex digit in \\u, found \(Self.describe(byte))")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked before `Double` reads it.
  private mutating func parseNumber() throws(SyntaxError) -> Double {
    let start = position
    _ = consume(UInt8(ascii: "-"))
    guard let first = peek() else { throw truncated() }
    if first == UInt8(ascii: "0") {
      position += 1
    } else if Self.isDigit(first) {
      try skipDigits()
    } else {
      throw error("expected a digit, found \(Self.describe(first))")
    }
    if consume(UInt8(ascii: ".")) { try skipDigits() }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      try skipDigits()
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text) else { throw error("number out of range") }
    return value
  }

  /// One or more digits.
  private mutating func skipDigits() throws(SyntaxError) {
    guard let byte = peek() else { throw truncated() }
    guard Self.isDigit(byte) else { throw error("expected a digit, found \(Self.describe(byte))") }
    while let next = peek(), Self.isDigit(next) { position += 1 }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
    for expected in word.utf8 {
      guard let byte = peek() else { throw truncated() }
      guard byte == expected else { throw error("unexpected \(Self.describe(byte))") }
      position += 1
    }
    return value
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      position += 1
    }
  }

  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Steps over `byte` when it is next.
  private mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  /// Steps over `byte`, which must be next; the end of the text there means it was cut short.
  private mutating func expect(_ byte: UInt8, _ message: String) throws(SyntaxError) {
    guard let next = peek() else { throw truncated() }
    guard next == byte else { throw error(message + ", found \(Self.describe(next))") }
    position += 1
  }

  /// One unit of the reader's work, counted against its time limit.
  private mutating func step() throws(SyntaxError) {
    try limit.step(reading: .json, at: position)
  }

  /// A fault of the text at `offset`, or where the reading is.
  private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
    SyntaxError(language: .json, offset: offset ?? position, message: message, isTruncated: false)
  }

  private func truncated() -> SyntaxError {
    SyntaxError(language: .json, offset: position, message: "unexpected end", isTruncated: true)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// A byte for a message: printable ASCII quoted, anything else as hex, so that no byte from
  /// the network reaches the terminal raw.
  private static func describe(_ byte: UInt8) -> String {
    guard (0x21..<0x7F).contains(byte) else { return "byte 0x\(String(byte, radix: 16))" }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }
}
