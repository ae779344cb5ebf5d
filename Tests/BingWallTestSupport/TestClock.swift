import Foundation
import Synchronization

@testable import BingWallSystem

/// A wall clock that stands still until told to move; `sleep` moves it instead of waiting, so a
/// retry's backoff costs a test nothing and is still visible in the time.
final class TestClock: WallClock, Sendable {
  private let current: Mutex<Date>
  private let slept = Mutex<[Duration]>([])
  /// The monotonic clock: where the real one stood when the test clock was made, moved on by
  /// `sleep` and `advance` only (`set` steps the wall clock alone, as a time sync would).
  private let monotonic = Mutex(ContinuousClock.now)

  /// Where a test clock starts unless told: 2026-11-30 00:53 UTC.
  static let start = Date(timeIntervalSince1970: 1_796_000_000)

  init(_ start: Date = TestClock.start) {
    current = Mutex(start)
  }

  func now() -> Date { current.withLock { $0 } }
  func monotonicNow() -> ContinuousClock.Instant { monotonic.withLock { $0 } }

  func sleep(for duration: Duration) {
    slept.withLock { $0.append(duration) }
    current.withLock { $0 += duration.seconds }
    monotonic.withLock { $0 += duration }
  }

  func advance(_ seconds: Double) {
    current.withLock { $0 += seconds }
    monotonic.withLock { $0 += .seconds(seconds) }
  }
  func set(_ date: Date) { current.withLock { $0 = date } }

  /// Every `sleep` asked for, in order.
  var sleeps: [Duration] { slept.withLock { $0 } }
}
