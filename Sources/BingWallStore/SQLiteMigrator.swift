import BingWallSystem
import CSQLite
import FoundationEssentials
import Glibc

/// Brings a database's schema up to date from an ordered list of migrations.
///
/// The version lives in `PRAGMA user_version` (https://www.sqlite.org/pragma.html#pragma_user_version),
/// 0 for a new file. Each pending migration runs in its own `BEGIN IMMEDIATE` transaction
/// together with the bump of `user_version`, so a failure or a crash leaves the file at the
/// previous version, schema and all. The version is read again inside each transaction: when
/// two processes start on a new file at once, the second waits for the first's write lock,
/// then finds the work done and skips it.
///
/// Foreign keys are turned off around each migration, as SQLite's guide to schema changes
/// requires (https://www.sqlite.org/lang_altertable.html#otheralter): with them on, dropping a
/// table to rebuild it would delete or block the rows that refer to it. `PRAGMA
/// foreign_key_check` must then be clean before the migration commits.
struct SQLiteMigrator: Sendable {
  let migrations: [SQLiteMigration]

  init(_ migrations: [SQLiteMigration]) {
    self.migrations = migrations
  }

  /// The schema version this code knows: the number of migrations.
  var latestVersion: Int { migrations.count }

  /// Applies every pending migration and returns how many this call applied (0 when up to date,
  /// also when another process did the work meanwhile).
  ///
  /// Throws `.newerSchema` for a file from a newer bingwall, `.migration` wrapping the cause
  /// when a migration fails, `.misuse` when called inside a transaction (migrations need their
  /// own, and `PRAGMA foreign_keys` cannot change inside one).
  @discardableResult
  func migrate(_ database: SQLiteDatabase) throws(StoreError) -> Int {
    if database.isInTransaction {
      throw .misuse(path: database.path, message: "migrate was called inside a transaction")
    }
    // Cheap check without the write lock: the common case is "nothing to do".
    let version = try database.userVersion()
    try checkKnown(version, database)
    if version == latestVersion { return 0 }

    try database.execute("PRAGMA foreign_keys = OFF")
    do throws(StoreError) {
      let applied = try applyPending(database)
      try database.execute("PRAGMA foreign_keys = ON")
      return applied
    } catch {
      // The first error is the one to report; turning the pragma back on practically cannot fail.
      try? database.execute("PRAGMA foreign_keys = ON")
      throw error
    }
  }

  private func applyPending(_ database: SQLiteDatabase) throws(StoreError) -> Int {
    var applied = 0
    while true {
      let done = try database.storeTransaction { () throws(StoreError) -> Bool in
        let version = try database.userVersion()
        try checkKnown(version, database)
        if version == latestVersion { return true }
        let next = version + 1
        do throws(StoreError) {
          try migrations[version].apply(database)
          try Self.checkForeignKeys(database)
        } catch {
          throw .migration(path: database.path, version: next, underlying: error)
        }
        try database.execute("PRAGMA user_version = \(next)")
        return false
      }
      if done { return applied }
      applied += 1
    }
  }

  /// Refuses a file whose header already says a newer bingwall wrote it, before a connection
  /// changes anything (opening switches the journal to WAL, which rewrites the header): a newer
  /// history is left exactly as it was. Reads `user_version` at byte 60 of the header
  /// (https://www.sqlite.org/fileformat.html#the_database_header); a file too short or missing
  /// passes, and the migrator's own check after opening still applies.
  func checkHeader(ofFileAt path: String) throws(StoreError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    guard let header = try? Syscall.read(descriptor, upTo: 64, at: 0), header.count == 64,
      header.starts(with: Array("SQLite format 3\u{0}".utf8))
    else { return }
    let version = header[60..<64].reduce(0) { $0 << 8 | Int($1) }
    if version > latestVersion { throw .newerSchema(path: path, found: version, known: latestVersion) }
  }

  private func checkKnown(_ version: Int, _ database: SQLiteDatabase) throws(StoreError) {
    if version > latestVersion {
      throw .newerSchema(path: database.path, found: version, known: latestVersion)
    }
  }

  /// Fails when the migration left a row whose foreign key points nowhere.
  private static func checkForeignKeys(_ database: SQLiteDatabase) throws(StoreError) {
    let sql = "PRAGMA foreign_key_check"
    guard let row = try database.queryOne(sql) else { return }
    // Columns: table, rowid, parent table, foreign key index.
    let table = (try? row.string(0)) ?? "?"
    let rowid = (try? row.optionalInt64(1)).flatMap { $0 }.map(String.init) ?? "?"
    let parent = (try? row.string(2)) ?? "?"
    throw .statement(
      path: database.path, sql: sql, code: .constraintForeignKey,
      message: "row \(rowid) of \(table) refers to a missing row of \(parent)")
  }
}
