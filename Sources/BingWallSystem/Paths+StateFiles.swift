/// The files bingwall keeps in its state folder (`$XDG_STATE_HOME/bingwall`), named in one
/// table so that no two readers spell one differently and none is added unseen.
package enum StateFileName: String, CaseIterable, Sendable {
  /// The scheduler's memory: last update and its result, failure streak, last rotation.
  case scheduler = "scheduler.json"
  /// Held while `scheduler.json` is read, changed and written back.
  case schedulerLock = "scheduler.lock"
  /// What each screen was last given, for `status`.
  case screens = "screens.json"
  /// Held by every use case that adds or removes pictures.
  case updateLock = "update.lock"
  /// The files a prune could not delete yet, tried again by the next one.
  case prunePending = "prune-pending"
  /// The daemon's lock, when there is no runtime folder (`Paths.lockFile`).
  case daemonLock = "bingwall.lock"
  /// What the daemon's update child reported (`UpdateChildOutcome`), until the daemon has read it.
  case updateOutcome = "update-outcome.json"
}

extension Paths {
  /// `name` in the state folder `stateDir`.
  package static func stateFile(_ name: StateFileName, in stateDir: String) -> String {
    stateDir + "/" + name.rawValue
  }

  /// `name` in this user's state folder.
  package func stateFile(_ name: StateFileName) -> String { Self.stateFile(name, in: stateDir) }
}
