import BingWallSystem
import FoundationEssentials
import Glibc

/// The deadlines of a state, combined, so the daemon loop is: clamp, ask `due`, run it, record, save,
/// sleep until `nextWake`. Each is a pure function of the state, the markets and `now`; with the
/// jitter stored in the state, `due(at: wake.date)` always contains `wake.work`.
extension SchedulerState {
  /// The next update: the markets' deadline, pushed back by the failure backoff while updates fail
  /// (the backoff only ever delays, it never brings an update forward). Nil with no market.
  package func nextUpdate(markets: [NewestPicture], now: Date) -> ScheduledWake? {
    guard let deadline = marketsDeadline(markets, now: now) else { return nil }
    if consecutiveFailures > 0, let attempt = lastUpdateAttempt {
      let delay = FailureBackoff.delay(afterFailures: consecutiveFailures, share: jitter.backoffShare)
      let retry = max(min(attempt, now).adding(delay), now)
      if retry > deadline.date {
        return ScheduledWake(date: retry, reason: .retryAfterFailure(failures: consecutiveFailures))
      }
    }
    if let skipped = lastSkip {
      let recheck = max(min(skipped, now).adding(Self.skipRecheck), now)
      if recheck > deadline.date { return ScheduledWake(date: recheck, reason: .recheckAfterSkip) }
    }
    return ScheduledWake(date: deadline.date, reason: .update(deadline))
  }

  /// The markets' own deadline, from the last success and the stored jitter: what the next
  /// update, an owed update and the next picture's due time all start from.
  func marketsDeadline(_ markets: [NewestPicture], now: Date) -> UpdateDeadline? {
    UpdateDeadline.next(for: markets, lastSuccess: lastUpdateSuccess, now: now, jitter: jitter)
  }

  /// How long after a skipped update (a metered connection, a low battery) the next one is tried
  /// when no change of the conditions was heard first: the daemon hears NetworkManager and UPower
  /// change, so this only bounds what a missed signal, or a machine without the bus, can cost.
  static let skipRecheck: Duration = .seconds(3600)

  /// Whether an update is owed: a market's deadline has passed (a missed update, a failed one, a
  /// skipped one), whatever the backoff or a skip says about when to try. The daemon runs one soon
  /// after the network comes back when this is true.
  func updateOwed(markets: [NewestPicture], now: Date) -> Bool {
    guard let deadline = marketsDeadline(markets, now: now) else { return false }
    return deadline.date <= now
  }

  /// The next rotation; nil when rotation is off.
  package func nextRotation(_ rotation: RotationSchedule?, now: Date) -> ScheduledWake? {
    rotation.map { ScheduledWake(date: $0.next(after: lastRotation, now: now), reason: .rotation) }
  }

  /// The earliest of the next update and the next rotation (the update on a tie); nil when there is
  /// neither a market nor a rotation, and the daemon has nothing to wait for but a signal.
  func nextWake(markets: [NewestPicture], rotation: RotationSchedule?, now: Date) -> ScheduledWake? {
    let update = nextUpdate(markets: markets, now: now)
    let rotate = nextRotation(rotation, now: now)
    guard let update else { return rotate }
    guard let rotate, rotate.date < update.date else { return update }
    return rotate
  }

  /// The work due at `now`: update, rotate, both, or nothing.
  func due(markets: [NewestPicture], rotation: RotationSchedule?, now: Date) -> DueWork {
    var work: DueWork = []
    if let update = nextUpdate(markets: markets, now: now), update.date <= now { work.insert(.update) }
    if let rotate = nextRotation(rotation, now: now), rotate.date <= now { work.insert(.rotate) }
    return work
  }
}

extension SchedulerState {
  /// When the markets' next picture is there to fetch, without the daemon's jitter, backoff and
  /// skip recheck: the first run of an `update` from cron or a timer at or after it brings the
  /// picture, since such an update asks Bing at every run.
  package func nextPictureDue(markets: [NewestPicture], now: Date) -> Date? {
    guard let deadline = marketsDeadline(markets, now: now) else { return nil }
    if case .publication(let published) = deadline.reason { return max(published, now) }
    return deadline.date
  }
}
