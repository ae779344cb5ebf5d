import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// config.toml as lines: parsed against the schema, and edited without disturbing the rest.
///
/// The subset: `key = value` with basic ("…") and literal ('…') strings, integers, booleans and
/// arrays of strings (which may span lines); `[section]` tables; dotted keys; `#` comments.
/// Anything else is an error naming the line, so a typo never silently resets a setting.
package struct ConfigDocument: Sendable, Equatable {
  /// One `key = value` in the file.
  struct Entry: Sendable, Equatable {
    /// The full dotted name: `daemon.rotate`, whether written under `[daemon]` or dotted.
    var key: String
    var value: ConfigValue
    /// 1-based line of the key.
    var line: Int
    /// Where the value's text starts (line index, UTF-8 offset) and ends (exclusive).
    var valueStart: (line: Int, offset: Int)
    var valueEnd: (line: Int, offset: Int)
    /// The table header the entry sits under; nil at the top.
    var table: String?

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.key == rhs.key && lhs.value == rhs.value && lhs.line == rhs.line
    }
  }

  package var path: String
  /// The file's lines without their newline characters.
  private(set) var lines: [String]
  private(set) var entries: [Entry]
  /// Table name → 0-based index of its header line.
  private var tableHeaders: [String: Int]

  /// An empty document for a file that does not exist yet.
  package init(path: String) {
    self.path = path
    lines = []
    entries = []
    tableHeaders = [:]
  }

  /// Parses `text`, checking every key against `ConfigSchema` and every value against its key.
  package init(parsing text: String, path: String) throws(ConfigError) {
    self.init(path: path)
    var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if split.last == "" { split.removeLast() }
    lines = split
    try parseLines()
  }

  /// The file's new text.
  package var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

  func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

  // MARK: - Parsing

  private mutating func parseLines() throws(ConfigError) {
    var table: String?
    var index = 0
    while index < lines.count {
      var scanner = LineScanner(lines: lines, line: index, path: path)
      scanner.skipSpaces()
      if scanner.atEndOfContent {
        index += 1
        continue
      }
      if scanner.peek == UInt8(ascii: "[") {
        let name = try scanner.tableHeader()
        try scanner.expectEndOfLine()
        guard ConfigSchema.sections.contains(name) else {
          throw ConfigError.unknownKey(
            origin: "\(path):\(index + 1)", key: "[\(name)]",
            suggestion: Suggestion.closest(to: name, in: ConfigSchema.sections).map { "[\($0)]" })
        }
        if tableHeaders[name] != nil || entries.contains(where: { $0.key.hasPrefix(name + ".") }) {
          throw ConfigError.syntax(path: path, line: index + 1, message: "table [\(name)] is defined twice")
        }
        tableHeaders[name] = index
        table = name
        index += 1
        continue
      }
      let keyParts = try scanner.key()
      let fullKey = ((table.map { [$0] } ?? []) + keyParts).joined(separator: ".")
      guard let schemaKey = ConfigSchema.key(named: fullKey) else {
        throw ConfigError.unknownKey(
          origin: "\(path):\(index + 1)", key: fullKey,
          suggestion: Suggestion.closest(to: fullKey, in: ConfigSchema.keys.map(\.name)))
      }
      if let first = entry(fullKey) {
        throw ConfigError.duplicateKey(path: path, line: index + 1, key: fullKey, firstLine: first.line)
      }
      scanner.skipSpaces()
      guard scanner.consume(UInt8(ascii: "=")) else {
        throw ConfigError.syntax(path: path, line: index + 1, message: "expected '=' after '\(fullKey)'")
      }
      scanner.skipSpaces()
      let start = (scanner.line, scanner.offset)
      let value = try scanner.value(key: fullKey)
      let end = (scanner.line, scanner.offset)
      try scanner.expectEndOfLine()
      guard value.fits(schemaKey.type) else {
        throw ConfigError.wrongType(
          path: path, line: index + 1, key: fullKey, expected: schemaKey.type.phrase)
      }
      switch schemaKey.validate(value) {
      case .success(let normalised):
        entries.append(
          Entry(
            key: fullKey, value: normalised, line: index + 1, valueStart: start, valueEnd: end, table: table))
      case .failure(let problem):
        throw ConfigError.badValue(origin: "\(path):\(index + 1)", key: fullKey, message: problem.reason)
      }
      index = scanner.line + 1
    }
  }

  // MARK: - Editing

  /// Sets `key` to `value` (already validated), keeping every other line and comment as it was.
  package mutating func set(_ key: ConfigKeySpec, to value: ConfigValue) throws(ConfigError) {
    let literal = value.tomlLiteral
    if let existing = entry(key.name) {
      // Replace just the value's text; the key's spelling and a trailing comment stay.
      let first = Array(lines[existing.valueStart.line].utf8)
      let last = Array(lines[existing.valueEnd.line].utf8)
      let head = String(decoding: first[..<existing.valueStart.offset], as: UTF8.self)
      let tail = String(decoding: last[existing.valueEnd.offset...], as: UTF8.self)
      lines.replaceSubrange(existing.valueStart.line...existing.valueEnd.line, with: [head + literal + tail])
    } else if let section = key.section {
      insertInTable(section, line: "\(key.leaf) = \(literal)", dotted: "\(key.name) = \(literal)")
    } else {
      insertAtTop("\(key.name) = \(literal)")
    }
    // Line numbers moved; parsing again keeps the entry table true.
    self = try ConfigDocument(parsing: text, path: path)
  }

  private mutating func insertAtTop(_ line: String) {
    if let last = entries.filter({ $0.table == nil }).last {
      lines.insert(line, at: last.valueEnd.line + 1)
    } else if let firstHeader = tableHeaders.values.min() {
      lines.insert(contentsOf: [line, ""], at: firstHeader)
    } else {
      lines.append(line)
    }
  }

  private mutating func insertInTable(_ section: String, line: String, dotted: String) {
    if let header = tableHeaders[section] {
      let last = entries.filter { $0.table == section }.map(\.valueEnd.line).max() ?? header
      lines.insert(line, at: last + 1)
    } else if entries.contains(where: { $0.table == nil && $0.key.hasPrefix(section + ".") }) {
      // The table exists through dotted keys; a [section] header would now be a redefinition.
      insertAtTop(dotted)
    } else {
      if let last = lines.last, !last.trimmingBlanks().isEmpty { lines.append("") }
      lines.append(contentsOf: ["[\(section)]", line])
    }
  }
}
