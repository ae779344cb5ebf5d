import BingWallTestSupport
import Foundation

@testable import BingWallModel
@testable import BingWallSystem

// Tests spell a date as the history does, `"2026-12-01"`; a literal that is no date traps, as a
// typo in a test should. (Market and Resolution keep their failable `init?(_:)`, which a literal
// conformance would shadow: tests say `Market(stored:)`.)

extension CalendarDate: ExpressibleByStringLiteral {
  public init(stringLiteral text: String) { self = CalendarDate(parsing: text)! }
}

/// An instant as the history spells it (`2026-12-01T09:00:00Z`); `""` for none.
package func instant(_ text: String) -> Date? {
  text.isEmpty ? nil : Timestamp.parse(text)!
}

extension String {
  /// A well-formed SHA-256 standing for this short name in a test (its bytes in hexadecimal,
  /// padded with zeros to 64 digits): the history's rule wants 64 hexadecimal digits, and
  /// distinct names stay distinct hashes.
  package var asTestSHA256: String {
    String(utf8.map { String(format: "%02x", $0) }.joined().prefix(64)).padding(
      toLength: 64, withPad: "0", startingAt: 0)
  }
}
