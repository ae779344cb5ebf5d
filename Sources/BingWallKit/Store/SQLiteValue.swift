import Foundation

/// One SQLite value: the five storage classes, for binding parameters and reading columns.
///
/// https://www.sqlite.org/datatype3.html
/// Literals make bindings short: `[nil, 42, 1.5, "text", true]`. A `Bool` is stored as 0 or 1.
public enum SQLiteValue: Sendable, Equatable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  /// `true` as 1, `false` as 0, the way SQLite spells booleans.
  public init(_ value: Bool) { self = .integer(value ? 1 : 0) }

  /// TEXT, or NULL for `nil`.
  public init(_ value: String?) { self = value.map(SQLiteValue.text) ?? .null }

  /// BLOB, or NULL for `nil`. An empty `Data` stays an empty BLOB, not NULL.
  public init(_ value: Data?) { self = value.map(SQLiteValue.blob) ?? .null }

  /// An `Int` as INTEGER, or NULL for `nil`.
  public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }

  /// SQLite's name of this value's storage class, as `typeof()` would print it.
  public var typeName: String {
    switch self {
    case .null: return "NULL"
    case .integer: return "INTEGER"
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob: return "BLOB"
    }
  }

  public var isNull: Bool { self == .null }
}

extension SQLiteValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
