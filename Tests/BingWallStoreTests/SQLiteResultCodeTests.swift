import BingWallServiceTestSupport
import BingWallTestSupport
import CSQLite
import Testing

@testable import BingWallStore

/// The typed result code matches as GRDB's does: a primary code its whole family, an extended
/// code only itself.
@Suite struct SQLiteResultCodeTests {
  @Test func aPrimaryPatternMatchesItsExtendedCodes() {
    let timeout = SQLiteResultCode.extended(.busy, 3)
    #expect(timeout.name == "SQLITE_BUSY_TIMEOUT")
    #expect(SQLiteResultCode.busy ~= timeout)
    #expect(!(SQLiteResultCode.locked ~= timeout))
    #expect(SQLiteResultCode.constraint ~= .constraintForeignKey)
  }

  @Test func anExtendedPatternMatchesOnlyItself() {
    #expect(SQLiteResultCode.constraintForeignKey ~= .constraintForeignKey)
    #expect(!(SQLiteResultCode.constraintForeignKey ~= .constraintUnique))
    #expect(!(SQLiteResultCode.constraintForeignKey ~= .constraint))
  }

  @Test func unknownCodesAreNamedByTheirFamily() {
    #expect(SQLiteResultCode(rawValue: SQLITE_IOERR | (99 << 8)).name == "SQLITE_IOERR (25354)")
    #expect(SQLiteResultCode(rawValue: 250).name == "SQLite result 250")
  }
}
