import Synchronization

@testable import BingWallSystem

/// Text a command wrote, kept for the test to read back exactly.
final class BufferOutput: TextOutput, Sendable {
  private let buffer = Mutex("")

  func write(_ text: String) { buffer.withLock { $0 += text } }
  func flush() {}

  var text: String { buffer.withLock { $0 } }
  var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}
