import FoundationEssentials
import Glibc

/// The next moment the daemon must wake and the work that makes it wake: the one deadline its
/// single timer is armed for, and the words of its log line.
package struct ScheduledWake: Sendable, Equatable {
  /// The work behind the deadline.
  enum Reason: Sendable, Equatable {
    /// The daily update, for the market and reason given.
    case update(UpdateDeadline)
    /// A retry after this many consecutive failed updates.
    case retryAfterFailure(failures: Int)
    /// A look at the conditions again, an hour after an update was skipped for them.
    case recheckAfterSkip
    /// The next rotation.
    case rotation
  }

  /// Never before the `now` it was computed for.
  package var date: Date
  var reason: Reason

  /// The work this wake is for.
  var work: DueWork {
    switch reason {
    case .update, .retryAfterFailure, .recheckAfterSkip: return .update
    case .rotation: return .rotate
    }
  }
}
