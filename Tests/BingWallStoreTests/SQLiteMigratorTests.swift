import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallStore
@testable import BingWallSystem

/// Migrations on real files: order, once only, atomic failure, newer files, two processes at once.
@Suite struct SQLiteMigratorTests {
  /// Three migrations that each leave a trace in `log`, so order and repetition are visible.
  static let three: [SQLiteMigration] = [
    .sql(
      """
      CREATE TABLE log(version INTEGER NOT NULL);
      INSERT INTO log VALUES (1);
      """),
    .sql("CREATE TABLE picture(id INTEGER PRIMARY KEY, title TEXT); INSERT INTO log VALUES (2)"),
    SQLiteMigration { database throws(StoreError) in
      try database.run("ALTER TABLE picture ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0")
      try database.run("INSERT INTO log VALUES (?)", [3])
    },
  ]

  @Test func runsPendingMigrationsOnceAndInOrder() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    let migrator = SQLiteMigrator(Self.three)

    let database = try SQLiteDatabase(path: path)
    #expect(try database.userVersion() == 0)
    #expect(try migrator.migrate(database) == 3)
    #expect(try database.userVersion() == 3)
    #expect(try log(database) == [1, 2, 3])
    #expect(try database.scalar("PRAGMA foreign_keys") == 1)  // off only while migrating
    #expect(try migrator.migrate(database) == 0)

    let reopened = try SQLiteDatabase(path: path)
    #expect(try migrator.migrate(reopened) == 0)
    #expect(try log(reopened) == [1, 2, 3])
    #expect(try reopened.userVersion() == 3)
  }

  @Test func appliesOnlyTheMigrationsAddedSinceLastTime() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("history.db"))
    #expect(try SQLiteMigrator(Array(Self.three.prefix(2))).migrate(database) == 2)
    #expect(try database.userVersion() == 2)
    #expect(try SQLiteMigrator(Self.three).migrate(database) == 1)
    #expect(try log(database) == [1, 2, 3])
    #expect(try database.userVersion() == 3)
  }

  @Test func aFailingMigrationChangesNothing() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("history.db"))
    let broken = SQLiteMigrator(
      Array(Self.three.prefix(2)) + [
        .sql(
          """
          CREATE TABLE market(code TEXT PRIMARY KEY);
          INSERT INTO log VALUES (3);
          INSERT INTO nowhere VALUES (1);
          """)
      ])
    try SQLiteMigrator(Array(Self.three.prefix(2))).migrate(database)

    let error = try #require(throws: StoreError.self) { try broken.migrate(database) }
    guard case .migration(let path, let version, .prepare(_, _, _, let message)) = error else {
      Issue.record("expected .migration wrapping .prepare, got \(error)")
      return
    }
    #expect(path == database.path)
    #expect(version == 3)
    #expect(message.contains("no such table: nowhere"))
    #expect(error.description.hasPrefix("cannot upgrade \(database.path) to schema 3, nothing was changed: "))

    #expect(try database.userVersion() == 2)
    #expect(try log(database) == [1, 2])
    #expect(try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'market'") == 0)
    #expect(!database.isInTransaction)
    #expect(try database.scalar("PRAGMA foreign_keys") == 1)
  }

  @Test func aMigrationThatBreaksAForeignKeyIsRolledBack() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("history.db"))
    let migrator = SQLiteMigrator([
      .sql("CREATE TABLE picture(id INTEGER PRIMARY KEY)"),
      .sql(
        """
        CREATE TABLE applied(picture_id INTEGER NOT NULL REFERENCES picture(id));
        INSERT INTO applied VALUES (99);
        """),
    ])
    let error = try #require(throws: StoreError.self) { try migrator.migrate(database) }
    guard case .migration(_, 2, let underlying) = error else {
      Issue.record("expected .migration of version 2, got \(error)")
      return
    }
    #expect(underlying.resultCode == SQLiteResultCode.constraintForeignKey)
    #expect(error.description.contains("row 1 of applied refers to a missing row of picture"))
    #expect(try database.userVersion() == 1)
    #expect(try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'applied'") == 0)
  }

  @Test func rebuildingATableDoesNotCascadeToRowsThatReferToIt() throws {
    // SQLite's recipe for a schema change (copy, drop, rename) must not delete child rows.
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("history.db"))
    let migrator = SQLiteMigrator([
      .sql(
        """
        CREATE TABLE picture(id INTEGER PRIMARY KEY, title TEXT);
        CREATE TABLE applied(picture_id INTEGER NOT NULL REFERENCES picture(id) ON DELETE CASCADE);
        INSERT INTO picture VALUES (1, 'Dolomites');
        INSERT INTO applied VALUES (1);
        """),
      .sql(
        """
        CREATE TABLE picture_new(id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
        INSERT INTO picture_new SELECT id, title FROM picture;
        DROP TABLE picture;
        ALTER TABLE picture_new RENAME TO picture;
        """),
    ])
    try migrator.migrate(database)
    #expect(try database.scalar("SELECT count(*) FROM applied") == 1)
  }

  @Test func refusesADatabaseFromANewerBingwall() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("history.db"))
    try database.execute("PRAGMA user_version = 7")

    let error = try #require(throws: StoreError.self) { try SQLiteMigrator(Self.three).migrate(database) }
    #expect(error == .newerSchema(path: database.path, found: 7, known: 3))
    #expect(
      told(error)
        == "\(database.path) was written by a newer bingwall (schema 7, this one knows 3); upgrade bingwall")
    #expect(try database.userVersion() == 7)
  }

  @Test func refusesToRunInsideATransaction() throws {
    let folder = try TemporaryDirectory()
    let database = try SQLiteDatabase(path: folder.file("history.db"))
    #expect(throws: StoreError.self) {
      try database.transaction { try SQLiteMigrator(Self.three).migrate(database) }
    }
    #expect(try database.userVersion() == 0)
  }

  @Test func severalConnectionsMigratingANewFileAtOnceRunEachMigrationOnce() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    let migrator = SQLiteMigrator(Self.three)
    let group = DispatchGroup()
    let results = Results()
    for thread in 0..<4 {
      group.enter()
      Thread {
        do {
          let database = try SQLiteDatabase(path: path)
          results.applied(try migrator.migrate(database))
        } catch {
          results.failed("thread \(thread): \(error)")
        }
        group.leave()
      }.start()
    }
    group.wait()
    #expect(results.failures == [])
    #expect(results.total == 3)
    let database = try SQLiteDatabase(path: path)
    #expect(try log(database) == [1, 2, 3])
    #expect(try database.userVersion() == 3)
  }

  private func log(_ database: SQLiteDatabase) throws -> [Int] {
    try database.query("SELECT version FROM log ORDER BY rowid").map { try $0.int("version") }
  }
}

/// What the migrating threads report.
fileprivate final class Results: Sendable {
  private let state = Mutex<(total: Int, failures: [String])>((0, []))
  func applied(_ count: Int) { state.withLock { $0.total += count } }
  func failed(_ text: String) { state.withLock { $0.failures.append(text) } }
  var total: Int { state.withLock { $0.total } }
  var failures: [String] { state.withLock { $0.failures } }
}
