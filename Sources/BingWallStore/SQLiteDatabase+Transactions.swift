import FoundationEssentials
import Glibc

/// Write transactions that queue behind other writers instead of failing, and nest as savepoints.
///
/// https://www.sqlite.org/lang_transaction.html
extension SQLiteDatabase {
  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  ///
  /// The outermost call starts with `BEGIN IMMEDIATE`, which takes the write lock at once and so
  /// waits on the busy timeout while another connection writes. A plain (deferred) `BEGIN`
  /// would read first and then fail with `SQLITE_BUSY` on upgrading to a write, which no busy
  /// timeout can fix. On a read-only connection it is `BEGIN DEFERRED`: a consistent snapshot.
  ///
  /// A call inside another transaction becomes `SAVEPOINT`: its failure rolls back only its own
  /// work and rethrows; the outer body decides what to do about it.
  ///
  /// On failure the error thrown is always the first one, the body's or COMMIT's; a failing
  /// ROLLBACK afterwards (say, SQLite already rolled back after an I/O error) is ignored.
  /// `body` must not COMMIT or ROLLBACK itself.
  ///
  /// Untyped `throws`: callers throw their own errors from `body` (a hash mismatch, a file
  /// error), and those must come out unchanged; Swift cannot spell "the body's error or
  /// StoreError" as one type.
  @discardableResult
  func transaction<T>(_ body: () throws -> T) throws -> T {
    let scope = try beginTransaction()
    let value: T
    do {
      value = try body()
    } catch {
      rollBack(scope)
      throw error
    }
    try commit(scope)
    return value
  }

  /// `transaction` for bodies that only throw `StoreError`, keeping the error type; the migrator
  /// uses it.
  @discardableResult
  func storeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    do {
      return try transaction(body)
    } catch let error as StoreError {
      throw error
    } catch {
      // BEGIN, COMMIT and the body throw nothing but StoreError; `transaction` rethrows them.
      preconditionFailure("a transaction of StoreError bodies threw \(error)")
    }
  }

  private enum TransactionScope {
    case outermost
    case savepoint
  }

  // One fixed name is enough: savepoints of the same name nest, and ROLLBACK TO / RELEASE
  // act on the innermost one.
  private static let savepoint = "bingwall_transaction"

  private func beginTransaction() throws(StoreError) -> TransactionScope {
    if isInTransaction {
      try execute("SAVEPOINT \(Self.savepoint)")
      return .savepoint
    }
    try execute(isReadOnly ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE")
    return .outermost
  }

  private func commit(_ scope: TransactionScope) throws(StoreError) {
    do throws(StoreError) {
      try execute(scope == .outermost ? "COMMIT" : "RELEASE \(Self.savepoint)")
    } catch {
      rollBack(scope)
      throw error
    }
  }

  private func rollBack(_ scope: TransactionScope) {
    // Some errors (I/O, full disk, out of memory) make SQLite roll back the whole transaction
    // itself; then there is nothing left to roll back, and trying would only fail.
    guard isInTransaction else { return }
    switch scope {
    case .outermost:
      try? execute("ROLLBACK")
    case .savepoint:
      // ROLLBACK TO keeps the savepoint open; RELEASE then removes it from the stack.
      try? execute("ROLLBACK TO \(Self.savepoint)")
      try? execute("RELEASE \(Self.savepoint)")
    }
  }
}
