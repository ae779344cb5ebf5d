import BingWallServiceTestSupport
import BingWallTestSupport
import CSQLite

@testable import BingWallStore

extension SQLiteDatabase {
  /// The rowid of the last successful INSERT on this connection (0 if none).
  ///
  /// https://www.sqlite.org/c3ref/last_insert_rowid.html
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}

extension StoreError {
  /// True for a violated UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint.
  var isConstraintViolation: Bool {
    switch resultCode {
    case .constraint?: return true
    default: return false
    }
  }
}

extension SQLiteResultCode {
  /// `SQLITE_CONSTRAINT_UNIQUE`, which the store never tells apart from its other constraint codes.
  static let constraintUnique = extended(.constraint, 8)
}
