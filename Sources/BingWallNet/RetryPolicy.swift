import FoundationEssentials
import Glibc

/// When a batch download tries a job again, and how long it waits first.
///
/// Only failures that another try could cure are retried: transport errors that
/// `NetError.isTemporary` accepts (no connection, timeouts, resets, bodies cut short) and the
/// statuses that mean "the server is struggling" (5xx, 429). Other 4xx answers, bodies over
/// the limit and write errors would fail the same way again.
///
/// The wait grows exponentially and is jittered ("equal jitter": half the step is fixed, the
/// other half random) so that the eight pictures of a market, failed by one hiccup, do not
/// all knock again in the same instant, while each still waits at least half its step.
package struct RetryPolicy: Sendable, Equatable {
  /// Tries in total per job, the first included; 1 means no retries.
  package var attempts: Int
  /// Seconds of the first step; step n is `baseDelay * 2^(n-1)`.
  package var baseDelay: Double
  /// Seconds no step exceeds.
  package var maxDelay: Double

  package init(attempts: Int, baseDelay: Double, maxDelay: Double) {
    self.attempts = attempts
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
  }

  /// Three tries, waiting about 0.5 s and then about 1 s: rides out a brief outage or a
  /// dropped connection without keeping a user at the terminal for long.
  package static let standard = RetryPolicy(attempts: 3, baseDelay: 0.5, maxDelay: 8)

  /// One try, no retries.
  package static let once = RetryPolicy(attempts: 1, baseDelay: 0, maxDelay: 0)

  /// Whether one attempt's outcome is worth another try.
  package static func isRetryable(_ outcome: Result<HTTPResponse, NetError>) -> Bool {
    switch outcome {
    case .success(let response): return response.status == 429 || (500...599).contains(response.status)
    case .failure(let error): return error.isTemporary
    }
  }

  /// Seconds to wait before retry number `retry` (1 before the second attempt), for a
  /// `unit` drawn uniformly from 0..<1: between half the step and the whole step.
  package func delay(beforeRetry retry: Int, unit: Double) -> Double {
    let step = min(maxDelay, baseDelay * pow(2, Double(max(0, retry - 1))))
    guard step > 0 else { return 0 }
    return step / 2 + step / 2 * min(max(unit, 0), 1)
  }
}
