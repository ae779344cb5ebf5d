/// A type an option's or argument's word becomes once the parser has accepted it.
///
/// The parser checks and normalises the word against the spec's `ValueKind`; this turns the
/// accepted word into the value commands use, so no command converts words itself.
package protocol CommandLineValue: Sendable {
  /// The value a word names; nil when it names none (the kind should have refused it).
  init?(commandLine word: String)
}

extension CommandLineValue where Self: LosslessStringConvertible {
  package init?(commandLine word: String) { self.init(word) }
}

extension String: CommandLineValue {}
extension Int: CommandLineValue {}

extension CommandLineValue {
  /// The value of a word the parser accepted for `name`. A word it accepted that the type
  /// still refuses means the spec's kind and the handle's type disagree: a programming error.
  static func accepted(_ word: String, for name: String) -> Self {
    guard let value = Self(commandLine: word) else {
      preconditionFailure("'\(word)' was accepted for \(name) but is no \(Self.self): kind and type disagree")
    }
    return value
  }
}
