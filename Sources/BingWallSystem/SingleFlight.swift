import Dispatch
import Synchronization

/// Work named by a key, done once however many threads ask for it at the same time: the first
/// does it and the others wait for its result. Nothing is kept once it is done, so a later ask
/// does it again (the caller keeps what lasts, a file).
package final class SingleFlight<Value: Sendable>: Sendable {
  private final class Pending: Sendable {
    let done = DispatchSemaphore(value: 0)
    let value = Mutex<Value?>(nil)
  }

  private let pending = Mutex<[String: Pending]>([:])

  package init() {}

  /// `work`'s value, or, when another thread is doing the work of `key`, that one's. `work`
  /// must not ask for its own `key`.
  package func run(_ key: String, _ work: () -> Value) -> Value {
    let (entry, first) = pending.withLock { table -> (Pending, Bool) in
      if let entry = table[key] { return (entry, false) }
      let entry = Pending()
      table[key] = entry
      return (entry, true)
    }
    guard first else {
      entry.done.wait()
      // Let the next waiter through too.
      entry.done.signal()
      return entry.value.withLock { $0! }
    }
    let value = work()
    entry.value.withLock { $0 = value }
    pending.withLock { $0[key] = nil }
    entry.done.signal()
    return value
  }
}
