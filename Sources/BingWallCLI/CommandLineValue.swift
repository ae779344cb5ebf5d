import BingWallSystem

/// A type an option's or argument's word becomes once the parser has accepted it.
///
/// The parser checks and normalises the word against the spec's `ValueKind`, then makes the
/// value through the spec's `ValueReader`, so an `Invocation` holds values, and no command
/// converts words itself.
package protocol CommandLineValue: Sendable {
  /// The value a word names; nil when it names none (the kind should have refused it).
  init?(commandLine word: String)
}

extension CommandLineValue where Self: LosslessStringConvertible {
  package init?(commandLine word: String) { self.init(word) }
}

extension String: CommandLineValue {}
extension Int: CommandLineValue {}
extension ByteCount: CommandLineValue {}

extension CalendarDate: CommandLineValue {
  /// `YYYY-MM-DD`, as the `.date` kind accepts it.
  package init?(commandLine word: String) {
    self.init(parsing: word)
  }
}

extension Duration: CommandLineValue {
  /// `off` is zero: no rotation.
  package init?(commandLine word: String) {
    self.init(offOrHumanText: word)
  }
}

/// How a spec's accepted word becomes its handle's value type.
struct ValueReader: Sendable, Equatable {
  /// The value type, so that two specs compare equal when they read the same type.
  private let type: ObjectIdentifier
  private let make: @Sendable (String) -> (any Sendable)?

  /// Words read as `Value`.
  static func reading<Value: CommandLineValue>(_: Value.Type) -> ValueReader {
    ValueReader(type: ObjectIdentifier(Value.self), make: { Value(commandLine: $0) })
  }

  /// The word itself.
  static let text = reading(String.self)

  /// The value of a word the kind accepted for `name`. A word it accepted that the type still
  /// refuses means the spec's kind and the handle's type disagree: a programming error, which
  /// the parser meets on the first command line that gives it.
  func value(of word: String, for name: String) -> any Sendable {
    guard let value = make(word) else {
      preconditionFailure(
        "'\(word)' was accepted for \(name) but its type refuses it: kind and type disagree")
    }
    return value
  }

  static func == (lhs: ValueReader, rhs: ValueReader) -> Bool { lhs.type == rhs.type }
}
