import BingWallSystem

/// The one retry loop: how many attempts a request gets, how long each retry waits (the policy's
/// jittered backoff, lengthened by a bounded `Retry-After`), and that no retry starts at or after
/// the deadline (the whole update's time limit).
///
/// The archive runs it as a plain loop (`run`), sleeping on the context's clock between
/// attempts; the picture batch (`CurlBatch`) keeps one per job and, instead of sleeping, lets the
/// job wait in the multi loop until `nextAttempt` says. Either way the same `nextAttempt`
/// decides.
package struct RetryLoop {
  /// What one failed attempt tells the loop.
  struct Failure {
    /// Another try could cure it (`TemporaryFailure.isTemporary`, `HTTPResponse.isTemporaryFailure`).
    var isTemporary: Bool
    /// The deadline itself ended the attempt: trying again would only end the same way.
    var isDeadline: Bool
    /// Seconds the server asked for (`Retry-After`).
    var retryAfter: Double?
  }

  let policy: RetryPolicy
  let deadline: ContinuousClock.Instant?
  /// Attempts started so far.
  private(set) var attempts = 0

  package init(policy: RetryPolicy, deadline: ContinuousClock.Instant?) {
    self.policy = policy
    self.deadline = deadline
  }

  /// Counts an attempt as started.
  mutating func begin() { attempts += 1 }

  /// When the next attempt may start after `failure` of the last one, `now` being when it
  /// ended and `unit` a uniform draw from 0..<1 for the jitter; nil when there is none: the
  /// failure is not temporary, or is the deadline's, or the attempts are used up, or the retry
  /// could only start at or after the deadline.
  func nextAttempt(after failure: Failure, now: ContinuousClock.Instant, unit: Double) -> ContinuousClock
    .Instant?
  {
    guard failure.isTemporary, !failure.isDeadline, attempts < policy.attempts else { return nil }
    let delay = policy.delay(beforeRetry: attempts, unit: unit, retryAfter: failure.retryAfter)
    let start = now + .seconds(delay)
    if let deadline, start >= deadline { return nil }
    return start
  }

  /// Runs `attempt` until it returns, or throws its last error once `nextAttempt` gives up or
  /// `givenUp` turns true between attempts; waits on `clock`, draws the jitter from `random`.
  package mutating func run<Value>(
    clock: any WallClock, random: any RandomSource, givenUp: () -> Bool = { false },
    _ attempt: () throws -> Value
  ) throws -> Value {
    while true {
      begin()
      do {
        return try attempt()
      } catch {
        let now = clock.monotonicNow()
        guard !givenUp(), let start = nextAttempt(after: Failure(error), now: now, unit: random.unit()) else {
          throw error
        }
        clock.sleep(for: now.duration(to: start))
      }
    }
  }
}

extension RetryLoop.Failure {
  /// What any thrown error says: a `TemporaryFailure` knows; anything else is final.
  init(_ error: any Error) {
    let known = error as? any TemporaryFailure
    isTemporary = known?.isTemporary ?? false
    isDeadline = if case .deadline = error as? NetError { true } else { false }
    retryAfter = known?.retryAfter
  }

  /// What a transfer's outcome says; nil for a response that is not a failure to retry.
  init?(_ outcome: Result<HTTPResponse, NetError>) {
    switch outcome {
    case .success(let response):
      guard HTTPResponse.isTemporaryFailure(status: response.status) else { return nil }
      self.init(isTemporary: true, isDeadline: false, retryAfter: RetryPolicy.retryAfter(of: response))
    case .failure(let error):
      self.init(error)
    }
  }
}
