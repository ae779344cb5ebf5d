import FoundationEssentials
import Glibc

/// The seam for time: the time of day, the monotonic clock and waiting, so schedules, retries,
/// time limits and polls can be tested without sleeping.
package protocol WallClock: Sendable {
  func now() -> Date
  /// The monotonic clock, for time limits and polls: no wall-clock step (a time sync, the user
  /// setting the date) moves it.
  func monotonicNow() -> ContinuousClock.Instant
  /// Blocks for `duration` (a retry's backoff, a poll's pause); a test clock moves its time on
  /// instead.
  func sleep(for duration: Duration)
}

/// The system's clocks.
package struct SystemClock: WallClock {
  package init() {}
  package func now() -> Date { Date() }

  /// The one reading of monotonic time in the program: everything else asks a `WallClock`, or
  /// (below any context, in the process runner) `monotonicSeconds`.
  package func monotonicNow() -> ContinuousClock.Instant { .now }

  package func sleep(for duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    Syscall.sleep(timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000)))
  }

  /// Seconds on the monotonic clock since an origin fixed at first use, for loops that count in
  /// seconds, where a time limit may be infinite.
  static func monotonicSeconds() -> Double {
    origin.duration(to: SystemClock().monotonicNow()).seconds
  }

  private static let origin = SystemClock().monotonicNow()
}

extension Duration {
  /// The duration in seconds, with its fraction.
  package var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
