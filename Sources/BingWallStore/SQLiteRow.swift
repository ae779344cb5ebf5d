import BingWallSystem
import FoundationEssentials
import Glibc

/// One result row, copied out of the statement, with typed accessors that throw instead of trapping.
///
/// https://www.sqlite.org/c3ref/column_blob.html
/// Columns are found by name (as the query spells it, else ignoring case, like SQLite identifiers;
/// the first of several same-named columns wins, so alias joined columns with `AS`) or by 0-based
/// index. A missing column or a value of another type throws `StoreError.noSuchColumn` or
/// `.typeMismatch`; the `optional…` accessors return `nil` for NULL only. `double` also accepts an
/// INTEGER, since a REAL column may hold integral values stored as integers; nothing else converts.
struct SQLiteRow: Sendable, Equatable {
  /// The column names and the context for error messages, shared by every row of one result.
  final class Layout: Sendable {
    let names: [String]
    let exact: [String: Int]
    let folded: [String: Int]
    let sql: String
    let path: String

    init(names: [String], sql: String, path: String) {
      self.names = names
      self.sql = sql
      self.path = path
      var exact: [String: Int] = [:]
      var folded: [String: Int] = [:]
      for (index, name) in names.enumerated() {
        if exact[name] == nil { exact[name] = index }
        if folded[name.lowercased()] == nil { folded[name.lowercased()] = index }
      }
      self.exact = exact
      self.folded = folded
    }

    func index(of name: String) -> Int? { exact[name] ?? folded[name.lowercased()] }
  }

  let layout: Layout
  /// The values in column order.
  let values: [SQLiteValue]

  /// The column names in order, as SQLite reports them (`sqlite3_column_name`).
  var columns: [String] { layout.names }

  static func == (lhs: SQLiteRow, rhs: SQLiteRow) -> Bool {
    lhs.columns == rhs.columns && lhs.values == rhs.values
  }

  /// The value at a 0-based index. Traps when out of range, like an array; use `value(_:)` to throw.
  subscript(index: Int) -> SQLiteValue { values[index] }

  /// The value of the named column, or `nil` when the result has no such column.
  subscript(name: String) -> SQLiteValue? { layout.index(of: name).map { values[$0] } }

  /// A column by name or by index: `row.int("n")`, `row.int(0)`.
  typealias Column = SQLiteColumnReference

  func value(_ key: some Column) throws(StoreError) -> SQLiteValue { try resolve(key.column).value }

  func int(_ key: some Column) throws(StoreError) -> Int { try required(key, Self.int) }
  func int64(_ key: some Column) throws(StoreError) -> Int64 { try required(key, Self.int64) }
  func double(_ key: some Column) throws(StoreError) -> Double { try required(key, Self.double) }
  func string(_ key: some Column) throws(StoreError) -> String { try required(key, Self.string) }
  func data(_ key: some Column) throws(StoreError) -> Data { try required(key, Self.data) }
  /// 0 is false, any other INTEGER true.
  func bool(_ key: some Column) throws(StoreError) -> Bool { try required(key, Self.bool) }

  func optionalInt(_ key: some Column) throws(StoreError) -> Int? { try optional(key, Self.int) }
  func optionalInt64(_ key: some Column) throws(StoreError) -> Int64? { try optional(key, Self.int64) }
  func optionalString(_ key: some Column) throws(StoreError) -> String? { try optional(key, Self.string) }
  func optionalData(_ key: some Column) throws(StoreError) -> Data? { try optional(key, Self.data) }

  // MARK: - Lookup and conversion

  /// How to read one Swift type from a value: the SQLite type it wants, and the conversion,
  /// which returns `nil` for a value of another type.
  private struct Conversion<T> {
    let expected: String
    let convert: (SQLiteValue) -> T?
  }

  private static var int: Conversion<Int> {
    Conversion(expected: "INTEGER") { if case .integer(let v) = $0 { Int(exactly: v) } else { nil } }
  }
  private static var int64: Conversion<Int64> {
    Conversion(expected: "INTEGER") { if case .integer(let v) = $0 { v } else { nil } }
  }
  private static var bool: Conversion<Bool> {
    Conversion(expected: "INTEGER") { if case .integer(let v) = $0 { v != 0 } else { nil } }
  }
  private static var string: Conversion<String> {
    Conversion(expected: "TEXT") { if case .text(let v) = $0 { v } else { nil } }
  }
  private static var data: Conversion<Data> {
    Conversion(expected: "BLOB") { if case .blob(let v) = $0 { v } else { nil } }
  }
  private static var double: Conversion<Double> {
    Conversion(expected: "REAL") {
      switch $0 {
      case .real(let v): v
      case .integer(let v): Double(v)
      default: nil
      }
    }
  }

  private func resolve(_ column: SQLiteColumn) throws(StoreError) -> (label: String, value: SQLiteValue) {
    switch column {
    case .name(let name):
      guard let index = layout.index(of: name) else {
        throw .noSuchColumn(path: layout.path, sql: layout.sql, column: name)
      }
      return (name, values[index])
    case .index(let index):
      guard values.indices.contains(index) else {
        throw .noSuchColumn(path: layout.path, sql: layout.sql, column: "#\(index)")
      }
      return ("\(layout.names[index]) (#\(index))", values[index])
    }
  }

  private func required<T>(_ column: some SQLiteColumnReference, _ conversion: Conversion<T>)
    throws(StoreError) -> T
  {
    let (label, value) = try resolve(column.column)
    if let result = conversion.convert(value) { return result }
    throw .typeMismatch(
      path: layout.path, sql: layout.sql, column: label, expected: conversion.expected, found: value.typeName)
  }

  private func optional<T>(_ column: some SQLiteColumnReference, _ conversion: Conversion<T>)
    throws(StoreError)
    -> T?
  {
    let (label, value) = try resolve(column.column)
    if value == .null { return nil }
    if let result = conversion.convert(value) { return result }
    throw .typeMismatch(
      path: layout.path, sql: layout.sql, column: label, expected: conversion.expected, found: value.typeName)
  }
}

/// A column of a row: by name (a `String`) or by 0-based index (an `Int`), so that each typed
/// accessor is written once and reads `row.int("n")` and `row.int(0)` alike.
protocol SQLiteColumnReference {
  var column: SQLiteColumn { get }
}

enum SQLiteColumn {
  case name(String)
  case index(Int)
}

extension String: SQLiteColumnReference {
  var column: SQLiteColumn { .name(self) }
}

extension Int: SQLiteColumnReference {
  var column: SQLiteColumn { .index(self) }
}
