import BingWallSystem
import CSQLite
import FoundationEssentials
import Glibc

/// One connection to a SQLite database file, set up the way bingwall needs it.
///
/// https://www.sqlite.org/c3ref/sqlite3.html
/// Opening it turns on extended result codes, a busy timeout, foreign keys, write-ahead logging
/// (checked: WAL lets the daemon read while a cron `update` writes) and `synchronous=NORMAL`
/// (safe with WAL: a power cut may lose the last commits but never corrupts the file).
///
/// Not `Sendable`, on purpose: the connection is opened with `SQLITE_OPEN_NOMUTEX`, so SQLite does
/// not serialize calls on it, and a transaction is a sequence of calls that must not interleave
/// with another thread's anyway. Give each thread (or actor) its own connection; several
/// connections, in this process or others, share the file safely through SQLite's file locks.
package final class SQLiteDatabase {
  /// The file name as given; every error message names it.
  package let path: String
  /// True when opened with `readOnly: true`.
  let isReadOnly: Bool
  /// True for a file someone else controls (`untrusted`): read-only, and defended.
  let isUntrusted: Bool
  let handle: OpaquePointer

  /// Opens (and unless `readOnly`, creates with mode 0600) the database file at `path`.
  ///
  /// https://www.sqlite.org/c3ref/open.html
  /// - `SQLITE_OPEN_NOMUTEX`: multi-thread mode for this connection. Each connection is used by
  ///   one thread at a time (it is not `Sendable`), so SQLite's per-connection mutex would only
  ///   cost time. `FULLMUTEX` would not make our multi-call transactions atomic either.
  /// - `SQLITE_OPEN_EXRESCODE` plus `sqlite3_extended_result_codes`: extended codes
  ///   (`SQLITE_CONSTRAINT_FOREIGNKEY` rather than `SQLITE_CONSTRAINT`) from the open call on.
  /// - `busyTimeout`: how long a statement waits for another connection's lock before failing
  ///   with `SQLITE_BUSY`. Writers use `BEGIN IMMEDIATE` (see `transaction`), so they queue on
  ///   this timeout instead of failing at once.
  ///
  /// A read-only connection accepts whatever journal mode the file has: it cannot change it.
  ///
  /// `immutable` (read-only only) opens a file on read-only media: SQLite then takes no lock and
  /// needs no `-shm` file, which a WAL database otherwise must create beside itself, so a history
  /// in a read-only folder can still be read. Nothing may change the file while it is open so.
  ///
  /// `untrusted` (read-only only) opens a file another user controls, as
  /// https://www.sqlite.org/security.html asks: no symbolic link as the file
  /// (`SQLITE_OPEN_NOFOLLOW`), `SQLITE_DBCONFIG_DEFENSIVE`, `trusted_schema` off (no function
  /// with side effects from her schema's views or triggers), and no string or blob longer than
  /// `untrustedValueLimit`, so a 400 MB title is an error, not 400 MB read.
  convenience init(
    path: String, readOnly: Bool = false, immutable: Bool = false, untrusted: Bool = false,
    busyTimeout: Duration = .seconds(10)
  ) throws(StoreError) {
    try self.init(
      location: .file(path), readOnly: readOnly, immutable: immutable, untrusted: untrusted,
      busyTimeout: busyTimeout)
  }

  /// Where a database lives.
  enum Location: Equatable, Sendable {
    /// The file at this path.
    case file(String)
    /// Memory alone (SQLite's `:memory:`): no file is made, and it is gone with the connection.
    case memory

    /// The name `sqlite3_open_v2` takes, and messages give.
    var name: String {
      switch self {
      case .file(let path): return path
      case .memory: return ":memory:"
      }
    }
  }

  /// Opens the database at `location`; as `init(path:)` for a file.
  init(
    location: Location, readOnly: Bool = false, immutable: Bool = false, untrusted: Bool = false,
    busyTimeout: Duration = .seconds(10)
  ) throws(StoreError) {
    let path = location.name
    self.path = path
    self.isReadOnly = readOnly || immutable || untrusted
    self.isUntrusted = untrusted
    if !isReadOnly, case .file(let path) = location { Self.createPrivately(path) }

    var handle: OpaquePointer?
    var access = isReadOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    if untrusted { access |= SQLITE_OPEN_NOFOLLOW }
    var name = path
    if immutable {
      access |= SQLITE_OPEN_URI
      name = "file:" + PercentEncoding.encoded(path, keeping: .path) + "?immutable=1"
    }
    let code = sqlite3_open_v2(name, &handle, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
    guard let handle else {
      // Only when SQLite could not even allocate the connection object.
      throw StoreError.open(
        path: path, code: SQLiteResultCode(code), message: String(cString: sqlite3_errstr(code)))
    }
    guard code == SQLITE_OK else {
      let error = StoreError.open(
        path: path, code: SQLiteResultCode(code), message: Self.openFailureMessage(handle))
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    // From here on, deinit closes the handle if set-up throws.
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Self.milliseconds(busyTimeout))
    if untrusted {
      // Before any statement reads her schema.
      var result: Int32 = 0
      let defended =
        bw_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, &result) == SQLITE_OK && result == 1
        && bw_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &result) == SQLITE_OK
        && result == 0
      guard defended else {
        throw StoreError.open(
          path: path, code: .misuse, message: "SQLite refused the defensive settings")
      }
      sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.untrustedValueLimit)
    }
    do throws(StoreError) {
      try configure(busyTimeout: busyTimeout)
    } catch .walUnavailable(let path, let journalMode) {
      throw .walUnavailable(path: path, journalMode: journalMode)
    } catch {
      // The first statements are where SQLite finds a file that is not a database, damaged or
      // locked; to the user that is failing to open it, not some PRAGMA.
      throw .open(path: path, code: error.resultCode ?? .error, message: Self.message(of: error))
    }
  }

  deinit {
    // Statements keep their connection alive, so none is left here; _v2 would otherwise
    // defer the close until the last one is finalized rather than fail.
    sqlite3_close_v2(handle)
  }

  /// The version of the SQLite library loaded at run time, e.g. "3.40.1".
  package static var libraryVersion: String { String(cString: sqlite3_libversion()) }

  /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
  ///
  /// https://www.sqlite.org/c3ref/changes.html
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// True between BEGIN and COMMIT/ROLLBACK (SQLite's autocommit mode is off).
  ///
  /// https://www.sqlite.org/c3ref/get_autocommit.html
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// `PRAGMA user_version`: the schema version the migrator keeps.
  func userVersion() throws(StoreError) -> Int {
    guard let row = try queryOne("PRAGMA user_version") else { return 0 }
    return try row.int(0)
  }

  // MARK: - Running SQL

  /// Runs a script of one or more statements separated by semicolons; result rows are dropped.
  ///
  /// https://www.sqlite.org/c3ref/prepare.html
  /// A prepare loop rather than `sqlite3_exec`, so an error names the statement that failed.
  /// Statements before it stay applied unless the script runs inside a transaction.
  func execute(_ sql: String) throws(StoreError) {
    let text = Array(sql.utf8CString)
    var offset = 0
    while true {
      guard let statement = try prepareNext(text, from: &offset) else { return }
      try statement.run()
    }
  }

  /// Compiles exactly one statement; SQL left over after it (other than comments) is an error,
  /// so a forgotten second statement is not silently ignored. Use `execute` for scripts.
  func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
    let text = Array(sql.utf8CString)
    var offset = 0
    guard let statement = try prepareNext(text, from: &offset) else {
      throw StoreError.prepare(path: path, sql: sql, code: .misuse, message: "no SQL statement")
    }
    // Anything after it that SQLite would compile or reject is a second statement.
    let hasMore: Bool
    do { hasMore = try prepareNext(text, from: &offset) != nil } catch { hasMore = true }
    if hasMore {
      throw StoreError.prepare(
        path: path, sql: sql, code: .misuse, message: "more than one statement; use execute")
    }
    return statement
  }

  /// Prepares the next statement of a NUL-terminated script from `offset` and moves `offset`
  /// past it; `nil` at the end of the script.
  private func prepareNext(_ text: [CChar], from offset: inout Int) throws(StoreError) -> SQLiteStatement? {
    // The last byte is the NUL; sqlite3_prepare_v3 copies what it needs, so no pointer escapes.
    while offset < text.count - 1 {
      let start = offset
      let (code, statement, end) = text.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress! + start  // non-nil: the array holds at least the NUL
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v3(handle, base, -1, 0, &statement, &tail)
        let end = tail.map { buffer.baseAddress!.distance(to: $0) } ?? (buffer.count - 1)
        return (code, statement, end)
      }
      let piece = Self.string(text[start..<max(start, end)])
      guard code == SQLITE_OK else {
        sqlite3_finalize(statement)
        let rest = Self.string(text[start..<(text.count - 1)])
        throw StoreError.prepare(
          path: path, sql: rest, code: SQLiteResultCode(code), message: lastErrorMessage)
      }
      offset = max(end, start + 1)
      // Only whitespace or a comment: no statement, keep going.
      guard let statement else { continue }
      return SQLiteStatement(
        database: self, handle: statement, sql: piece.trimmed())
    }
    return nil
  }

  // MARK: - Set-up

  /// The longest string or blob read from an untrusted file: far beyond any title or caption.
  static let untrustedValueLimit: Int32 = 1 << 20

  /// The pragmas every connection needs. Only the switch to WAL takes a lock.
  private func configure(busyTimeout: Duration) throws(StoreError) {
    if isUntrusted { try execute("PRAGMA trusted_schema = OFF") }
    try execute("PRAGMA foreign_keys = ON")
    if isReadOnly { return }
    let mode = try switchToWAL(busyTimeout: busyTimeout)
    // In-memory and temporary databases have no file name and cannot use WAL; that is fine.
    let isFile = sqlite3_db_filename(handle, "main").map { $0.pointee != 0 } ?? false
    if mode != "wal", isFile { throw StoreError.walUnavailable(path: path, journalMode: mode) }
    try execute("PRAGMA synchronous = NORMAL")
  }

  /// `PRAGMA journal_mode = WAL`, retried while another connection is busy with the file.
  ///
  /// The mode is persistent, so only a new file needs the switch, and it needs an exclusive
  /// lock. When several connections set up a new file at once, SQLite sometimes returns
  /// `SQLITE_BUSY` at once, without calling the busy handler: the pragma holds a read lock and
  /// must upgrade it, and SQLite will not wait in that state (it could deadlock). Our tests saw
  /// this about once in thirty runs of four connections. So this waits and retries here, within
  /// the same busy timeout.
  private func switchToWAL(busyTimeout: Duration) throws(StoreError) -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + busyTimeout
    var pause = Duration.milliseconds(1)
    while true {
      do throws(StoreError) {
        return try queryOne("PRAGMA journal_mode = WAL")?.string(0).lowercased() ?? ""
      } catch let error where error.isBusy && clock.now + pause < deadline {
        // Blocking, like SQLite's own busy handler: a connection is used from one thread.
        usleep(useconds_t(pause / .microseconds(1)))
        pause = min(pause * 2, .milliseconds(50))
      }
    }
  }

  /// Creates a missing database file with mode 0600 before SQLite opens it.
  ///
  /// SQLite creates files with 0644 minus the umask, and changing the umask would touch the whole
  /// process. An empty file is a valid empty database, and SQLite gives the `-wal` and `-shm`
  /// files the main file's permissions. O_CREAT without O_EXCL: when two processes race, both
  /// succeed and neither changes an existing file's mode. Failures are left to `sqlite3_open_v2`,
  /// which reports them with its own code.
  private static func createPrivately(_ path: String) {
    // "" (a temporary database) is not a file.
    if path.isEmpty { return }
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) }
  }

  /// The SQLite text inside a set-up error.
  private static func message(of error: StoreError) -> String {
    switch error {
    case .open(_, _, let message), .prepare(_, _, _, let message), .statement(_, _, _, let message),
      .bind(_, _, _, _, let message):
      return message
    default:
      return error.description
    }
  }

  /// SQLite's message for a failed open, plus the operating system's reason when it has one.
  private static func openFailureMessage(_ handle: OpaquePointer) -> String {
    let message = String(cString: sqlite3_errmsg(handle))
    let systemError = sqlite3_system_errno(handle)
    if systemError == 0 { return message }
    return message + ": " + String(cString: strerror(systemError))
  }

  /// `sqlite3_errmsg` now: the text for the most recent failed call on this connection.
  var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  private static func string(_ bytes: ArraySlice<CChar>) -> String {
    String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return Int32(clamping: max(0, total))
  }
}
