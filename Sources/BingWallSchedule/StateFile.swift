import BingWallSystem
import FoundationEssentials
import Glibc

/// The scheduler's memory on disk (`$XDG_STATE_HOME/bingwall/scheduler.json`): last update and
/// its result, failure streak, last rotation. Written by every `update` and by the daemon, so a
/// restart keeps its place and `status` can tell.
package struct StateFile: Sendable {
  package let path: String
  private let lockPath: String

  package init(stateDir: String) {
    path = Paths.stateFile(.scheduler, in: stateDir)
    lockPath = Paths.stateFile(.schedulerLock, in: stateDir)
  }

  /// The saved state; a missing or unreadable file gives a fresh one (it only holds timing),
  /// with the middle jitter so that every reader computes the same deadlines until one is saved.
  package func load() -> SchedulerState {
    guard let data = FileManager.default.contents(atPath: path),
      let state = try? SchedulerState.decode(data, source: path)
    else { return SchedulerState(jitter: .middle) }
    return state
  }

  /// Read, change and write back under a lock, so `update` from cron and the daemon do not
  /// overwrite each other's fields.
  @discardableResult
  func change(_ body: (inout SchedulerState) -> Void) throws(FileError) -> SchedulerState {
    try Paths.ensureDirectory(Paths.parent(of: path))
    let lock = try FileLock(path: lockPath, wait: true)
    defer { lock?.release() }
    var state = load()
    body(&state)
    try AtomicFile.write(state.encoded(), to: path, mode: 0o600)
    return state
  }
}
