import BingWallSystem
import FoundationEssentials
import Glibc

/// When the next rotation is due: one interval after the last, which the caller persists so that a
/// restart or a reboot keeps the time left instead of starting the interval over.
///
/// No last rotation (first start) or an overdue one (after a suspend) is due now: one rotation, not
/// one per missed interval. A last rotation later than `now` means the wall clock stepped back; it
/// counts as `now`, so the wait is never longer than one interval. Store `SchedulerState.clamped(to:)`
/// after such a step, or the deadline would move on with the clock until it catches up.
package struct RotationSchedule: Sendable, Equatable {
  /// The time between rotations, from `daemon.rotate` or `--rotate`.
  package let interval: Duration

  /// Nil unless `interval` is positive.
  init?(interval: Duration) {
    guard interval > .zero else { return nil }
    self.interval = interval
  }

  /// From `daemon.rotate`, in its whole seconds; nil for zero, which is `off`.
  package init?(every duration: Duration) {
    self.init(interval: .seconds(duration.components.seconds))
  }

  /// `lastRotation + interval`, but never before `now` and never more than an interval after it.
  func next(after lastRotation: Date?, now: Date) -> Date {
    guard let lastRotation else { return now }
    return max(min(lastRotation, now).adding(interval), now)
  }
}
