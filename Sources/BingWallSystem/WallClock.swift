import FoundationEssentials
import Glibc

/// The seam for the time of day, so schedules can be tested without sleeping.
package protocol WallClock: Sendable {
  func now() -> Date
}

/// The system's real-time clock.
package struct SystemClock: WallClock {
  package init() {}
  package func now() -> Date { Date() }
}
