import BingWallModel
import FoundationEssentials
import Glibc

/// What the daemon persists between runs, so that a restart keeps the rotation's time left, the
/// failure streak and the jitter, and `bingwall status` can show the last update and the next ones.
///
/// Record every update attempt and rotation through the `record…` methods, then save. Before
/// computing deadlines after a wake, replace the state with `clamped(to:)` (and save it when it
/// changed): after the wall clock steps back, that turns instants from the "future" into `now`, so
/// the deadlines stop moving with the clock.
package struct SchedulerState: Sendable, Equatable {
  /// The end of the last update attempt, successful or not.
  package var lastUpdateAttempt: Date?
  /// The end of the last update that succeeded; only ever set by a success.
  package var lastUpdateSuccess: Date?
  /// Failed updates since the last success; drives `FailureBackoff`.
  var consecutiveFailures: Int
  /// Why the last update failed (`UpdateFailureRecord`); nil once an update succeeds.
  package var lastFailure: UpdateFailureRecord?
  /// When the last rotation happened; the next is due one interval later.
  package var lastRotation: Date?
  /// When the last update was skipped for the conditions (a metered connection, a low battery)
  /// and why, in `UpdateConditions`' words (`metered`, `battery`); nil once an update runs.
  package var lastSkip: Date?
  package var skipReason: UpdateHoldReason?
  /// Why the last update that had a picture to set could not set it (no desktop session
  /// here: `DesktopError.isOutsideSession`); nil once an update sets it or finds none waiting.
  /// The pictures were stored all the same: the update itself succeeded.
  package var wallpaperNotSet: String?
  /// The image file `apply FILE` set, not in the history; nil once a stored picture is set.
  /// `status` names it as the current wallpaper, as the history cannot.
  package var wallpaperFile: String?
  /// The offsets for the current deadlines; drawn again at every successful update.
  var jitter: ScheduleJitter
  /// When the update now under way (or the last one, if it never finished) started its work,
  /// and its pid; cleared when that update records its end. Still set with that process gone,
  /// the update was interrupted (Ctrl-C, a kill, a crash) and `status` says so.
  package var updateStarted: Date?
  package var updatePID: Int32?

  init(
    lastUpdateAttempt: Date? = nil, lastUpdateSuccess: Date? = nil, consecutiveFailures: Int = 0,
    lastFailure: UpdateFailureRecord? = nil, lastRotation: Date? = nil, lastSkip: Date? = nil,
    skipReason: UpdateHoldReason? = nil,
    wallpaperNotSet: String? = nil, wallpaperFile: String? = nil, jitter: ScheduleJitter,
    updateStarted: Date? = nil,
    updatePID: Int32? = nil
  ) {
    self.lastUpdateAttempt = lastUpdateAttempt
    self.lastUpdateSuccess = lastUpdateSuccess
    self.consecutiveFailures = max(0, consecutiveFailures)
    self.lastFailure = lastFailure
    self.lastRotation = lastRotation
    self.lastSkip = lastSkip
    self.skipReason = skipReason
    self.wallpaperNotSet = wallpaperNotSet
    self.wallpaperFile = wallpaperFile
    self.jitter = jitter
    self.updateStarted = updateStarted
    self.updatePID = updatePID
  }

  /// Whether the last update attempt failed: `status` and `doctor` both ask here.
  package var lastUpdateFailed: Bool { lastUpdateAttempt != nil && lastUpdateAttempt != lastUpdateSuccess }

  /// Failed updates in a row since the last success; 0 after a success.
  package var failuresInARow: Int { consecutiveFailures }

  /// The update of process `pid` starts its work at `date`.
  mutating func recordUpdateStart(at date: Date, pid: Int32) {
    updateStarted = Self.toTheSecond(date)
    updatePID = pid
  }

  /// The update of process `pid` ended (either way): its start mark goes, unless a later update
  /// has put its own there.
  mutating func clearUpdateStart(pid: Int32) {
    guard updatePID == pid else { return }
    updateStarted = nil
    updatePID = nil
  }

  /// An update succeeded at `date`: the streak and the error are cleared, and `jitter` (a fresh
  /// draw) spreads the next deadlines.
  mutating func recordUpdateSuccess(at date: Date, jitter: ScheduleJitter) {
    let date = Self.toTheSecond(date)
    lastUpdateAttempt = date
    lastUpdateSuccess = date
    consecutiveFailures = 0
    lastFailure = nil
    lastSkip = nil
    skipReason = nil
    self.jitter = jitter
  }

  /// An update failed at `date` for `failure`; the last success stays as it was.
  ///
  /// Only the backoff's share is drawn again (`backoffShare`, 0…1): a new publication or retry
  /// offset would move a deadline the failure has nothing to do with, possibly past the backoff.
  mutating func recordUpdateFailure(at date: Date, failure: UpdateFailureRecord, backoffShare: Double) {
    lastUpdateAttempt = Self.toTheSecond(date)
    consecutiveFailures = consecutiveFailures == Int.max ? Int.max : consecutiveFailures + 1
    lastFailure = failure
    lastSkip = nil
    skipReason = nil
    jitter = ScheduleJitter(publication: jitter.publication, retry: jitter.retry, backoffShare: backoffShare)
  }

  /// An update was skipped at `date` for `reason` (a metered connection, a low battery): not an
  /// attempt, so neither the last attempt nor the failure streak moves; the next update waits for
  /// the conditions to change, or for `skipRecheck` (see `nextUpdate`).
  mutating func recordUpdateSkip(at date: Date, reason: UpdateHoldReason) {
    lastSkip = Self.toTheSecond(date)
    skipReason = reason
  }

  /// A rotation happened at `date`.
  mutating func recordRotation(at date: Date) {
    lastRotation = Self.toTheSecond(date)
  }

  /// The same state with every instant later than `now` replaced by `now`, for after the wall clock
  /// stepped back. Deadlines then count from `now` and stay put as the clock moves on.
  func clamped(to now: Date) -> SchedulerState {
    func clamp(_ date: Date?) -> Date? { date.map { min($0, now) } }
    var state = self
    state.lastUpdateAttempt = clamp(lastUpdateAttempt)
    state.lastUpdateSuccess = clamp(lastUpdateSuccess)
    state.lastRotation = clamp(lastRotation)
    state.lastSkip = clamp(lastSkip)
    state.updateStarted = clamp(updateStarted)
    return state
  }

  /// Recorded instants are cut to the second, as the state file stores them, so the daemon (which
  /// holds the state) and `bingwall status` (which reads the file) compute the same deadlines.
  static func toTheSecond(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }
}
