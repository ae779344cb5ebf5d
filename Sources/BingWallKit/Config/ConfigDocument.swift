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
  /// Entries of a known key whose value was refused, when parsed leniently: where `set` and
  /// `unset` find the value to replace or the lines to take out.
  private var rejected: [Entry] = []
  /// Table name → 0-based index of its header line.
  private var tableHeaders: [String: Int]
  /// The error of each line left out, in file order, when parsed leniently; empty otherwise.
  package private(set) var problems: [ConfigError] = []

  /// An empty document for a file that does not exist yet.
  package init(path: String) {
    self.path = path
    lines = []
    entries = []
    tableHeaders = [:]
  }

  /// Parses `text`, checking every key against `ConfigSchema` and every value against its key.
  package init(parsing text: String, path: String) throws(ConfigError) {
    self.init(splitting: text, path: path)
    var index = 0
    var table: String?
    while index < lines.count { index = try parseLine(index, table: &table, lenient: false) }
  }

  /// Parses `text` as far as it can: each bad line is left out and its error kept in
  /// `problems`, so that what the rest of the file sets can still be shown (`config show`).
  package static func lenient(parsing text: String, path: String) -> ConfigDocument {
    var document = ConfigDocument(splitting: text, path: path)
    var index = 0
    var table: String?
    while index < document.lines.count {
      do {
        index = try document.parseLine(index, table: &table, lenient: true)
      } catch {
        document.problems.append(error)
        index += 1
      }
    }
    return document
  }

  private init(splitting text: String, path: String) {
    self.init(path: path)
    var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if split.last == "" { split.removeLast() }
    lines = split
  }

  /// The file's new text.
  package var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

  func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

  /// The value the file gives `key`, nil when it sets none (or only a refused one).
  package func value(of key: String) -> ConfigValue? { entry(key)?.value }

  /// The file's setting of `key` as written, whether in force or refused.
  private func written(_ key: String) -> [Entry] {
    (entries + rejected).filter { $0.key == key }.sorted { $0.line < $1.line }
  }

  // MARK: - Parsing

  /// Reads the line at `index` (and the lines an array continues on); returns the next line's
  /// index. Lenient, a refused value is kept in `rejected` and `problems` instead of thrown.
  private mutating func parseLine(_ index: Int, table: inout String?, lenient: Bool) throws(ConfigError)
    -> Int
  {
    var scanner = LineScanner(lines: lines, line: index, path: path)
    scanner.skipSpaces()
    if scanner.atEndOfContent { return index + 1 }
    if scanner.peek == UInt8(ascii: "[") {
      let name = try scanner.tableHeader()
      try scanner.expectEndOfLine()
      // The keys under a header that is refused are refused too (as keys of that table), never
      // taken as keys of the table before it.
      table = name
      guard ConfigSchema.sections.contains(name) else {
        throw ConfigError.unknownKey(
          origin: "\(path):\(index + 1)", key: "[\(name)]",
          suggestion: Suggestion.closest(to: name, in: ConfigSchema.sections).map { "[\($0)]" })
      }
      if tableHeaders[name] != nil || entries.contains(where: { $0.key.hasPrefix(name + ".") }) {
        throw ConfigError.syntax(path: path, line: index + 1, message: "table [\(name)] is defined twice")
      }
      tableHeaders[name] = index
      return index + 1
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
    let value: ConfigValue
    let end: (line: Int, offset: Int)
    do {
      value = try scanner.value(key: fullKey)
      end = (scanner.line, scanner.offset)
      try scanner.expectEndOfLine()
    } catch {
      guard lenient else { throw error }
      // A value that cannot be read still belongs to its key, to the end of the line: `set`
      // replaces it and `unset` takes the line out.
      rejected.append(
        Entry(
          key: fullKey, value: .string(""), line: index + 1, valueStart: start,
          valueEnd: (index, lines[index].utf8.count), table: table))
      problems.append(error)
      return index + 1
    }
    var entry = Entry(
      key: fullKey, value: value, line: index + 1, valueStart: start, valueEnd: end, table: table)
    let refusal: ConfigError
    if !value.fits(schemaKey.type) {
      refusal = .wrongType(path: path, line: index + 1, key: fullKey, expected: schemaKey.type.phrase)
    } else {
      switch schemaKey.validate(value) {
      case .success(let normalised):
        entry.value = normalised
        entries.append(entry)
        return scanner.line + 1
      case .failure(let problem):
        refusal = .badValue(
          origin: "\(path):\(index + 1)", key: fullKey, message: problem.reason,
          suggestions: problem.suggestions)
      }
    }
    guard lenient else { throw refusal }
    rejected.append(entry)
    problems.append(refusal)
    return scanner.line + 1
  }

  /// Throws the first problem of a leniently parsed document that is not about `key`: a file
  /// broken elsewhere is reported, never rewritten, while one whose only fault is this key's
  /// line can be put right by `set` or `unset` of that key.
  package func checkProblems(except key: String?) throws(ConfigError) {
    let own = key.map(problems(of:)) ?? []
    if let other = problems.first(where: { !own.contains($0) }) { throw other }
  }

  /// The key a left-out line sets, when its key could be read (`mode` of `mode = fil`).
  func rejectedKey(atLine line: Int) -> String? {
    rejected.first { $0.line == line }?.key
  }

  /// The problems of the lines that set `key`.
  package func problems(of key: String) -> [ConfigError] {
    let lines = rejected.filter { $0.key == key }.map(\.line)
    return problems.filter { $0.key == key || $0.line.map(lines.contains) == true }
  }

  // MARK: - Editing

  /// Sets `key` to `value` (already validated), keeping every other line and comment as it was.
  package mutating func set(_ key: ConfigKeySpec, to value: ConfigValue) throws(ConfigError) {
    let literal = value.tomlLiteral
    if let existing = written(key.name).first {
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

  /// Takes `key`'s lines out of the file, keeping every other byte; false when the file does
  /// not set it.
  package mutating func unset(_ key: ConfigKeySpec) throws(ConfigError) -> Bool {
    // A key set twice is read as one entry and a duplicate-key problem; once the first goes, the
    // second is an entry of its own: removed until none is left. Each pass removes a line.
    var removed = false
    for _ in 0...lines.count {
      let found = written(key.name)
      guard !found.isEmpty else { break }
      for entry in found.reversed() { lines.removeSubrange((entry.line - 1)...entry.valueEnd.line) }
      self = try ConfigDocument(parsing: text, path: path)
      removed = true
    }
    return removed
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
