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
  package typealias SyntaxError = TextSyntaxError

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
      throw error("</\(name)> closes no element", at: start)
    }
    guard element.name == name else {
      throw error("</\(name)> closes <\(element.name)>", at: start)
    }
    if open.isEmpty { return element }
    open[open.count - 1].children.append(element)
    return nil
  }

  /// Text up to the next `<`, entities decoded, added to the innermost open element.
  private mutating func characterData() throws(SyntaxError) {
    let start = position
    position = ByteSearch.index(of: UInt8(ascii: "<"), in: bytes, from: position)
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
    else { throw error("a name cannot start so", at: start) }
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
      throw SyntaxError(stoppedAt: position, reading: .xml, error)
    }
  }

  /// The decoding itself, into one buffer of bytes that becomes a String once: linear in the
  /// text's size, whatever it holds (appending to a String's scalars piece by piece counts the
  /// whole String again at each piece, and 4 MB of `&` took minutes). Runs without `&` are
  /// found by memchr and copied whole; each `&` looks at most 10 bytes ahead.
  static func decoded(_ text: ArraySlice<UInt8>, limit: inout WorkLimit) throws(OverTime) -> String {
    try text.withUnsafeBufferPointer { bytes throws(OverTime) -> String in
      let ampersand = UInt8(ascii: "&")
      var index = ByteSearch.index(of: ampersand, in: bytes, from: 0)
      guard index < bytes.count else { return String(decoding: bytes, as: UTF8.self) }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<index]))
      while index < bytes.count {
        try limit.step()
        if let (scalar, next) = reference(in: bytes, at: index) {
          result.append(contentsOf: scalar.utf8)
          index = next
        } else {
          result.append(ampersand)
          index += 1
        }
        // The run up to the next `&`, copied whole; none when one follows at once.
        if index < bytes.count, bytes[index] == ampersand { continue }
        let next = ByteSearch.index(of: ampersand, in: bytes, from: index)
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
        index = next
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// The entity or character reference at `start` (an `&`) and the index after its `;`; nil
  /// when there is none there. An entity is short: `&#x10FFFF;` is the longest this reader
  /// knows, so at most 10 bytes are looked at, and none past a byte no name holds.
  private static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)?
  {
    let end = min(bytes.count, start + 10)
    var index = start + 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: ";") { break }
      // Comparisons rather than ranges, which a debug build calls as generic code.
      let letter = byte | 0x20
      let isNameByte =
        (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#")
      guard isNameByte else { return nil }
      index += 1
    }
    guard index < end, index > start + 1 else { return nil }
    return entity(bytes, from: start + 1, to: index).map { ($0, index + 1) }
  }

  /// XML's five entities by name, or a character reference (`#38`, `#x26`), in
  /// `bytes[start..<end]`; nil for anything else. A reference to no character (`&#0;`, a
  /// surrogate) is U+FFFD. Indices and comparisons, not slices and ranges, which a debug build
  /// runs as generic code: a body may hold a million references.
  private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Unicode
    .Scalar?
  {
    guard bytes[start] == UInt8(ascii: "#") else {
      switch String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) {
      case "lt": return "<"
      case "gt": return ">"
      case "amp": return "&"
      case "quot": return "\""
      case "apos": return "'"
      default: return nil
      }
    }
    var index = start + 1
    var radix: UInt32 = 10
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      index += 1
    }
    guard index < end else { return nil }
    var value: UInt32 = 0
    while index < end {
      let byte = bytes[index]
      let letter = byte | 0x20
      let digit: UInt32
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digit = UInt32(byte - UInt8(ascii: "0"))
      } else if radix == 16 && letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "f") {
        digit = UInt32(letter - UInt8(ascii: "a") + 10)
      } else {
        return nil
      }
      // Eight hex digits at most: no overflow.
      value = value * radix + digit
      index += 1
    }
    return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
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
    try limit.step(reading: .xml, at: position)
  }

  /// A fault of the text at `offset`, or where the reading is.
  private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
    SyntaxError(language: .xml, offset: offset ?? position, message: message, isTruncated: false)
  }

  private func truncated() -> SyntaxError {
    SyntaxError(language: .xml, offset: bytes.count, message: "", isTruncated: true)
  }
}
