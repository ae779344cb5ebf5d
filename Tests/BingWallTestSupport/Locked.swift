import Foundation

/// A value behind an `NSLock` (a pthread mutex), with `Mutex`'s `withLock` shape, for the test
/// support's own threads (the fake server, the JPEG cache): ThreadSanitizer models a pthread
/// mutex, so `make sanitize` checks what these threads share.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
