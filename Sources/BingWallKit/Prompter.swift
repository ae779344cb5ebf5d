/// The person at the terminal, asked what a use case cannot decide alone: the command supplies
/// the terminal's (its words, its default answer), a test a scripted one.
package protocol Prompter {
  /// Their yes or no to `question`; no when no answer can come (stdin ended).
  func confirm(_ question: PromptQuestion) -> Bool
}

/// What a use case asks the person; the words are the command's.
package enum PromptQuestion: Equatable, Sendable {
  /// The edited configuration has these problems, each naming its line: edit it again?
  case editAgain(problems: [ConfigError])
}
