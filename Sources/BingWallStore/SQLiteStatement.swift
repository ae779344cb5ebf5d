import BingWallSystem
import CSQLite
import FoundationEssentials
import Glibc

/// One prepared statement, owning its `sqlite3_stmt` and finalizing it on deinit.
///
/// https://www.sqlite.org/c3ref/stmt.html
/// Made by `SQLiteDatabase.prepare`. It keeps its connection alive (and so inherits its rule: one
/// thread at a time). Parameters are 1-based, as in SQLite; columns are 0-based. A statement that
/// stopped on a row holds a read snapshot until it is reset, finished or freed, which keeps WAL
/// checkpoints from completing; `rows()` and the database's `query` helpers always reset.
final class SQLiteStatement {
  /// The connection, kept open as long as this statement lives; errors also need its handle.
  let database: SQLiteDatabase
  /// The SQL text of this one statement.
  let sql: String
  let handle: OpaquePointer

  init(database: SQLiteDatabase, handle: OpaquePointer, sql: String) {
    self.database = database
    self.handle = handle
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  /// How many parameters the SQL has (the largest index, for `?NNN`).
  var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

  /// How many columns a row of this statement has (0 for statements that return no data).
  var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// The name of a 0-based result column, as written after `AS` or taken from the table.
  func columnName(at index: Int) -> String {
    guard let name = sqlite3_column_name(handle, Int32(index)) else { return "" }
    return String(cString: name)
  }

  // MARK: - Binding

  /// Binds a value to a 1-based parameter index.
  ///
  /// https://www.sqlite.org/c3ref/bind_blob.html
  /// Text and blobs are copied (`SQLITE_TRANSIENT`), so the Swift value may go away at once.
  func bind(_ value: SQLiteValue, at index: Int) throws(StoreError) {
    guard let position = Int32(exactly: index) else {
      throw bindError("?\(index)", code: .range, message: "no parameter with that index")
    }
    let code = Self.bind(value, at: position, to: handle)
    if code != SQLITE_OK {
      throw bindError("?\(index)", code: SQLiteResultCode(code), message: database.lastErrorMessage)
    }
  }

  /// Binds a value to a named parameter: `":name"` as the SQL spells it; a bare `"name"` means `:name`.
  func bind(_ value: SQLiteValue, named name: String) throws(StoreError) {
    let spelled = name.first.map { ":@$?".contains($0) } == true ? name : ":" + name
    let index = sqlite3_bind_parameter_index(handle, spelled)
    if index == 0 { throw bindError(spelled, code: .range, message: "no parameter of that name") }
    try bind(value, at: Int(index))
  }

  /// Binds values to parameters 1, 2, ...; there must be exactly one value per parameter.
  func bind(_ values: [SQLiteValue]) throws(StoreError) {
    guard values.count == parameterCount else { throw countMismatch(values.count) }
    for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
  }

  /// Binds named values (`[":id": 3]`; bare names mean `:name`); every parameter must get a value.
  func bind(_ values: [String: SQLiteValue]) throws(StoreError) {
    guard values.count == parameterCount else { throw countMismatch(values.count) }
    for (name, value) in values { try bind(value, named: name) }
  }

  // MARK: - Running

  /// Runs the statement to its next row: `true` when a row is ready to read, `false` when done.
  ///
  /// https://www.sqlite.org/c3ref/step.html
  /// On failure the statement is reset (so it can run again) and the error carries SQLite's code.
  @discardableResult
  func step() throws(StoreError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW:
      return true
    case SQLITE_DONE:
      return false
    default:
      // Read the message before reset, which may set its own.
      let error = StoreError.statement(
        path: database.path, sql: sql, code: SQLiteResultCode(code), message: database.lastErrorMessage)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Makes the statement ready to run again; bindings stay.
  ///
  /// https://www.sqlite.org/c3ref/reset.html
  /// Its return value repeats the last `step` error, which `step` already threw, so it is dropped.
  func reset() { sqlite3_reset(handle) }

  /// The value of a 0-based column of the current row.
  func value(at index: Int) -> SQLiteValue {
    let column = Int32(index)
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT:
      // Text first, then its length: the documented order that avoids a conversion.
      guard let bytes = sqlite3_column_text(handle, column) else { return .text("") }
      let count = Int(sqlite3_column_bytes(handle, column))
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      // A zero-length blob comes back as a NULL pointer but is still a BLOB.
      guard let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
      return .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    default:
      return .null
    }
  }

  /// The current row, copied out.
  func row() -> SQLiteRow { row(layout: makeLayout()) }

  /// Runs the statement to the end, returning every row, then resets it.
  func rows() throws(StoreError) -> [SQLiteRow] {
    defer { reset() }
    var rows: [SQLiteRow] = []
    var layout: SQLiteRow.Layout?
    while try step() {
      // Names are read after the first step: a schema change re-prepares `SELECT *`.
      let current = layout ?? makeLayout()
      layout = current
      rows.append(row(layout: current))
    }
    return rows
  }

  /// Runs the statement to the end, ignoring rows, then resets it.
  func run() throws(StoreError) {
    defer { reset() }
    while try step() {}
  }

  // MARK: - Helpers

  func makeLayout() -> SQLiteRow.Layout {
    SQLiteRow.Layout(
      names: (0..<columnCount).map { columnName(at: $0) }, sql: sql, path: database.path)
  }

  private func row(layout: SQLiteRow.Layout) -> SQLiteRow {
    SQLiteRow(layout: layout, values: (0..<layout.names.count).map { value(at: $0) })
  }

  private func countMismatch(_ count: Int) -> StoreError {
    func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
    return bindError(
      "parameters", code: .range,
      message: "\(counted(count, "value")) for \(counted(parameterCount, "parameter"))")
  }

  private func bindError(_ parameter: String, code: SQLiteResultCode, message: String) -> StoreError {
    .bind(path: database.path, sql: sql, parameter: parameter, code: code, message: message)
  }

  /// The C calls behind `bind`, returning SQLite's result code.
  private static func bind(_ value: SQLiteValue, at index: Int32, to handle: OpaquePointer) -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(handle, index)
    case .integer(let integer):
      return sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      return sqlite3_bind_double(handle, index, real)
    case .text(let text):
      var text = text
      return text.withUTF8 { bytes in
        // A NULL pointer would bind NULL, not an empty string; any valid pointer does for length 0.
        guard let base = bytes.baseAddress else {
          return sqlite3_bind_text(handle, index, "", 0, bw_sqlite_transient())
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          sqlite3_bind_text64(
            handle, index, $0, sqlite3_uint64(bytes.count), bw_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data):
      // bind_blob with a NULL pointer binds NULL; an empty Data must stay an empty BLOB.
      if data.isEmpty { return sqlite3_bind_zeroblob(handle, index, 0) }
      return data.withUnsafeBytes { bytes in
        sqlite3_bind_blob64(
          handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), bw_sqlite_transient())
      }
    }
  }
}
