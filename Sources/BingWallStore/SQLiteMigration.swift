import FoundationEssentials
import Glibc

/// One step of the schema: SQL or code that takes the database from version N-1 to N.
///
/// Its position in `SQLiteMigrator.migrations` is its version (the first is 1). Once released,
/// a migration never changes; a new schema is a new migration at the end.
struct SQLiteMigration: Sendable {
  let apply: @Sendable (SQLiteDatabase) throws(StoreError) -> Void

  /// A migration written in code, for data that SQL alone cannot transform.
  ///
  /// It runs inside the migrator's transaction: it must not BEGIN or COMMIT, and foreign keys
  /// are off while it runs (checked before commit, see `SQLiteMigrator`).
  init(_ apply: @escaping @Sendable (SQLiteDatabase) throws(StoreError) -> Void) {
    self.apply = apply
  }

  /// A migration that runs an SQL script (several statements are fine).
  static func sql(_ script: String) -> SQLiteMigration {
    SQLiteMigration { database throws(StoreError) in try database.execute(script) }
  }
}
