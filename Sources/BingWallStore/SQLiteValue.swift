import FoundationEssentials
import Glibc

/// One SQLite value: the five storage classes, for binding parameters and reading columns.
///
/// https://www.sqlite.org/datatype3.html
/// Literals make bindings short: `[nil, 42, 1.5, "text", true]`. A `Bool` is stored as 0 or 1.
enum SQLiteValue: Sendable, Equatable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  /// `true` as 1, `false` as 0, the way SQLite spells booleans.
  init(_ value: Bool) { self = .integer(value ? 1 : 0) }

  /// TEXT, or NULL for `nil`.
  init(_ value: String?) { self = value.map(SQLiteValue.text) ?? .null }

  /// BLOB, or NULL for `nil`. An empty `Data` stays an empty BLOB, not NULL.
  init(_ value: Data?) { self = value.map(SQLiteValue.blob) ?? .null }

  /// An `Int` as INTEGER, or NULL for `nil`.
  init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }

  /// SQLite's name of this value's storage class, as `typeof()` would print it.
  var typeName: String {
    switch self {
    case .null: return "NULL"
    case .integer: return "INTEGER"
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob: return "BLOB"
    }
  }
}

extension SQLiteValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  init(nilLiteral: ()) { self = .null }
  init(integerLiteral value: Int64) { self = .integer(value) }
  init(floatLiteral value: Double) { self = .real(value) }
  init(stringLiteral value: String) { self = .text(value) }
  init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
