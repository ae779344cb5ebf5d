import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The one writer of the scheduler state: every update's result and every rotation goes through
/// here, and here alone the jitter is drawn.
///
/// The state lives in `scheduler.json` (see `StateFile`), shared by every process of the user:
/// `update` from cron, the daemon, `status`. When a write fails (a full disk), the state that
/// could not be saved is kept in memory and wins over the file until a write succeeds again;
/// without it, a daemon that cannot save would find the same update due at once, for ever, and
/// hammer Bing.
package final class SchedulerJournal: Sendable {
  package let file: StateFile
  private let random: any RandomSource
  private let unsaved = Mutex<SchedulerState?>(nil)

  package init(file: StateFile, random: any RandomSource) {
    self.file = file
    self.random = random
  }

  /// The state as every reader should see it now.
  func current() -> SchedulerState {
    unsaved.withLock { $0 } ?? file.load()
  }

  /// An update ended at `date`: a success draws the next deadlines' jitter, a failure only a new
  /// share of the backoff. Returns the state recorded; throws when it could not be saved (it is
  /// still what `current()` answers).
  ///
  /// The start mark of this process's update goes; with `endingAnyStart` (the daemon recording
  /// the end of its child, reaped by then) the mark of a process that is gone, but never that of
  /// an update still running (one started by hand as the child ended).
  @discardableResult
  package func recordUpdate(
    at date: Date, failure: UpdateFailureRecord?, endingAnyStart: Bool = false
  ) throws(FileError)
    -> SchedulerState
  {
    var generator = RandomSourceGenerator(random)
    let jitter = ScheduleJitter.random(using: &generator)
    return try change { state in
      if !endingAnyStart {
        state.clearUpdateStart(pid: getpid())
      } else if let marked = state.updatePID, kill(marked, 0) != 0, errno == ESRCH {
        state.clearUpdateStart(pid: marked)
      }
      if let failure {
        state.recordUpdateFailure(at: date, failure: failure, backoffShare: jitter.backoffShare)
      } else {
        state.recordUpdateSuccess(at: date, jitter: jitter)
      }
    }
  }

  /// Whether the update just recorded left the newest picture unset for want of a desktop
  /// session (`notSet`, why), or set it or found none waiting (nil). Not written when unchanged.
  package func recordWallpaper(notSet: String?) throws(FileError) {
    guard current().wallpaperNotSet != notSet else { return }
    _ = try change { $0.wallpaperNotSet = notSet }
  }

  /// The wallpaper is now an image file given by path (`file`), or a stored picture (nil). Not
  /// written when unchanged.
  package func recordWallpaper(file: String?) throws(FileError) {
    guard current().wallpaperFile != file else { return }
    _ = try change { $0.wallpaperFile = file }
  }

  /// This process's update starts its work at `date`: until it records its end, `status` shows
  /// it running, and once this process is gone without recording one, interrupted.
  package func recordUpdateStart(at date: Date) throws(FileError) {
    _ = try change { $0.recordUpdateStart(at: date, pid: getpid()) }
  }

  /// An update was skipped at `date` for `reason` (`metered`, `battery`): no attempt, no jitter
  /// drawn; `status` shows it and the daemon tries again when the conditions change.
  @discardableResult
  package func recordSkip(at date: Date, reason: UpdateHoldReason) throws(FileError) -> SchedulerState {
    try change { $0.recordUpdateSkip(at: date, reason: reason) }
  }

  /// A rotation happened at `date` (also when nothing could be shown, so that a broken picture is
  /// not retried at once).
  @discardableResult
  func recordRotation(at date: Date) throws(FileError) -> SchedulerState {
    try change { $0.recordRotation(at: date) }
  }

  /// Another process (the daemon's update child) has just written the file: its word is newer
  /// than any state this journal could not save, so the file is what `current()` answers again.
  package func forgetUnsaved() {
    unsaved.withLock { $0 = nil }
  }

  /// The state with every instant later than `now` pulled back to `now`, saved when that changed
  /// anything: after the wall clock stepped back, deadlines then count from now and stay put,
  /// for the daemon and for `status` alike.
  func clamped(to now: Date) -> SchedulerState {
    let state = current()
    let clamped = state.clamped(to: now)
    guard clamped != state else { return state }
    return (try? change { $0 = $0.clamped(to: now) }) ?? clamped
  }

  private func change(_ body: (inout SchedulerState) -> Void) throws(FileError) -> SchedulerState {
    let held = unsaved.withLock { $0 }
    do {
      let saved = try file.change { state in
        // A state that could not be saved earlier is this process's latest word: build on it.
        if let held { state = held }
        body(&state)
      }
      unsaved.withLock { $0 = nil }
      return saved
    } catch {
      var state = held ?? file.load()
      body(&state)
      unsaved.withLock { $0 = state }
      throw error
    }
  }
}
