import BingWallServiceTestSupport
import BingWallTestSupport
import CSQLite
import Foundation
import Synchronization
import Testing

@testable import BingWallStore
@testable import BingWallSystem

/// The SQLite binding against real files: set-up, values, bindings, errors, transactions, and
/// several connections and processes writing at once.
@Suite struct SQLiteDatabaseTests {
  // MARK: - Set-up

  @Test func opensInWALModeAndCreatesTheWALFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    let database = try SQLiteDatabase(path: path)
    try database.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")

    #expect(try database.scalar("PRAGMA journal_mode") == "wal")
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(try database.scalar("PRAGMA synchronous") == 1)  // NORMAL
    #expect(try database.scalar("PRAGMA foreign_keys") == 1)
  }

  @Test func createsNewFilesReadableOnlyByTheUser() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    // With the usual umask 022 SQLite alone would make these 0644.
    let database = try SQLiteDatabase(path: path)
    try database.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")

    #expect(try mode(of: path) == 0o600)
    #expect(try mode(of: path + "-wal") == 0o600)
    #expect(try mode(of: path + "-shm") == 0o600)
  }

  @Test func leavesTheModeOfAnExistingFileAlone() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("shared.db")
    #expect(
      FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
    _ = try SQLiteDatabase(path: path)
    #expect(try mode(of: path) == 0o640)
  }

  @Test func inMemoryDatabasesNeedNoWAL() throws {
    let database = try SQLiteDatabase(location: .memory)
    #expect(try database.scalar("PRAGMA journal_mode") == "memory")
  }

  @Test func reportsTheLibraryVersionLoadedAtRunTime() {
    #expect(SQLiteDatabase.libraryVersion.hasPrefix("3."))
    #expect(SQLiteDatabase.libraryVersion == String(cString: sqlite3_libversion()))
  }

  enum BadFile: CaseIterable {
    case missingFolder, folder, notADatabase
  }

  @Test(arguments: BadFile.allCases)
  func aBadFileGivesAnErrorThatNamesItAndSaysWhatToDo(_ bad: BadFile) throws {
    let folder = try TemporaryDirectory()
    let path: String
    let primary: Int32
    let advice: String
    switch bad {
    case .missingFolder:
      (path, primary, advice) = (
        folder.file("missing/history.db"), SQLITE_CANTOPEN, "check the folder exists"
      )
    case .folder:
      (path, primary, advice) = (folder.path, SQLITE_CANTOPEN, "check the folder exists")
    case .notADatabase:
      path = folder.file("notes.txt")
      try String(repeating: "not a database\n", count: 200).write(
        toFile: path, atomically: false, encoding: .utf8)
      (primary, advice) = (SQLITE_NOTADB, "this is not a bingwall history database; move it away")
    }
    let error = try #require(throws: StoreError.self) { try SQLiteDatabase(path: path) }
    guard case .open(let errorPath, let code, _) = error else {
      Issue.record("expected .open, got \(error)")
      return
    }
    #expect(errorPath == path)
    #expect(code.primary.rawValue == primary)
    #expect(error.description.hasPrefix("cannot open \(path): "))
    #expect(error.description.contains(SQLiteResultCode(rawValue: primary).name))
    #expect(error.hint?.hasPrefix(advice) == true, "\(error.hint ?? "")")
    #expect(error.localizedDescription == error.description)
  }

  @Test func aReadOnlyConnectionReadsButDoesNotWrite() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    let writer = try SQLiteDatabase(path: path)
    try writer.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")

    let reader = try SQLiteDatabase(path: path, readOnly: true)
    #expect(try reader.scalar("SELECT count(*) FROM t") == 1)
    let error = try #require(throws: StoreError.self) { try reader.run("INSERT INTO t VALUES (2)") }
    #expect(error.resultCode?.primary.rawValue == SQLITE_READONLY)
    // A read transaction on it is a snapshot, not a write lock.
    #expect(try reader.transaction { try reader.scalar("SELECT count(*) FROM t") } == 1)
  }

  @Test func readOnlyDoesNotCreateAFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("absent.db")
    #expect(throws: StoreError.self) { try SQLiteDatabase(path: path, readOnly: true) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  // MARK: - Foreign keys and statement errors

  @Test func enforcesForeignKeys() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("fk.db"))
    try database.execute(
      """
      CREATE TABLE picture(id INTEGER PRIMARY KEY);
      CREATE TABLE applied(picture_id INTEGER NOT NULL REFERENCES picture(id));
      """)
    let error = try #require(throws: StoreError.self) {
      try database.run("INSERT INTO applied(picture_id) VALUES (?)", [42])
    }
    #expect(error.resultCode == SQLiteResultCode.extended(.constraint, 3))  // _FOREIGNKEY, 787
    #expect(error.resultCode?.rawValue == 787)
    #expect(error.isConstraintViolation)
    #expect(!error.isBusy)
    #expect(error.description.contains("SQLITE_CONSTRAINT_FOREIGNKEY"))
    #expect(error.description.contains("`INSERT INTO applied(picture_id) VALUES (?)`"))
  }

  @Test func aSyntaxErrorIsAPrepareError() throws {
    let database = try SQLiteDatabase(location: .memory)
    let error = try #require(throws: StoreError.self) { try database.run("SELEC 1") }
    guard case .prepare(_, let sql, let code, let message) = error else {
      Issue.record("expected .prepare, got \(error)")
      return
    }
    #expect(sql == "SELEC 1")
    #expect(code.rawValue == SQLITE_ERROR)
    #expect(message.contains("syntax error"))
  }

  @Test func prepareRefusesASecondStatement() throws {
    let database = try SQLiteDatabase(location: .memory)
    try database.execute("CREATE TABLE t(x)")
    #expect(throws: StoreError.self) { try database.prepare("INSERT INTO t VALUES (1); DELETE FROM t") }
    // A trailing comment or semicolon is not a statement.
    _ = try database.prepare("INSERT INTO t VALUES (1); -- the one row")
    #expect(try database.scalar("SELECT count(*) FROM t") == 0)
  }

  @Test func executeRunsEveryStatementAndNamesTheOneThatFails() throws {
    let database = try SQLiteDatabase(location: .memory)
    try database.execute(
      """
      -- a comment first
      CREATE TABLE t(x UNIQUE);
      INSERT INTO t VALUES (1);
      INSERT INTO t VALUES (2);
      """)
    #expect(try database.scalar("SELECT count(*) FROM t") == 2)
    let error = try #require(throws: StoreError.self) {
      try database.execute("INSERT INTO t VALUES (3); INSERT INTO t VALUES (1); INSERT INTO t VALUES (4)")
    }
    guard case .statement(_, let sql, let code, _) = error else {
      Issue.record("expected .statement, got \(error)")
      return
    }
    #expect(sql == "INSERT INTO t VALUES (1);")
    #expect(code == SQLiteResultCode.constraintUnique)
    // Outside a transaction the statement before the failure stays; the one after never ran.
    #expect(try database.query("SELECT x FROM t ORDER BY x").map { try $0.int(0) } == [1, 2, 3])
  }

  // MARK: - Values

  static let roundTripValues: [SQLiteValue] = [
    .null, .integer(0), .integer(-1), .integer(.min), .integer(.max), .real(0.5), .real(-1e308),
    .real(.pi), .real(.leastNonzeroMagnitude), .text(""), .text("plain"),
    .text("Überraschung 🌄 日本の風景 中文 한국어 👩‍👩‍👧"), .text(" leading and trailing "),
    .blob(Data()), .blob(Data([0, 1, 2, 0, 255])), .blob(Data(repeating: 0xAB, count: 100_000)),
  ]

  @Test(arguments: roundTripValues)
  func valuesRoundTrip(value: SQLiteValue) throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("values.db"))
    // No declared type: no affinity, every value is stored as given.
    try database.execute("CREATE TABLE IF NOT EXISTS v(id INTEGER PRIMARY KEY, x)")
    try database.run("INSERT INTO v(x) VALUES (?)", [value])
    let id = database.lastInsertRowID
    let row = try #require(
      try database.queryOne("SELECT x, typeof(x) AS type FROM v WHERE id = ?", [.integer(id)]))
    #expect(row[0] == value)
    #expect(try row.string("type") == value.typeName.lowercased())
  }

  @Test func emptyTextAndEmptyBlobAreNotNull() throws {
    let database = try SQLiteDatabase(location: .memory)
    try database.execute("CREATE TABLE t(name TEXT, picture BLOB)")
    try database.run("INSERT INTO t VALUES (?, ?)", ["", .blob(Data())])
    try database.run("INSERT INTO t VALUES (?, ?)", [nil, nil])
    let rows = try database.query("SELECT name, picture FROM t ORDER BY rowid")
    #expect(try rows[0].optionalString("name") == "")
    #expect(try rows[0].optionalData("picture") == Data())
    #expect(try rows[1].optionalString("name") == nil)
    #expect(try rows[1].optionalData("picture") == nil)
    #expect(try database.scalar("SELECT count(*) FROM t WHERE name IS NULL AND picture IS NULL") == 1)
  }

  @Test func rowAccessorsReadByNameAndIndexAndThrowOnMistakes() throws {
    let database = try SQLiteDatabase(location: .memory)
    let row = try #require(
      try database.queryOne(
        "SELECT 7 AS id, 'Dolomites' AS title, NULL AS caption, x'0102' AS thumb, 1 AS favorite, 2.5 AS ratio"
      ))
    #expect(try row.int("id") == 7)
    #expect(try row.int64(0) == 7)
    #expect(try row.string("title") == "Dolomites")
    #expect(try row.string("TITLE") == "Dolomites")  // identifiers ignore case in SQLite
    #expect(try row.optionalString("caption") == nil)
    #expect(try row.optionalString("title") == "Dolomites")
    #expect(try row.data("thumb") == Data([1, 2]))
    #expect(try row.bool("favorite"))
    #expect(try row.double("ratio") == 2.5)
    #expect(try row.double("id") == 7)  // an INTEGER reads as a Double too
    #expect(row.columns == ["id", "title", "caption", "thumb", "favorite", "ratio"])
    #expect(row["nope"] == nil)

    let missing = try #require(throws: StoreError.self) { try row.int("nope") }
    #expect(missing.description.hasPrefix("no column 'nope' in the result of `SELECT 7 AS id"))
    #expect(throws: StoreError.self) { try row.int(6) }
    let wrong = try #require(throws: StoreError.self) { try row.int("title") }
    guard case .typeMismatch(_, _, let column, let expected, let found) = wrong else {
      Issue.record("expected .typeMismatch, got \(wrong)")
      return
    }
    #expect([column, expected, found] == ["title", "INTEGER", "TEXT"])
    #expect(throws: StoreError.self) { try row.string("caption") }  // NULL is not a String
    #expect(throws: StoreError.self) { try row.optionalInt("title") }  // nor TEXT an Int?
  }

  // MARK: - Bindings

  @Test func bindsByPositionAndByName() throws {
    let database = try SQLiteDatabase(location: .memory)
    try database.execute("CREATE TABLE t(a, b, c)")
    try database.run("INSERT INTO t VALUES (?, ?, ?)", [1, "two", 3.0])
    try database.run("INSERT INTO t VALUES (?3, ?1, ?2)", ["b", "c", "a"])
    try database.run("INSERT INTO t VALUES (:a, :b, :a)", [":a": "x", "b": "y"])
    let statement = try database.prepare("INSERT INTO t VALUES (@a, $b, :c)")
    try statement.bind("p", named: "@a")
    try statement.bind("q", named: "$b")
    try statement.bind("r", named: "c")
    try statement.run()
    // Reuse with new values; bindings not set again stay.
    try statement.bind("s", named: "@a")
    try statement.run()

    let rows = try database.query("SELECT a, b, c FROM t ORDER BY rowid").map(\.values)
    #expect(
      rows == [
        [1, "two", 3.0], ["a", "b", "c"], ["x", "y", "x"], ["p", "q", "r"], ["s", "q", "r"],
      ])
    #expect(try database.query("SELECT a FROM t WHERE b = :b", ["b": "y"]).count == 1)
  }

  @Test func bindingMistakesAreErrors() throws {
    let database = try SQLiteDatabase(location: .memory)
    try database.execute("CREATE TABLE t(a, b)")
    let tooFew = try #require(throws: StoreError.self) {
      try database.run("INSERT INTO t VALUES (?, ?)", [1])
    }
    #expect(tooFew.description.contains("1 value for 2 parameters"))
    #expect(throws: StoreError.self) { try database.run("INSERT INTO t VALUES (?, ?)", [1, 2, 3]) }
    let unknown = try #require(throws: StoreError.self) {
      try database.run("INSERT INTO t VALUES (:a, :b)", [":a": 1, ":c": 2])
    }
    guard case .bind(_, _, let parameter, let code, _) = unknown else {
      Issue.record("expected .bind, got \(unknown)")
      return
    }
    #expect(parameter == ":c")
    #expect(code.rawValue == SQLITE_RANGE)
    let statement = try database.prepare("INSERT INTO t VALUES (?, ?)")
    #expect(throws: StoreError.self) { try statement.bind(1, at: 3) }
    #expect(try database.scalar("SELECT count(*) FROM t") == 0)
  }

  // MARK: - Transactions

  struct BodyFailed: Error, Equatable {}

  @Test func aTransactionCommitsWhatItsBodyDid() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("commit.db"))
    try database.execute("CREATE TABLE IF NOT EXISTS t(x)")
    let id = try database.transaction {
      try database.run("INSERT INTO t VALUES ('kept')")
      return database.lastInsertRowID
    }
    #expect(!database.isInTransaction)
    #expect(try database.scalar("SELECT x FROM t WHERE rowid = ?", [.integer(id)]) == "kept")
  }

  @Test func aThrowingBodyRollsBackAndItsErrorComesOut() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("rollback.db"))
    try database.execute("CREATE TABLE IF NOT EXISTS t(x)")
    #expect(throws: BodyFailed()) {
      try database.transaction {
        try database.run("INSERT INTO t VALUES ('lost')")
        #expect(try database.scalar("SELECT count(*) FROM t") == 1)
        throw BodyFailed()
      }
    }
    #expect(!database.isInTransaction)
    #expect(try database.scalar("SELECT count(*) FROM t") == 0)
  }

  @Test func aStoreErrorInTheBodyComesOutUnchanged() throws {
    let database = try SQLiteDatabase(location: .memory)
    try database.execute("CREATE TABLE t(x UNIQUE); INSERT INTO t VALUES (1)")
    let error = try #require(throws: StoreError.self) {
      try database.transaction {
        try database.run("INSERT INTO t VALUES (2)")
        try database.run("INSERT INTO t VALUES (1)")
      }
    }
    #expect(error.resultCode == SQLiteResultCode.constraintUnique)
    #expect(try database.scalar("SELECT count(*) FROM t") == 1)
  }

  @Test func nestedTransactionsAreSavepoints() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("nested.db"))
    try database.execute("CREATE TABLE IF NOT EXISTS t(x)")
    try database.transaction {
      try database.run("INSERT INTO t VALUES ('outer')")
      #expect(throws: BodyFailed()) {
        try database.transaction {
          try database.run("INSERT INTO t VALUES ('inner, rolled back')")
          throw BodyFailed()
        }
      }
      #expect(database.isInTransaction)  // the outer one goes on
      try database.transaction { try database.run("INSERT INTO t VALUES ('inner, kept')") }
    }
    #expect(
      try database.query("SELECT x FROM t ORDER BY rowid").map(\.values) == [["outer"], ["inner, kept"]])
  }

  // MARK: - Concurrency

  @Test func connectionsOnSeveralThreadsAllGetTheirWritesIn() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("threads.db")
    try SQLiteDatabase(path: path).execute("CREATE TABLE t(thread INTEGER, n INTEGER)")
    let threads = 4
    let each = 200
    let failures = Failures()
    runOnThreads(threads) { thread in
      do {
        let database = try SQLiteDatabase(path: path)
        for n in 0..<each {
          // Read, then write, in one transaction: this is what fails with SQLITE_BUSY under
          // a deferred BEGIN, and must instead wait under BEGIN IMMEDIATE.
          try database.transaction {
            _ = try database.scalar("SELECT count(*) FROM t")
            try database.run("INSERT INTO t VALUES (?, ?)", [SQLiteValue(thread), SQLiteValue(n)])
          }
        }
      } catch {
        failures.record("thread \(thread): \(error)")
      }
    }
    #expect(failures.all == [])
    let database = try SQLiteDatabase(path: path)
    #expect(try database.scalar("SELECT count(*) FROM t") == .integer(Int64(threads * each)))
    #expect(
      try database.scalar("SELECT count(DISTINCT thread || '/' || n) FROM t")
        == .integer(Int64(threads * each)))
  }

  @Test func severalConnectionsCanCreateTheSameNewFileAtOnce() throws {
    let folder = try TemporaryDirectory()
    let failures = Failures()
    // Several rounds, each on a new file: the race in switching to WAL is rare.
    let rounds = 20
    let threads = 4
    for round in 0..<rounds {
      let path = folder.file("fresh-\(round).db")
      runOnThreads(threads) { thread in
        do {
          let database = try SQLiteDatabase(path: path)
          try database.run("CREATE TABLE IF NOT EXISTS t(x)")
          try database.run("INSERT INTO t VALUES (?)", [SQLiteValue(thread)])
          if try database.scalar("PRAGMA journal_mode") != "wal" { failures.record("not WAL in \(thread)") }
        } catch {
          failures.record("round \(round), thread \(thread): \(error)")
        }
      }
      #expect(try SQLiteDatabase(path: path).scalar("SELECT count(*) FROM t") == .integer(Int64(threads)))
    }
    #expect(failures.all == [])
  }

  @Test func waitsForAnotherProcessToFinishWriting() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    let database = try SQLiteDatabase(path: path)
    try database.execute("CREATE TABLE t(who TEXT)")

    // The sqlite3 shell takes the write lock, says so by creating a file, holds it 0.5 s, commits.
    let marker = folder.file("locked")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    shell.arguments = ["-bail", path]
    let input = Pipe()
    let output = Pipe()
    shell.standardInput = input
    shell.standardOutput = output
    shell.standardError = output
    try shell.run()
    let script = """
      BEGIN IMMEDIATE;
      INSERT INTO t VALUES ('shell');
      .shell touch \(marker)
      .shell sleep 0.5
      COMMIT;

      """
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()

    // Waiting on another process's file is the one place a test must poll real time.
    let deadline = ContinuousClock.now + .seconds(5)
    while !FileManager.default.fileExists(atPath: marker), ContinuousClock.now < deadline {
      usleep(2_000)
    }
    try #require(FileManager.default.fileExists(atPath: marker), "the sqlite3 shell never took the lock")

    // The lock is real: with no busy timeout, BEGIN IMMEDIATE fails at once.
    let impatient = try SQLiteDatabase(path: path, busyTimeout: .zero)
    let busy = try #require(throws: StoreError.self) {
      try impatient.transaction { try impatient.run("INSERT INTO t VALUES ('impatient')") }
    }
    #expect(busy.isBusy)
    #expect(busy.description.contains("SQLITE_BUSY"))

    // With the default timeout our BEGIN IMMEDIATE waits for the shell's COMMIT, then succeeds.
    let started = ContinuousClock.now
    try database.transaction { try database.run("INSERT INTO t VALUES ('bingwall')") }
    let waited = ContinuousClock.now - started

    shell.waitUntilExit()
    let shellOutput = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(shell.terminationStatus == 0, "sqlite3 said: \(shellOutput)")
    #expect(waited > .milliseconds(100))
    #expect(
      try database.query("SELECT who FROM t ORDER BY rowid").map(\.values) == [["shell"], ["bingwall"]])
  }
}

