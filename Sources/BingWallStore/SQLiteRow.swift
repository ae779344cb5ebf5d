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

  /// The value at a 0-based index. Traps when out of range, like an array; use `value(at:)` to throw.
  subscript(index: Int) -> SQLiteValue { values[index] }

  /// The value of the named column, or `nil` when the result has no such column.
  subscript(name: String) -> SQLiteValue? { layout.index(of: name).map { values[$0] } }

  func value(_ name: String) throws(StoreError) -> SQLiteValue { try resolve(.name(name)).value }
  func value(at index: Int) throws(StoreError) -> SQLiteValue { try resolve(.index(index)).value }

  func int(_ name: String) throws(StoreError) -> Int { try required(.name(name), Self.int) }
  func int(at index: Int) throws(StoreError) -> Int { try required(.index(index), Self.int) }
  func int64(_ name: String) throws(StoreError) -> Int64 { try required(.name(name), Self.int64) }
  func int64(at index: Int) throws(StoreError) -> Int64 { try required(.index(index), Self.int64) }
  func double(_ name: String) throws(StoreError) -> Double { try required(.name(name), Self.double) }
  func double(at index: Int) throws(StoreError) -> Double { try required(.index(index), Self.double) }
  func string(_ name: String) throws(StoreError) -> String { try required(.name(name), Self.string) }
  func string(at index: Int) throws(StoreError) -> String { try required(.index(index), Self.string) }
  func data(_ name: String) throws(StoreError) -> Data { try required(.name(name), Self.data) }
  func data(at index: Int) throws(StoreError) -> Data { try required(.index(index), Self.data) }
  /// 0 is false, any other INTEGER true.
  func bool(_ name: String) throws(StoreError) -> Bool { try required(.name(name), Self.bool) }
  func bool(at index: Int) throws(StoreError) -> Bool { try required(.index(index), Self.bool) }

  func optionalInt(_ name: String) throws(StoreError) -> Int? {
    try optional(.name(name), Self.int)
  }
  func optionalInt(at index: Int) throws(StoreError) -> Int? {
    try optional(.index(index), Self.int)
  }
  func optionalInt64(_ name: String) throws(StoreError) -> Int64? {
    try optional(.name(name), Self.int64)
  }
  func optionalInt64(at index: Int) throws(StoreError) -> Int64? {
    try optional(.index(index), Self.int64)
  }
  func optionalDouble(_ name: String) throws(StoreError) -> Double? {
    try optional(.name(name), Self.double)
  }
  func optionalDouble(at index: Int) throws(StoreError) -> Double? {
    try optional(.index(index), Self.double)
  }
  func optionalString(_ name: String) throws(StoreError) -> String? {
    try optional(.name(name), Self.string)
  }
  func optionalString(at index: Int) throws(StoreError) -> String? {
    try optional(.index(index), Self.string)
  }
  func optionalData(_ name: String) throws(StoreError) -> Data? {
    try optional(.name(name), Self.data)
  }
  func optionalData(at index: Int) throws(StoreError) -> Data? {
    try optional(.index(index), Self.data)
  }
  func optionalBool(_ name: String) throws(StoreError) -> Bool? {
    try optional(.name(name), Self.bool)
  }
  func optionalBool(at index: Int) throws(StoreError) -> Bool? {
    try optional(.index(index), Self.bool)
  }

  // MARK: - Lookup and conversion

  private enum Key {
    case name(String)
    case index(Int)
  }

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

  private func resolve(_ key: Key) throws(StoreError) -> (label: String, value: SQLiteValue) {
    switch key {
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

  private func required<T>(_ key: Key, _ conversion: Conversion<T>) throws(StoreError) -> T {
    let (label, value) = try resolve(key)
    if let result = conversion.convert(value) { return result }
    throw .typeMismatch(
      path: layout.path, sql: layout.sql, column: label, expected: conversion.expected, found: value.typeName)
  }

  private func optional<T>(_ key: Key, _ conversion: Conversion<T>) throws(StoreError) -> T? {
    let (label, value) = try resolve(key)
    if value == .null { return nil }
    if let result = conversion.convert(value) { return result }
    throw .typeMismatch(
      path: layout.path, sql: layout.sql, column: label, expected: conversion.expected, found: value.typeName)
  }
}
