import Foundation

/// A value behind an `NSLock` (a pthread mutex), with `Mutex`'s `withLock` shape, for the test
/// support's threads (the fake server, the JPEG cache). On Linux, Synchronization's `Mutex` is
/// a futex ThreadSanitizer does not model, so `make sanitize` reported every access under it as
/// a race; this lock it sees.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
