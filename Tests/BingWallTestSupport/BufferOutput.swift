import Synchronization

@testable import BingWallSystem

/// Text a command wrote, kept for the test to read back exactly.
package final class BufferOutput: TextOutput, Sendable {
  private let buffer = Mutex("")

  package init() {}

  package func write(_ text: String) { buffer.withLock { $0 += text } }
  package func flush() {}

  package var text: String { buffer.withLock { $0 } }
  package var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}
