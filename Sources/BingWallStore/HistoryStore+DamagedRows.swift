import BingWallModel
import BingWallSystem
import FoundationEssentials

/// What may stand in each typed column of the history, as `doctor` checks it: the rules the
/// readers apply (`HistoryColumns`), here over every row of every table.
struct ColumnRule: Sendable {
  let column: String
  let expected: String
  /// The SQL that reads the value to check, bounded: a 300 MB value is never read for a check.
  let read: String
  let accepts: @Sendable (SQLiteValue) -> Bool
  /// For a rule about the SQLite type alone (and an integer's sign), the same rule as SQL, which
  /// knows a value's type without reading it: a scan of 100,000 rows reads one flag for them all,
  /// and `read` only for a row whose flag says one fails.
  var typeTest: String? = nil

  /// A TEXT value `rule` accepts, read at most `limit` characters long.
  static func text(
    _ column: String, _ expected: String, limit: Int = 64, _ rule: @escaping @Sendable (String) -> Bool
  ) -> ColumnRule {
    ColumnRule(
      column: column, expected: expected,
      // A column of TEXT affinity holds TEXT, a BLOB or NULL; a short value (all of them, in a
      // sound history) is read as it is, which costs SQLite a third of `substr`.
      read: "iif(length(\(column)) <= \(limit), \(column), substr(\(column), 1, \(limit)))",
      accepts: {
        if case .text(let text) = $0 { return rule(text) }
        return false
      })
  }

  /// Any TEXT: only its type is read (`typeof` reads no content), since any length reads (cut).
  static func anyText(_ column: String) -> ColumnRule {
    ColumnRule(
      column: column, expected: "TEXT", read: "upper(typeof(\(column)))", accepts: { $0 == .text("TEXT") },
      typeTest: "typeof(\(column)) = 'text'")
  }

  /// An INTEGER, above 0 when `positive`.
  static func integer(_ column: String, positive: Bool = false) -> ColumnRule {
    ColumnRule(
      column: column, expected: positive ? HistoryColumns.Expected.positive : "INTEGER",
      read: "CASE typeof(\(column)) WHEN 'text' THEN substr(\(column), 1, 40) WHEN 'blob' THEN x'' "
        + "ELSE \(column) END",
      accepts: {
        if case .integer(let number) = $0 { return !positive || number > 0 }
        return false
      },
      typeTest: "typeof(\(column)) = 'integer'" + (positive ? " AND \(column) > 0" : ""))
  }

  /// NULL, or what `rule` accepts.
  func orNull() -> ColumnRule {
    let accepts = self.accepts
    return ColumnRule(
      column: column, expected: expected + " or NULL", read: read, accepts: { $0 == .null || accepts($0) })
  }

  static let source = text("source", HistoryColumns.Expected.source) { Source(rawValue: $0) != nil }
  static func instant(_ column: String) -> ColumnRule {
    text(column, HistoryColumns.Expected.instant, HistoryColumns.isInstant)
  }

  /// The rules of each table's typed columns.
  static let rules: [DamagedRow.Table: [ColumnRule]] = [
    .pictures: [
      source,
      text("key", HistoryColumns.Expected.key, limit: HistoryColumns.longestKey + 1, HistoryColumns.isKey),
      text(
        "path", HistoryColumns.Expected.path, limit: HistoryColumns.longestPath + 1, HistoryColumns.isPath),
      text("sha256", HistoryColumns.Expected.sha256, limit: 65, HistoryColumns.isSHA256),
      text("resolution", HistoryColumns.Expected.resolution, limit: 21, HistoryColumns.isResolution),
      integer("width", positive: true), integer("height", positive: true), integer("bytes", positive: true),
      integer("favorite"), integer("banned"), instant("added_at"),
    ],
    .appearances: [
      source,
      text("market", HistoryColumns.Expected.market, limit: 17) {
        $0.isEmpty || HistoryColumns.isMarketCode($0)
      },
      text("date", HistoryColumns.Expected.date, limit: 11) { HistoryColumns.date($0) != nil },
      text("served_market", HistoryColumns.Expected.market, limit: 17, HistoryColumns.isMarketCode).orNull(),
      anyText("bing_id"), anyText("title"), anyText("caption"), anyText("credit"), anyText("copyright"),
      anyText("copyright_link"), anyText("urlbase"), anyText("hsh"), integer("wp"),
      text("fullstartdate", HistoryColumns.Expected.instant) { $0.isEmpty || HistoryColumns.isInstant($0) },
      instant("first_seen"), instant("updated_at"), integer("superseded"), anyText("licence"),
      anyText("licence_link"), anyText("description"),
    ],
    .applies: [instant("applied_at"), anyText("backend"), anyText("reason")],
    .sourceFetches: [
      source, instant("fetched_at"),
      text("newest_day", HistoryColumns.Expected.date, limit: 11) { HistoryColumns.date($0) != nil }.orNull(),
    ],
  ]
}

