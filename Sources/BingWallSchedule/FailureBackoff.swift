import BingWallSystem
import FoundationEssentials
import Glibc

/// How long to wait after failed updates: doubling from a minute to an hour, so a network that is
/// down is not hammered and one that comes back is used within the hour.
///
/// After `k` consecutive failures the ceiling is `min(1 h, 1 min × 2^(k-1))`, and the wait uses
/// equal jitter: half the ceiling fixed, plus a random share of the other half. The fixed half keeps
/// a retry from following a failure at once; the random half keeps clients that failed together (a
/// Bing outage) from retrying together. So k = 1 waits 30–60 s, k = 7 and above 30–60 min. A
/// success resets `k` to 0, which waits nothing.
enum FailureBackoff {
  /// The ceiling after the first failure.
  static let first: Duration = .seconds(60)
  /// The largest ceiling, reached after the seventh failure.
  static let limit: Duration = .seconds(60 * 60)

  /// `min(1 h, 1 min × 2^(failures-1))`; 0 for no failures.
  static func ceiling(afterFailures failures: Int) -> Duration {
    guard failures > 0 else { return .zero }
    // 2^6 minutes already passes the hour; stopping there keeps large streaks from overflowing.
    let doublings = min(failures - 1, 6)
    return min(limit, first * (1 << doublings))
  }

  /// Half the ceiling plus `share` (0…1, clamped) of the other half, in whole seconds.
  static func delay(afterFailures failures: Int, share: Double) -> Duration {
    // The ceiling is whole minutes, so its half is whole seconds.
    let half = ceiling(afterFailures: failures) / 2
    let share = share.isFinite ? min(max(share, 0), 1) : 0.5
    return half + .seconds((half.seconds * share).rounded(.down))
  }

  /// `delay(afterFailures:share:)` with the share drawn from `generator`.
  static func delay<Generator: RandomNumberGenerator>(
    afterFailures failures: Int, using generator: inout Generator
  ) -> Duration {
    delay(afterFailures: failures, share: Double.random(in: 0...1, using: &generator))
  }
}
