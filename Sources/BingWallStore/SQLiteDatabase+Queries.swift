import BingWallSystem
import FoundationEssentials
import Glibc

/// One-call helpers: prepare, bind, run, collect, and always reset.
///
/// Each prepares its SQL anew; at bingwall's scale (a few statements per command) a statement
/// cache would add state without a measurable gain. Use `prepare` to reuse one in a loop.
extension SQLiteDatabase {
  /// Runs one statement with positional bindings and returns how many rows it changed.
  ///
  /// For the new row's id after an INSERT, use `RETURNING id` with `queryOne`.
  @discardableResult
  func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> Int {
    let statement = try prepare(sql)
    try statement.bind(bindings)
    try statement.run()
    return changes
  }

  /// Runs one statement with named bindings (`[":id": 3]`) and returns how many rows it changed.
  @discardableResult
  func run(_ sql: String, _ bindings: [String: SQLiteValue]) throws(StoreError) -> Int {
    let statement = try prepare(sql)
    try statement.bind(bindings)
    try statement.run()
    return changes
  }

  /// Every row of a query with positional bindings.
  func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> [SQLiteRow] {
    let statement = try prepare(sql)
    try statement.bind(bindings)
    return try statement.rows()
  }

  /// Every row of a query with named bindings.
  func query(_ sql: String, _ bindings: [String: SQLiteValue]) throws(StoreError) -> [SQLiteRow] {
    let statement = try prepare(sql)
    try statement.bind(bindings)
    return try statement.rows()
  }

  /// The first row of a query, or `nil` when it has none. The statement stops there.
  func queryOne(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> SQLiteRow? {
    let statement = try prepare(sql)
    try statement.bind(bindings)
    defer { statement.reset() }
    return try statement.step() ? statement.row() : nil
  }

  /// The first row of a query with named bindings, or `nil`.
  func queryOne(_ sql: String, _ bindings: [String: SQLiteValue]) throws(StoreError) -> SQLiteRow? {
    let statement = try prepare(sql)
    try statement.bind(bindings)
    defer { statement.reset() }
    return try statement.step() ? statement.row() : nil
  }

  /// The first column of the first row (`SELECT count(*) ...`), or `nil` when there is no row.
  func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> SQLiteValue? {
    try queryOne(sql, bindings).map { $0[0] }
  }
}
