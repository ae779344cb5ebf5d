import BingWallSystem

/// How an update child ended, said for the daemon's log and the journal when it ended badly.
struct UpdateChildEnding {
  /// "`bingwall update` was killed by signal 11 (SIGSEGV)", or nil for an exit with a status
  /// (the child's own lines and journal record say how that update went).
  let failure: String?

  init(_ result: ProcessResult, timeLimit: Duration) {
    if result.timedOut {
      failure = "`bingwall update` did not finish within \(timeLimit.components.seconds) s and was stopped"
    } else if result.status > 128 {
      failure = "`bingwall update` was killed by \(SignalName.describe(result.status - 128))"
    } else if result.status < 0 {
      failure = "`bingwall update` ended and its exit status was lost"
    } else {
      failure = nil
    }
  }
}
