import BingWallTestSupport
import Synchronization
import Testing

@testable import BingWallKit

/// The person at the terminal, answering from a script: each question gets the next answer, and
/// a question past the script fails the test (and is answered no).
final class ScriptedPrompter: Prompter, Sendable {
  private let answers: Mutex<[Bool]>
  private let asked = Mutex<[PromptQuestion]>([])

  init(answers: [Bool]) {
    self.answers = Mutex(answers)
  }

  /// Every question, in order.
  var questions: [PromptQuestion] { asked.withLock { $0 } }

  func confirm(_ question: PromptQuestion) -> Bool {
    asked.withLock { $0.append(question) }
    guard let answer = answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
      Issue.record("unscripted question: \(question)")
      return false
    }
    return answer
  }
}