/// A value that takes a damaged one's place, and where it came from.
package struct RecoveredValue: Sendable, Equatable {
  let value: SQLiteValue
  /// Where it came from, for `doctor --fix`'s line: "the source its appearances name".
  package let because: String

  package static func text(_ text: String, because: String) -> RecoveredValue {
    RecoveredValue(value: .text(text), because: because)
  }

  package static func integer(_ number: Int64, because: String) -> RecoveredValue {
    RecoveredValue(value: .integer(number), because: because)
  }

  /// The value as a message shows it.
  package var shown: String {
    switch value {
    case .text(let text): return text.isEmpty ? "''" : TerminalText.quoted(text, limit: 64)
    case .integer(let number): return String(number)
    case .null: return "NULL"
    default: return value.typeName
    }
  }
}

/// What `doctor --fix` does with one damaged value.
package enum RowRepair: Sendable, Equatable {
  /// The value can be recovered: store this one.
  case set(RecoveredValue)
  /// The row is not worth keeping without it (an appearance without a day, an apply without a
  /// time, a fetch memo): delete that row alone.
  case deleteRow
  /// The picture itself cannot be told without it (its key, its path, a source nothing
  /// recovers): forget the picture, with its appearances, marks and applies.
  case forgetPicture
  /// The value is its file's (size, hash, dimensions): the caller reads the file.
  case fromFile
}

extension HistoryStore {
  /// Every value of the history out of its type, by the rules the readers apply, in table and id
  /// order; at most `limit`. Read in one pass per table, each value bounded.
  package func damagedRows(limit: Int = 1000) throws(StoreError) -> [DamagedRow] {
    var found: [DamagedRow] = []
    for table in DamagedRow.Table.allCases {
      let rules = ColumnRule.rules[table] ?? []
      let typed = rules.filter { $0.typeTest != nil }
      let valued = rules.filter { $0.typeTest == nil }
      // One table in each FROM, so the rules' bare column names are its own.
      let (id, picture): (String, String)
      switch table {
      case .pictures: (id, picture) = ("id", "id")
      case .appearances, .applies: (id, picture) = ("id", "picture_id")
      case .sourceFetches: (id, picture) = ("source", "NULL")
      }
      let types =
        typed.isEmpty ? "1" : typed.compactMap(\.typeTest).map { "(\($0))" }.joined(separator: " AND ")
      let statement = try database.prepare(
        """
        SELECT \(id), \(picture), \(types)\(valued.map { ", " + $0.read }.joined())
        FROM \(table.rawValue) ORDER BY 1
        """)
      defer { statement.reset() }
      let checks = valued.map(\.accepts)
      while try statement.step() {
        var failed: [(ColumnRule, SQLiteValue)] = []
        for index in checks.indices {
          let value = statement.value(at: 3 + index)
          if !checks[index](value) { failed.append((valued[index], value)) }
        }
        let row = statement.value(at: 0)
        if statement.value(at: 2) != .integer(1) {
          // Rare: which of the type rules fail, with their values.
          let values = try database.queryOne(
            "SELECT \(typed.map(\.read).joined(separator: ", ")) FROM \(table.rawValue) WHERE \(id) = ?",
            [row])
          for (index, rule) in typed.enumerated() {
            let value = values?[index] ?? .null
            if !rule.accepts(value) { failed.append((rule, value)) }
          }
        }
        guard !failed.isEmpty else { continue }
        var pictureID: Int64?
        if case .integer(let number) = statement.value(at: 1) { pictureID = number }
        var rowID: Int64 = 0
        var name = "?"
        if case .integer(let number) = row { rowID = number }
        if case .text(let source) = row { name = String(source.prefix(80)) }
        if let pictureID,
          case .text(let key)? = try database.queryOne(
            "SELECT substr(key, 1, 80) FROM pictures WHERE id = ?", [.integer(pictureID)])?[0]
        {
          name = key
        }
        for (rule, value) in failed {
          var damage = DamagedRow(
            table: table, id: rowID, pictureID: pictureID, key: name, column: rule.column,
            found: Self.shown(value), expected: rule.expected)
          if table == .sourceFetches { damage.fetchKey = row }
          found.append(damage)
          if found.count >= limit { return found }
        }
      }
    }
    return found
  }

  /// A value as a damaged row's message shows it.
  static func shown(_ value: SQLiteValue) -> String {
    switch value {
    case .text(let text): return TerminalText.quoted(text, limit: 40)
    case .integer(let number): return String(number)
    default: return value.typeName
    }
  }