// MARK: - Helpers

/// Error texts gathered from several threads.
fileprivate final class Failures: Sendable {
  private let texts = Mutex<[String]>([])
  func record(_ text: String) { texts.withLock { $0.append(text) } }
  var all: [String] { texts.withLock { $0 } }
}

/// Runs `body(0)`, `body(1)`, ... each on its own thread, all at once, and waits for them all.
fileprivate func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  group.wait()
}

fileprivate func mode(of path: String) throws -> mode_t {
  var info = stat()
  guard stat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  return info.st_mode & 0o777
}

/// An immutable connection names its file through a `file:` URI: a folder whose name holds URI
/// syntax (`?`, `#`, `%`) must still be that folder.
@Suite struct ImmutableOpenTests {
  @Test func aFolderNamedWithURISyntaxOpensImmutable() throws {
    let folder = try TemporaryDirectory()
    let odd = folder.file("a?b#c%20d é")
    try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
    let path = odd + "/history.db"
    do {
      let writer = try SQLiteDatabase(path: path)
      try writer.execute("CREATE TABLE t (x); INSERT INTO t VALUES (42);")
    }
    let reader = try SQLiteDatabase(path: path, immutable: true)
    #expect(reader.isReadOnly)
    #expect(try reader.queryOne("SELECT x FROM t")?.int("x") == 42)
    #expect(PercentEncoding.encoded("/a?b#c%d é", keeping: .path) == "/a%3Fb%23c%25d%20%C3%A9")
  }
}
