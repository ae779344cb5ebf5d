/// A check of an option's word that stands in for its kind's: a config key's, for an option
/// that gives a value of that key (`--mode`, `--market`), so that the option and `config set`
/// take and refuse the same words, in the same words. The kind still drives help, completion
/// and the man page.
package struct ValueCheck: Sendable, Equatable {
  /// A word the check took: normalised, with what to warn about it (a market bingwall does not
  /// know), one line each without `warning: `.
  package struct Accepted: Sendable, Equatable {
    package var word: String
    package var warnings: [String]

    package init(word: String, warnings: [String] = []) {
      self.word = word
      self.warnings = warnings
    }
  }

  /// What it checks against (the key's name): two specs are equal when they check alike.
  private let name: String
  private let run: @Sendable (String) -> Result<Accepted, ValueProblem>

  package init(_ name: String, _ run: @escaping @Sendable (String) -> Result<Accepted, ValueProblem>) {
    self.name = name
    self.run = run
  }

  func callAsFunction(_ word: String) -> Result<Accepted, ValueProblem> { run(word) }

  package static func == (lhs: ValueCheck, rhs: ValueCheck) -> Bool { lhs.name == rhs.name }
}
