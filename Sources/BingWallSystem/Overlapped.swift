import Dispatch
import Synchronization

/// Work started on another thread now, its result taken later: what a caller does in between
/// (open the history, take a lock) overlaps the work (wait for a server) instead of adding to it.
///
/// `value()` waits for the work and may be called again; call it on every path, so that the work
/// never outlives the caller's use of what it touches.
package final class Overlapped<Value: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let result = Mutex<Value?>(nil)

  package init(_ work: @escaping @Sendable () -> Value) {
    DispatchQueue.global().async { [self] in
      let value = work()
      result.withLock { $0 = value }
      done.signal()
    }
  }

  /// The work's result, once it has ended.
  package func value() -> Value {
    if let value = result.withLock({ $0 }) { return value }
    done.wait()
    // Let a second caller through too.
    done.signal()
    return result.withLock { $0! }
  }
}

/// Set by a caller that no longer wants an `Overlapped` work's result, so the work stops at its
/// next convenient point (before a retry's wait) instead of being waited for in full.
package final class CancellationFlag: Sendable {
  private let cancelled = Mutex(false)

  package init() {}

  package func cancel() { cancelled.withLock { $0 = true } }

  package var isCancelled: Bool { cancelled.withLock { $0 } }
}
