import CSQLite

/// A SQLite result code, primary or extended, as GRDB's `ResultCode` is: a typed value that
/// pattern-matches, where a primary code matches every extended code of its family
/// (`case .busy` catches `SQLITE_BUSY_TIMEOUT`), and an extended one only itself.
///
/// https://www.sqlite.org/rescode.html
/// Swift does not import the extended codes (they are `(PRIMARY | (n<<8))` macros), so their
/// names are written out here from `sqlite3.h`; `sqlite3_errstr` gives English text, not the name.
package struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  package var rawValue: Int32

  package init(rawValue: Int32) { self.rawValue = rawValue }
  init(_ rawValue: Int32) { self.rawValue = rawValue }

  /// The primary result code, the low 8 bits of an extended one.
  package var primary: SQLiteResultCode { SQLiteResultCode(rawValue & 0xff) }

  /// `SQLITE_CONSTRAINT_FOREIGNKEY` and friends, rebuilt from their primary code and sub-number.
  static func extended(_ primary: SQLiteResultCode, _ number: Int32) -> SQLiteResultCode {
    SQLiteResultCode(primary.rawValue | (number << 8))
  }

  package static let ok = SQLiteResultCode(SQLITE_OK)
  package static let error = SQLiteResultCode(SQLITE_ERROR)
  static let perm = SQLiteResultCode(SQLITE_PERM)
  package static let busy = SQLiteResultCode(SQLITE_BUSY)
  package static let locked = SQLiteResultCode(SQLITE_LOCKED)
  static let noMemory = SQLiteResultCode(SQLITE_NOMEM)
  static let readOnly = SQLiteResultCode(SQLITE_READONLY)
  static let ioError = SQLiteResultCode(SQLITE_IOERR)
  package static let corrupt = SQLiteResultCode(SQLITE_CORRUPT)
  package static let full = SQLiteResultCode(SQLITE_FULL)
  static let cannotOpen = SQLiteResultCode(SQLITE_CANTOPEN)
  static let tooBig = SQLiteResultCode(SQLITE_TOOBIG)
  static let constraint = SQLiteResultCode(SQLITE_CONSTRAINT)
  static let misuse = SQLiteResultCode(SQLITE_MISUSE)
  package static let auth = SQLiteResultCode(SQLITE_AUTH)
  package static let range = SQLiteResultCode(SQLITE_RANGE)
  static let notADatabase = SQLiteResultCode(SQLITE_NOTADB)
  static let constraintForeignKey = extended(.constraint, 3)

  /// A primary pattern matches its whole family; an extended pattern only itself.
  package static func ~= (pattern: SQLiteResultCode, code: SQLiteResultCode) -> Bool {
    pattern.primary == pattern ? pattern == code.primary : pattern == code
  }

  /// `SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, ...; an unknown extended code shows as its
  /// primary name plus the number.
  package var name: String {
    if let name = Self.names[rawValue] { return name }
    if let primary = Self.names[primary.rawValue] { return "\(primary) (\(rawValue))" }
    return "SQLite result \(rawValue)"
  }

  package var description: String { name }

  private static let names: [Int32: String] = {
    var table: [Int32: String] = [:]
    for (name, code) in primaries { table[code] = name }
    for (name, primary, number) in extendedCodes { table[primary | (number << 8)] = name }
    return table
  }()

  private static let primaries: [(String, Int32)] = [
    ("SQLITE_OK", SQLITE_OK),
    ("SQLITE_ERROR", SQLITE_ERROR),
    ("SQLITE_INTERNAL", SQLITE_INTERNAL),
    ("SQLITE_PERM", SQLITE_PERM),
    ("SQLITE_ABORT", SQLITE_ABORT),
    ("SQLITE_BUSY", SQLITE_BUSY),
    ("SQLITE_LOCKED", SQLITE_LOCKED),
    ("SQLITE_NOMEM", SQLITE_NOMEM),
    ("SQLITE_READONLY", SQLITE_READONLY),
    ("SQLITE_INTERRUPT", SQLITE_INTERRUPT),
    ("SQLITE_IOERR", SQLITE_IOERR),
    ("SQLITE_CORRUPT", SQLITE_CORRUPT),
    ("SQLITE_NOTFOUND", SQLITE_NOTFOUND),
    ("SQLITE_FULL", SQLITE_FULL),
    ("SQLITE_CANTOPEN", SQLITE_CANTOPEN),
    ("SQLITE_PROTOCOL", SQLITE_PROTOCOL),
    ("SQLITE_EMPTY", SQLITE_EMPTY),
    ("SQLITE_SCHEMA", SQLITE_SCHEMA),
    ("SQLITE_TOOBIG", SQLITE_TOOBIG),
    ("SQLITE_CONSTRAINT", SQLITE_CONSTRAINT),
    ("SQLITE_MISMATCH", SQLITE_MISMATCH),
    ("SQLITE_MISUSE", SQLITE_MISUSE),
    ("SQLITE_NOLFS", SQLITE_NOLFS),
    ("SQLITE_AUTH", SQLITE_AUTH),
    ("SQLITE_FORMAT", SQLITE_FORMAT),
    ("SQLITE_RANGE", SQLITE_RANGE),
    ("SQLITE_NOTADB", SQLITE_NOTADB),
    ("SQLITE_NOTICE", SQLITE_NOTICE),
    ("SQLITE_WARNING", SQLITE_WARNING),
    ("SQLITE_ROW", SQLITE_ROW),
    ("SQLITE_DONE", SQLITE_DONE),
  ]

  // From sqlite3.h 3.40: `#define NAME (PRIMARY | (number<<8))`.
  private static let extendedCodes: [(String, Int32, Int32)] = [
    ("SQLITE_ERROR_MISSING_COLLSEQ", SQLITE_ERROR, 1),
    ("SQLITE_ERROR_RETRY", SQLITE_ERROR, 2),
    ("SQLITE_ERROR_SNAPSHOT", SQLITE_ERROR, 3),
    ("SQLITE_IOERR_READ", SQLITE_IOERR, 1),
    ("SQLITE_IOERR_SHORT_READ", SQLITE_IOERR, 2),
    ("SQLITE_IOERR_WRITE", SQLITE_IOERR, 3),
    ("SQLITE_IOERR_FSYNC", SQLITE_IOERR, 4),
    ("SQLITE_IOERR_DIR_FSYNC", SQLITE_IOERR, 5),
    ("SQLITE_IOERR_TRUNCATE", SQLITE_IOERR, 6),
    ("SQLITE_IOERR_FSTAT", SQLITE_IOERR, 7),
    ("SQLITE_IOERR_UNLOCK", SQLITE_IOERR, 8),
    ("SQLITE_IOERR_RDLOCK", SQLITE_IOERR, 9),
    ("SQLITE_IOERR_DELETE", SQLITE_IOERR, 10),
    ("SQLITE_IOERR_NOMEM", SQLITE_IOERR, 12),
    ("SQLITE_IOERR_ACCESS", SQLITE_IOERR, 13),
    ("SQLITE_IOERR_CHECKRESERVEDLOCK", SQLITE_IOERR, 14),
    ("SQLITE_IOERR_LOCK", SQLITE_IOERR, 15),
    ("SQLITE_IOERR_CLOSE", SQLITE_IOERR, 16),
    ("SQLITE_IOERR_SHMOPEN", SQLITE_IOERR, 18),
    ("SQLITE_IOERR_SHMSIZE", SQLITE_IOERR, 19),
    ("SQLITE_IOERR_SHMLOCK", SQLITE_IOERR, 20),
    ("SQLITE_IOERR_SHMMAP", SQLITE_IOERR, 21),
    ("SQLITE_IOERR_SEEK", SQLITE_IOERR, 22),
    ("SQLITE_IOERR_DELETE_NOENT", SQLITE_IOERR, 23),
    ("SQLITE_IOERR_MMAP", SQLITE_IOERR, 24),
    ("SQLITE_IOERR_GETTEMPPATH", SQLITE_IOERR, 25),
    ("SQLITE_IOERR_CONVPATH", SQLITE_IOERR, 26),
    ("SQLITE_IOERR_AUTH", SQLITE_IOERR, 28),
    ("SQLITE_IOERR_BEGIN_ATOMIC", SQLITE_IOERR, 29),
    ("SQLITE_IOERR_COMMIT_ATOMIC", SQLITE_IOERR, 30),
    ("SQLITE_IOERR_ROLLBACK_ATOMIC", SQLITE_IOERR, 31),
    ("SQLITE_IOERR_DATA", SQLITE_IOERR, 32),
    ("SQLITE_IOERR_CORRUPTFS", SQLITE_IOERR, 33),
    ("SQLITE_LOCKED_SHAREDCACHE", SQLITE_LOCKED, 1),
    ("SQLITE_LOCKED_VTAB", SQLITE_LOCKED, 2),
    ("SQLITE_BUSY_RECOVERY", SQLITE_BUSY, 1),
    ("SQLITE_BUSY_SNAPSHOT", SQLITE_BUSY, 2),
    ("SQLITE_BUSY_TIMEOUT", SQLITE_BUSY, 3),
    ("SQLITE_CANTOPEN_NOTEMPDIR", SQLITE_CANTOPEN, 1),
    ("SQLITE_CANTOPEN_ISDIR", SQLITE_CANTOPEN, 2),
    ("SQLITE_CANTOPEN_FULLPATH", SQLITE_CANTOPEN, 3),
    ("SQLITE_CANTOPEN_CONVPATH", SQLITE_CANTOPEN, 4),
    ("SQLITE_CANTOPEN_DIRTYWAL", SQLITE_CANTOPEN, 5),
    ("SQLITE_CANTOPEN_SYMLINK", SQLITE_CANTOPEN, 6),
    ("SQLITE_CORRUPT_VTAB", SQLITE_CORRUPT, 1),
    ("SQLITE_CORRUPT_SEQUENCE", SQLITE_CORRUPT, 2),
    ("SQLITE_CORRUPT_INDEX", SQLITE_CORRUPT, 3),
    ("SQLITE_READONLY_RECOVERY", SQLITE_READONLY, 1),
    ("SQLITE_READONLY_CANTLOCK", SQLITE_READONLY, 2),
    ("SQLITE_READONLY_ROLLBACK", SQLITE_READONLY, 3),
    ("SQLITE_READONLY_DBMOVED", SQLITE_READONLY, 4),
    ("SQLITE_READONLY_CANTINIT", SQLITE_READONLY, 5),
    ("SQLITE_READONLY_DIRECTORY", SQLITE_READONLY, 6),
    ("SQLITE_ABORT_ROLLBACK", SQLITE_ABORT, 2),
    ("SQLITE_CONSTRAINT_CHECK", SQLITE_CONSTRAINT, 1),
    ("SQLITE_CONSTRAINT_COMMITHOOK", SQLITE_CONSTRAINT, 2),
    ("SQLITE_CONSTRAINT_FOREIGNKEY", SQLITE_CONSTRAINT, 3),
    ("SQLITE_CONSTRAINT_FUNCTION", SQLITE_CONSTRAINT, 4),
    ("SQLITE_CONSTRAINT_NOTNULL", SQLITE_CONSTRAINT, 5),
    ("SQLITE_CONSTRAINT_PRIMARYKEY", SQLITE_CONSTRAINT, 6),
    ("SQLITE_CONSTRAINT_TRIGGER", SQLITE_CONSTRAINT, 7),
    ("SQLITE_CONSTRAINT_UNIQUE", SQLITE_CONSTRAINT, 8),
    ("SQLITE_CONSTRAINT_VTAB", SQLITE_CONSTRAINT, 9),
    ("SQLITE_CONSTRAINT_ROWID", SQLITE_CONSTRAINT, 10),
    ("SQLITE_CONSTRAINT_PINNED", SQLITE_CONSTRAINT, 11),
    ("SQLITE_CONSTRAINT_DATATYPE", SQLITE_CONSTRAINT, 12),
    ("SQLITE_NOTICE_RECOVER_WAL", SQLITE_NOTICE, 1),
    ("SQLITE_NOTICE_RECOVER_ROLLBACK", SQLITE_NOTICE, 2),
    ("SQLITE_WARNING_AUTOINDEX", SQLITE_WARNING, 1),
  ]
}
