import FoundationEssentials
import Glibc

/// How many times a request is tried, and how long each retry waits first; `RetryLoop` applies
/// it, to the archive and to the pictures alike.
///
/// Only failures that another try could cure are retried (`TemporaryFailure`): transport
/// errors that `NetError.isTemporary` accepts (no connection, timeouts, resets, bodies cut
/// short) and the statuses that mean "not now" (`HTTPResponse.isTemporaryFailure`: 5xx, 429,
/// 408). Other 4xx answers, bodies over the limit and write errors would fail the same way again.
///
/// The wait grows exponentially and is jittered ("equal jitter": half the step is fixed, the
/// other half random) so that the eight pictures of a market, failed by one hiccup, do not
/// all knock again in the same instant, while each still waits at least half its step.
package struct RetryPolicy: Sendable, Equatable {
  /// Tries in total per job, the first included; 1 means no retries.
  var attempts: Int
  /// Seconds of the first step; step n is `baseDelay * 2^(n-1)`.
  var baseDelay: Double
  /// Seconds no step exceeds.
  var maxDelay: Double

  /// Three tries, waiting about 0.5 s and then about 1 s: rides out a brief outage or a
  /// dropped connection without keeping a user at the terminal for long.
  package static let standard = RetryPolicy(attempts: 3, baseDelay: 0.5, maxDelay: 8)

  /// One try, no retries.
  static let once = RetryPolicy(attempts: 1, baseDelay: 0, maxDelay: 0)

  /// Seconds to wait before retry number `retry` (1 before the second attempt), for a
  /// `unit` drawn uniformly from 0..<1: between half the step and the whole step. A server's
  /// `Retry-After` lengthens the wait up to `longestRetryAfter`, never shortens it.
  func delay(beforeRetry retry: Int, unit: Double, retryAfter: Double? = nil) -> Double {
    let step = min(maxDelay, baseDelay * pow(2, Double(max(0, retry - 1))))
    let own = step > 0 ? step / 2 + step / 2 * min(max(unit, 0), 1) : 0
    guard let retryAfter, retryAfter > own else { return own }
    return min(retryAfter, Self.longestRetryAfter)
  }

  /// The longest `Retry-After` obeyed: a server asking for an hour gets half a minute, and the
  /// update's time limit still ends the wait sooner when it comes first.
  static let longestRetryAfter = 30.0

  /// The seconds a temporary failure's answer (5xx, 429, 408) asks us to wait
  /// (`Retry-After: 120`); nil when it says nothing usable. The HTTP-date form is not read:
  /// Bing's servers send seconds.
  package static func retryAfter(of response: HTTPResponse) -> Double? {
    guard HTTPResponse.isTemporaryFailure(status: response.status),
      let value = response.header("Retry-After")?.trimmed(), let seconds = Int(value), seconds >= 0
    else { return nil }
    return Double(seconds)
  }
}
