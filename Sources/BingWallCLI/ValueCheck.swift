/// A check of an option's word that stands in for its kind's: a config key's, for an option
/// that gives a value of that key (`--mode`, `--market`), so that the option and `config set`
/// take and refuse the same words, in the same words. The kind still drives help, completion
/// and the man page.
package struct ValueCheck: Sendable, Equatable {
  /// What it checks against (the key's name): two specs are equal when they check alike.
  private let name: String
  /// The word normalised (`en-gb` as `en-GB`), or why it is refused.
  private let run: @Sendable (String) -> Result<String, ValueProblem>

  package init(_ name: String, _ run: @escaping @Sendable (String) -> Result<String, ValueProblem>) {
    self.name = name
    self.run = run
  }

  func callAsFunction(_ word: String) -> Result<String, ValueProblem> { run(word) }

  package static func == (lhs: ValueCheck, rhs: ValueCheck) -> Bool { lhs.name == rhs.name }
}
