/// A small, bounded XML reader for the feeds pictures of the day come in (RSS 2.0 with the
/// `media:` and `dc:` extensions): the document as a tree of `XMLElement`s.
///
/// Namespaces stay prefixes (`media:content`), as feeds write them. A document type with an
/// internal subset is refused, so no entity is ever declared, let alone expanded: a "billion
/// laughs" body is one error, not gigabytes. Only XML's five entities and character references
/// are decoded; anything else after `&` is kept as written. Nesting and the number of elements
/// are bounded; the caller bounds the body's size, and it is read once, whole, without
/// recursion, in time linear in its size (text is decoded into one buffer of bytes, made a
/// String once). A `WorkLimit` bounds that time too: past it the reader stops and throws.
package struct XMLParser {
  /// Why the text is not the XML expected, and where.
  package struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// Offset in bytes from the start of the body.
    var offset: Int
    var message: String
    /// True when the text ended inside the document: a body cut short.
    var isTruncated: Bool
    /// Set when the reading stopped at its time limit rather than at a fault of the text.
    package var overTime: OverTime? = nil

    package var description: String {
      if let overTime {
        return "reading it took more than \(overTime.limitText), stopped at byte \(offset)"
      }
      return isTruncated
        ? "the body ends in the middle of the XML at byte \(offset) (cut short?)"
        : "\(message) at byte \(offset)"
    }
  }

  /// Elements nested deeper than this are refused; a feed needs five.
  static let maximumDepth = 32
  /// More elements than this are refused: a feed of a few days has a few hundred.
  static let maximumElements = 100_000

  private let bytes: [UInt8]
  private var position = 0
  private var elements = 0
  private var limit: WorkLimit
  /// The open elements, outermost first; the root stays at the bottom until it closes.
  private var open: [XMLElement] = []

  /// Parses `bytes` as one XML document and returns its root element; stops with an error whose
  /// `overTime` is set once `limit` has passed.
  package static func parse(_ bytes: [UInt8], limit: WorkLimit = .none) throws(SyntaxError) -> XMLElement {
    var parser = XMLParser(bytes: bytes, limit: limit)
    return try parser.document()
  }

  private init(bytes: [UInt8], limit: WorkLimit) {
    self.bytes = bytes
    self.limit = limit
    // A UTF-8 byte order mark says nothing more than the encoding we read anyway.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  private mutating func document() throws(SyntaxError) -> XMLElement {
    var root: XMLElement?
    while position < bytes.count {
      try step()
      if open.isEmpty {
        skipWhitespace()
        guard position < bytes.count else { break }
        guard bytes[position] == UInt8(ascii: "<") else {
          throw error(root == nil ? "expected an element, found text" : "text after the document's element")
        }
      }
      if bytes[position] != UInt8(ascii: "<") {
        try characterData()
      } else if starts(with: "<?") {
        try skip(past: "?>")
      } else if starts(with: "<!--") {
        try skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        guard !open.isEmpty else { throw error("character data outside the document's element") }
        position += 9
        let start = position
        try skip(past: "]]>")
        open[open.count - 1].text += String(decoding: bytes[start..<position - 3], as: UTF8.self)
      } else if starts(with: "<!DOCTYPE") {
        guard open.isEmpty, root == nil else { throw error("a document type inside the document") }
        try documentType()
      } else if starts(with: "</") {
        if let closed = try endTag() {
          guard root == nil else { throw error("a second document element") }
          root = closed
        }
      } else {
        guard root == nil || !open.isEmpty else { throw error("a second document element") }
        if let element = try startTag() { root = element }
      }
    }
    guard open.isEmpty, let root else { throw truncated() }
    return root
  }

  /// `<!DOCTYPE rss>` is passed over; one with `[` declares entities and is refused.
  private mutating func documentType() throws(SyntaxError) {
    while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
      if bytes[position] == UInt8(ascii: "[") {
        throw error("the document declares its own entities or elements, which this reader refuses")
      }
      position += 1
    }
    guard position < bytes.count else { throw truncated() }
    position += 1
  }

  /// `<name attributes>` or `<name attributes/>`: opens an element, or adds an empty one to its
  /// parent. Returns the element when it is the document's own and already complete.
  private mutating func startTag() throws(SyntaxError) -> XMLElement? {
    position += 1
    let name = try self.name()
    var element = XMLElement(name: name)
    while true {
      skipWhitespace()
      guard position < bytes.count else { throw truncated() }
      if starts(with: "/>") {
        position += 2
        return try add(element, closed: true)
      }
      if bytes[position] == UInt8(ascii: ">") {
        position += 1
        return try add(element, closed: false)
      }
      let attribute = try self.name()
      skipWhitespace()
      guard position < bytes.count else { throw truncated() }
      guard bytes[position] == UInt8(ascii: "=") else { throw error("expected = after \(attribute)") }
      position += 1
      skipWhitespace()
      guard position < bytes.count else { throw truncated() }
      let quote = bytes[position]
      guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw error("expected a quoted value for \(attribute)")
      }
      position += 1
      let start = position
      while position < bytes.count, bytes[position] != quote {
        guard bytes[position] != UInt8(ascii: "<") else { throw error("< in the value of \(attribute)") }
        position += 1
      }
      guard position < bytes.count else { throw truncated() }
      element.attributes[attribute] = try decoded(bytes[start..<position])
      position += 1
    }
  }

  private mutating func add(_ element: XMLElement, closed: Bool) throws(SyntaxError) -> XMLElement? {
    elements += 1
    guard elements <= Self.maximumElements else {
      throw error("more than \(Self.maximumElements) elements")
    }
    guard closed else {
      guard open.count < Self.maximumDepth else {
        throw error("nested deeper than \(Self.maximumDepth) levels")
      }
      open.append(element)
      return nil
    }
    if open.isEmpty { return element }
    open[open.count - 1].children.append(element)
    return nil
  }

  /// `</name>`: closes the innermost open element, which must have that name. Returns it when it
  /// is the document's own element.
  private mutating func endTag() throws(SyntaxError) -> XMLElement? {
    let start = position
    position += 2
    let name = try self.name()
    skipWhitespace()
    guard position < bytes.count else { throw truncated() }
    guard bytes[position] == UInt8(ascii: ">") else { throw error("expected > to end </\(name)") }
    position += 1
    guard let element = open.popLast() else {
      throw SyntaxError(offset: start, message: "</\(name)> closes no element", isTruncated: false)
    }
    guard element.name == name else {
      throw SyntaxError(offset: start, message: "</\(name)> closes <\(element.name)>", isTruncated: false)
    }
    if open.isEmpty { return element }
    open[open.count - 1].children.append(element)
    return nil
  }

  /// Text up to the next `<`, entities decoded, added to the innermost open element.
  private mutating func characterData() throws(SyntaxError) {
    let start = position
    while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
    open[open.count - 1].text += try decoded(bytes[start..<position])
  }

  /// A name: letters, digits and `_ - . :`, not starting with a digit, dash or dot.
  private mutating func name() throws(SyntaxError) -> String {
    let start = position
    while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
    guard position > start else {
      guard position < bytes.count else { throw truncated() }
      throw error("expected a name")
    }
    let first = bytes[start]
    guard !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), first != UInt8(ascii: "-"),
      first != UInt8(ascii: ".")
    else { throw SyntaxError(offset: start, message: "a name cannot start so", isTruncated: false) }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// ASCII name characters, and every byte of a multi-byte UTF-8 character.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: ":"), 0x80...0xFF:
      return true
    default:
      return false
    }
  }

  /// `text` with XML's five entities and its character references decoded; any other `&…`
  /// stays as written, and a reference to no character (`&#0;`, a surrogate) becomes U+FFFD.
  private mutating func decoded(_ text: ArraySlice<UInt8>) throws(SyntaxError) -> String {
    do {
      return try Self.decoded(text, limit: &limit)
    } catch {
      throw SyntaxError(offset: position, message: "", isTruncated: false, overTime: error)
    }
  }

  /// The decoding itself, into one buffer of bytes that becomes a String once: linear in the
  /// text's size, whatever it holds (appending to a String's scalars piece by piece counts the
  /// whole String again at each piece, and 4 MB of `&` took minutes).
  static func decoded(_ text: ArraySlice<UInt8>, limit: inout WorkLimit) throws(OverTime) -> String {
    guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = text.startIndex
    while index < text.endIndex {
      // The run up to the next `&`, copied whole.
      let next = text[index...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
      result.append(contentsOf: text[index..<next])
      index = next
      guard index < text.endIndex else { break }
      try limit.step()
      // An entity is short: `&#x10FFFF;` is the longest this reader knows.
      let end = min(text.endIndex, index + 10)
      guard let semicolon = text[index..<end].firstIndex(of: UInt8(ascii: ";")),
        let scalar = entity(text[(index + 1)..<semicolon])
      else {
        result.append(UInt8(ascii: "&"))
        index += 1
        continue
      }
      result.append(contentsOf: scalar.utf8)
      index = semicolon + 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static func entity(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
    let name = String(decoding: bytes, as: UTF8.self)
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value =
        digits.hasPrefix("x") || digits.hasPrefix("X")
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value else { return nil }
      return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
    }
  }

  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard bytes.count - position >= count else { return false }
    return prefix.withUTF8Buffer { bytes[position..<position + count].elementsEqual($0) }
  }

  /// Moves past the next `terminator`; the text ends before it: cut short.
  private mutating func skip(past terminator: StaticString) throws(SyntaxError) {
    while position < bytes.count {
      if starts(with: terminator) {
        position += terminator.utf8CodeUnitCount
        return
      }
      position += 1
    }
    throw truncated()
  }

  /// XML's white space: space, tab, line feed, carriage return.
  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// One unit of the reader's work, counted against its time limit.
  private mutating func step() throws(SyntaxError) {
    do {
      try limit.step()
    } catch {
      throw SyntaxError(offset: position, message: "", isTruncated: false, overTime: error)
    }
  }

  private func error(_ message: String) -> SyntaxError {
    SyntaxError(offset: position, message: message, isTruncated: false)
  }

  private func truncated() -> SyntaxError {
    SyntaxError(offset: bytes.count, message: "", isTruncated: true)
  }
}