  /// What `doctor --fix` can make of `damage`: the value recovered where the history still
  /// knows it, or the row (or picture) that goes without it.
  package func repair(for damage: DamagedRow, now: Date) throws(StoreError) -> RowRepair {
    let stamp = SQLiteValue(instant: now)
    switch (damage.table, damage.column) {
    case (.pictures, "source"):
      // Its appearances say who showed it; a Bing key says Bing.
      let rows = try database.query(
        "SELECT substr(source, 1, 80) AS source FROM appearances WHERE picture_id = ? ORDER BY id LIMIT 16",
        [.integer(damage.id)])
      var named: [String] = []
      for row in rows { if let source = try row.optionalString("source") { named.append(source) } }
      if let shown = named.first(where: { Source(rawValue: $0) != nil }) {
        return .set(.text(shown, because: "the source its appearances name"))
      }
      if damage.key.hasPrefix("OHR.") { return .set(.text(Source.bing.rawValue, because: "a Bing key")) }
      return .forgetPicture
    case (.pictures, "favorite"), (.pictures, "banned"):
      return .set(.integer(0, because: "unmarked"))
    case (.pictures, "added_at"):
      return .set(RecoveredValue(value: stamp, because: "now"))
    case (.pictures, "key"), (.pictures, "path"):
      return .forgetPicture
    case (.pictures, _):
      return .fromFile
    case (.appearances, "source"):
      guard let id = damage.pictureID,
        let source = try database.queryOne("SELECT source FROM pictures WHERE id = ?", [.integer(id)])?
          .optionalString("source"), Source(rawValue: source) != nil
      else { return .deleteRow }
      return .set(.text(source, because: "its picture's source"))
    case (.appearances, "served_market"): return .set(RecoveredValue(value: .null, because: "unknown"))
    case (.appearances, "fullstartdate"): return .set(.text("", because: "unknown"))
    case (.appearances, "first_seen"), (.appearances, "updated_at"):
      return .set(RecoveredValue(value: stamp, because: "now"))
    case (.appearances, "wp"): return .set(.integer(1, because: "for wallpapers"))
    case (.appearances, "superseded"): return .set(.integer(0, because: "the day's picture"))
    case (.appearances, "date"): return try recoveredDate(of: damage)
    case (.appearances, "market"): return .deleteRow
    case (.appearances, _): return .set(.text("", because: "empty"))
    case (.applies, "applied_at"), (.sourceFetches, _): return .deleteRow
    case (.applies, _): return .set(.text("", because: "empty"))
    }
  }

  /// An appearance's day, from its picture's file name (`2026-11-30_Fox_UHD.jpg`: the day it was
  /// first stored for), else the day it was first seen; the row goes when neither tells one, or
  /// when the day told is already one of the picture's in that market.
  private func recoveredDate(of damage: DamagedRow) throws(StoreError) -> RowRepair {
    guard
      let row = try database.queryOne(
        """
        SELECT substr(p.path, 1, \(HistoryColumns.longestPath + 1)) AS path,
          substr(a.first_seen, 1, 40) AS first_seen, a.market, a.picture_id
        FROM appearances a JOIN pictures p ON p.id = a.picture_id WHERE a.id = ?
        """, [.integer(damage.id)])
    else { return .deleteRow }
    let name = try row.optionalString("path").map { String($0.split(separator: "/").last ?? "") } ?? ""
    let (day, because): (CalendarDate?, String)
    if let named = PictureFileName(name)?.date {
      (day, because) = (named, "from its file's name")
    } else {
      (day, because) = (
        try row.optionalString("first_seen").flatMap {
          Timestamp.parse($0) == nil ? nil : CalendarDate(parsing: String($0.prefix(10)))
        },
        "the day it was first seen"
      )
    }
    guard let day else { return .deleteRow }
    let taken = try database.queryOne(
      "SELECT 1 FROM appearances WHERE picture_id = ? AND market = ? AND date = ? LIMIT 1",
      [try row.value("picture_id"), try row.value("market"), SQLiteValue(day)])
    return taken == nil ? .set(RecoveredValue(value: SQLiteValue(day), because: because)) : .deleteRow
  }

  /// Stores `value` in the damaged column. Call inside `write`.
  package func set(_ recovered: RecoveredValue, in damage: DamagedRow) throws(StoreError) {
    let column = ColumnRule.rules[damage.table]?.first { $0.column == damage.column }?.column
    guard let column else {
      throw StoreError.misuse(
        path: path, message: "no column \(damage.column) of \(damage.table.rawValue) to repair")
    }
    try database.run(
      "UPDATE \(damage.table.rawValue) SET \(column) = ? WHERE id = ?",
      [recovered.value, .integer(damage.id)])
  }

  /// Deletes the damaged row alone (an appearance, an apply, a fetch memo). Call inside `write`.
  package func deleteRow(of damage: DamagedRow) throws(StoreError) {
    switch damage.table {
    case .sourceFetches:
      try database.run("DELETE FROM source_fetches WHERE source = ?", [damage.fetchKey ?? .text(damage.key)])
    case .pictures, .appearances, .applies:
      try database.run("DELETE FROM \(damage.table.rawValue) WHERE id = ?", [.integer(damage.id)])
    }
  }

  /// The path a damaged picture row names, when it names one that can be a file.
  package func storedPath(pictureID: Int64) throws(StoreError) -> String? {
    guard
      let path = try database.queryOne(
        "SELECT substr(path, 1, \(HistoryColumns.longestPath + 1)) AS path FROM pictures WHERE id = ?",
        [.integer(pictureID)])?.optionalString("path"), HistoryColumns.isPath(path)
    else { return nil }
    return path
  }
}
