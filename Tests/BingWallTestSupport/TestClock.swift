import Foundation
import Synchronization

@testable import BingWallSystem

/// A wall clock that stands still until told to move; `sleep` moves it instead of waiting, so a
/// retry's backoff costs a test nothing and is still visible in the time.
package final class TestClock: WallClock, Sendable {
  private let current: Mutex<Date>
  private let slept = Mutex<[Duration]>([])
  /// The monotonic clock: where the real one stood when the test clock was made, moved on by
  /// `sleep` and `advance` only (`set` steps the wall clock alone, as a time sync would).
  private let monotonic = Mutex(ContinuousClock.now)

  /// Where a test clock starts unless told: 2026-11-30 00:53 UTC.
  package static let start = Date(timeIntervalSince1970: 1_796_000_000)

  package init(_ start: Date = TestClock.start) {
    current = Mutex(start)
  }

  package func now() -> Date { current.withLock { $0 } }
  package func monotonicNow() -> ContinuousClock.Instant { monotonic.withLock { $0 } }

  package func sleep(for duration: Duration) {
    slept.withLock { $0.append(duration) }
    current.withLock { $0 += duration.seconds }
    monotonic.withLock { $0 += duration }
  }

  package func advance(_ seconds: Double) {
    current.withLock { $0 += seconds }
    monotonic.withLock { $0 += .seconds(seconds) }
  }
  package func set(_ date: Date) { current.withLock { $0 = date } }

  /// Every `sleep` asked for, in order.
  package var sleeps: [Duration] { slept.withLock { $0 } }
}
