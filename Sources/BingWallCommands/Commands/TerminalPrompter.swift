import BingWallKit
import BingWallSystem

/// The person at this terminal: a use case's question in words on stderr, the answer read from
/// stdin.
struct TerminalPrompter: Prompter {
  let context: Context

  func confirm(_ question: PromptQuestion) -> Bool {
    switch question {
    case .editAgain(let problems):
      for problem in problems {
        let guess = problem.hint.flatMap { $0.hasPrefix("did you mean") ? $0 : nil }
        context.stderr.error(problem.description, hint: guess)
      }
      return ask("Edit again? [Y/n] ", byDefault: true)
    }
  }

  /// `question` until the answer is yes or no (an empty one is `byDefault`); no when stdin ends.
  private func ask(_ question: String, byDefault: Bool) -> Bool {
    while true {
      context.stderr.write(question)
      context.stderr.flush()
      guard let answer = readLine(strippingNewline: true) else {
        context.stderr.write("\n")
        return false
      }
      switch answer.trimmingBlanks().lowercased() {
      case "": return byDefault
      case "y", "yes": return true
      case "n", "no": return false
      default: continue
      }
    }
  }
}
