import FoundationEssentials
import Glibc

/// The seam for the time of day and for waiting, so schedules and retries can be tested
/// without sleeping.
package protocol WallClock: Sendable {
  func now() -> Date
  /// Blocks for `seconds` (a retry's backoff); a test clock moves its time on instead.
  func sleep(seconds: Double)
}

/// The system's real-time clock.
package struct SystemClock: WallClock {
  package init() {}
  package func now() -> Date { Date() }

  package func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
