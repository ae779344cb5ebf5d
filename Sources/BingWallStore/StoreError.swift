import BingWallSystem
import CSQLite
import FoundationEssentials
import Glibc

/// Failures of the history database, with SQLite's own code and text, the file and the SQL.
///
/// `code` is always the extended result code (https://www.sqlite.org/rescode.html), because every
/// connection turns them on; `message` is `sqlite3_errmsg` captured right after the failing call.
package enum StoreError: Error, Equatable, Sendable {
  /// The database file could not be opened or created.
  case open(path: String, code: SQLiteResultCode, message: String)
  /// The file is on a file system where write-ahead logging does not work (it needs shared memory).
  case walUnavailable(path: String, journalMode: String)
  /// SQLite did not accept the SQL text.
  case prepare(path: String, sql: String, code: SQLiteResultCode, message: String)
  /// A value could not be bound to a parameter (no such index or name, too many or too few values).
  case bind(path: String, sql: String, parameter: String, code: SQLiteResultCode, message: String)
  /// A statement failed while running: a constraint, a lock held too long, a full disk, ...
  case statement(path: String, sql: String, code: SQLiteResultCode, message: String)
  /// A result row has no column of that name or index.
  case noSuchColumn(path: String, sql: String, column: String)
  /// A column holds a different type than the caller asked for (`expected` and `found` are
  /// SQLite type names: INTEGER, REAL, TEXT, BLOB, NULL).
  case typeMismatch(path: String, sql: String, column: String, expected: String, found: String)
  /// A row of the history holds a value out of its type (`HistoryColumns`): readers skip it.
  case damagedRow(DamagedRow)
  /// The file's schema version is newer than every migration this build knows.
  case newerSchema(path: String, found: Int, known: Int)
  /// Migration number `version` failed; `underlying` says how. Nothing of it was kept.
  indirect case migration(path: String, version: Int, underlying: StoreError)
  /// The API was used in a way it does not support; `message` says which.
  case misuse(path: String, message: String)
  /// An older history in a folder that cannot be written: read-only, it cannot be upgraded.
  case readOnlyNeedsUpgrade(path: String, found: Int, known: Int)
  /// A history opened read-only for another user has an older schema: only its owner upgrades it.
  case needsUpgrade(path: String, found: Int, known: Int)

  /// The extended SQLite result code behind this error, when SQLite reported one.
  var resultCode: SQLiteResultCode? {
    switch self {
    case .open(_, let code, _), .prepare(_, _, let code, _), .bind(_, _, _, let code, _),
      .statement(_, _, let code, _):
      return code
    case .migration(_, _, let underlying):
      return underlying.resultCode
    case .walUnavailable, .noSuchColumn, .typeMismatch, .damagedRow, .newerSchema, .misuse,
      .readOnlyNeedsUpgrade,
      .needsUpgrade:
      return nil
    }
  }

  /// True when another connection held a lock for longer than the busy timeout.
  ///
  /// With `BEGIN IMMEDIATE` and a busy timeout this should only happen when another process
  /// really kept the database locked that long; retrying later is reasonable.
  /// True when SQLite refused a value over the connection's length limit (an untrusted
  /// history's `SQLiteDatabase.untrustedValueLimit`).
  package var isTooBig: Bool {
    switch resultCode {
    case .tooBig?: return true
    default: return false
    }
  }

  var isBusy: Bool {
    switch resultCode {
    case .busy?, .locked?: return true
    default: return false
    }
  }
}

extension StoreError: DescribedError {
  package var description: String {
    switch self {
    case .open(let path, let code, let message):
      return "cannot open \(path): \(message) (\(code.name))"
    case .walUnavailable(let path, let journalMode):
      return "cannot use write-ahead logging for \(path) (journal mode stays '\(journalMode)')"
    case .prepare(let path, let sql, let code, let message):
      // Preparing reads the schema, so it can meet a damaged or locked file as well as a typo.
      return "cannot prepare \(Self.excerpt(sql)) for \(path): \(message) (\(code.name))"
    case .bind(let path, let sql, let parameter, let code, let message):
      return "cannot bind \(parameter) of \(Self.excerpt(sql)) for \(path): \(message) "
        + "(\(code.name))"
    case .statement(let path, let sql, let code, let message):
      return "cannot run \(Self.excerpt(sql)) on \(path): \(message) (\(code.name))"
    case .noSuchColumn(let path, let sql, let column):
      return "no column '\(column)' in the result of \(Self.excerpt(sql)) on \(path)"
    case .typeMismatch(let path, let sql, let column, let expected, let found):
      return "column '\(column)' of \(Self.excerpt(sql)) on \(path) holds \(found), not \(expected)"
    case .damagedRow(let damage):
      return "\(damage.subject) in the history is damaged: \(damage.problem)"
    case .newerSchema(let path, let found, let known):
      return "\(path) was written by a newer bingwall (schema \(found), this one knows \(known))"
    case .readOnlyNeedsUpgrade(let path, let found, let known):
      return "\(path) needs an upgrade (schema \(found) to \(known)) but its folder is read-only"
    case .needsUpgrade(let path, let found, let known):
      return "\(path) needs an upgrade (schema \(found) to \(known))"
    case .migration(let path, let version, let underlying):
      return "cannot upgrade \(path) to schema \(version), nothing was changed: \(underlying)"
    case .misuse(let path, let message):
      return "cannot use \(path): \(message)"
    }
  }
}

extension StoreError {
  /// SQL on one line and short enough for a message, in backquotes.
  private static func excerpt(_ sql: String) -> String {
    let words = sql.split(whereSeparator: { $0.isWhitespace })
    let line = words.joined(separator: " ")
    let limit = 80
    if line.count <= limit { return "`\(line)`" }
    return "`\(line.prefix(limit - 1))…`"
  }
}
