import BingWallModel
import BingWallSystem
import FoundationEssentials

/// A source's body read as JSON, with the checks that give clearer errors than the parser's:
/// too large, empty, an HTML page, not UTF-8. A UTF-8 byte order mark is skipped.
///
/// `JSONParser` refuses nesting deeper than 64 levels, so no body overflows the stack; together
/// with `maximumSize` that bounds the memory and work of every body, and the reading's
/// `WorkLimit` bounds its time: past it, the body is `SourceError.overTime`.
enum SourceBody {
  /// The largest body read. The bodies are a few kB (Spotlight's four items 17 kB, an APOD day
  /// 12 kB); Wikimedia's featured feed, which carries the day's article too, a few hundred kB.
  static let maximumSize = 4 << 20

  /// `bytes` as one JSON value, read within `limit`.
  static func json(_ bytes: some Collection<UInt8>, source: Source, limit: WorkLimit = .none)
    throws(SourceError) -> JSONValue
  {
    guard bytes.count <= maximumSize else {
      throw .notJSON(source, detail: "the body is \(bytes.count) bytes, more than \(maximumSize)")
    }
    var body = Array(bytes)
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let first = body.first(where: { !isSpace($0) }) else {
      throw .notJSON(source, detail: "the body is empty")
    }
    if first == UInt8(ascii: "<") { throw .notJSON(source, detail: "it is an HTML page") }
    guard String(validating: body, as: UTF8.self) != nil else {
      throw .notJSON(source, detail: "the body is not UTF-8 text")
    }
    do {
      return try JSONParser.parse(body, limit: limit)
    } catch {
      if let overTime = error.overTime { throw .overTime(source, overTime) }
      throw .notJSON(source, detail: error.description)
    }
  }

  /// Throws `.overTime` once `limit` has passed: between the steps of a reading that are not
  /// the parser's (a feed's items, the text made of them).
  static func check(_ limit: WorkLimit, source: Source) throws(SourceError) {
    do {
      try limit.check()
    } catch {
      throw .overTime(source, error)
    }
  }
}

/// The members of one JSON object and where it sits in the body, for typed reads whose errors
/// name the field by its path (`batchrsp.items[0].item`).
struct JSONFields {
  let members: [String: JSONValue]
  /// The object's own path; empty for the body's root.
  let path: String
  let source: Source

  /// `value` as an object at `path`.
  init(_ value: JSONValue, path: String, source: Source) throws(SourceError) {
    guard case .object(let members) = value else {
      throw .wrongType(
        source, path: path.isEmpty ? "the body" : path, expected: "an object", found: value.kind)
    }
    self.members = members
    self.path = path
    self.source = source
  }

  /// The path of the member `name`.
  func path(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  /// True when `name` is there and not `null`.
  func has(_ name: String) -> Bool {
    switch members[name] {
    case nil, .null?: false
    default: true
    }
  }

  /// A string member; nil when absent or `null`.
  func string(_ name: String) throws(SourceError) -> String? {
    switch members[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw .wrongType(source, path: path(name), expected: "a string", found: other.kind)
    }
  }

  /// A string member that must be there.
  func requiredString(_ name: String) throws(SourceError) -> String {
    guard let text = try string(name) else { throw .missingField(source, path: path(name)) }
    return text
  }

  /// An object member; nil when absent or `null`.
  func object(_ name: String) throws(SourceError) -> JSONFields? {
    switch members[name] {
    case nil, .null?: return nil
    case let value?: return try JSONFields(value, path: path(name), source: source)
    }
  }

  /// A list member; nil when absent or `null`.
  func list(_ name: String) throws(SourceError) -> [JSONValue]? {
    switch members[name] {
    case nil, .null?: return nil
    case .array(let elements)?: return elements
    case let other?: throw .wrongType(source, path: path(name), expected: "a list", found: other.kind)
    }
  }

  /// A whole number member; nil when absent or `null`.
  func integer(_ name: String) throws(SourceError) -> Int? {
    switch members[name] {
    case nil, .null?: return nil
    case let value?:
      guard let number = value.intValue else {
        throw .wrongType(source, path: path(name), expected: "a whole number", found: value.kind)
      }
      return number
    }
  }

  /// A URL member checked under `policy`; nil when absent, `null` or empty.
  func url(_ name: String, policy: RemoteURL.Policy) throws(SourceError) -> RemoteURL? {
    guard let text = try string(name), !text.isEmpty else { return nil }
    return try Self.url(text, path: path(name), source: source, policy: policy)
  }

  /// A URL member that must be there.
  func requiredURL(_ name: String, policy: RemoteURL.Policy) throws(SourceError) -> RemoteURL {
    guard let url = try url(name, policy: policy) else { throw .missingField(source, path: path(name)) }
    return url
  }

  /// `text` checked as a URL found at `path`.
  static func url(_ text: String, path: String, source: Source, policy: RemoteURL.Policy) throws(SourceError)
    -> RemoteURL
  {
    do {
      return try RemoteURL(checking: text, policy: policy)
    } catch {
      throw .badURL(source, path: path, problem: error)
    }
  }
}
