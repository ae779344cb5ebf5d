import Dispatch
import Synchronization

/// Work started on another thread now, its result taken later: what a caller does in between
/// (open the history, take a lock) overlaps the work (wait for a server) instead of adding to it.
///
/// `value()` waits for the work and may be called again; call it on every path, so that the work
/// never outlives the caller's use of what it touches.
///
/// Each work has a thread of its own, not one of Dispatch's pool: works that wait for each other
/// (a screen's dark picture for the crop another is making) would hold the pool's few threads
/// while the one they wait for queued behind them, until Dispatch added a thread, most of a
/// second later (measured). When no thread can be made, the work is done here, now.
package final class Overlapped<Value: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let result = Mutex<Value?>(nil)

  package init(_ work: @escaping @Sendable () -> Value) {
    let started = BackgroundThread.start(stackSize: 8 << 20) { [self] in finish(work()) }
    if !started { finish(work()) }
  }

  private func finish(_ value: Value) {
    result.withLock { $0 = value }
    done.signal()
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
