import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The backoff after failed updates: 1, 2, 4 … minutes up to an hour, half fixed and half random.
@Suite struct FailureBackoffTests {
  /// Failures in a row and the ceiling in minutes.
  static let streak: [(Int, Double)] = [(1, 1), (2, 2), (3, 4), (4, 8), (5, 16), (6, 32), (7, 60), (8, 60)]

  @Test(arguments: streak) func ceilingDoublesUpToAnHour(failures: Int, minutes: Double) {
    #expect(FailureBackoff.ceiling(afterFailures: failures) == .minutes(minutes))
  }

  @Test(arguments: streak) func equalJitterSpansTheUpperHalf(failures: Int, minutes: Double) {
    let ceiling = Duration.minutes(minutes)
    #expect(FailureBackoff.delay(afterFailures: failures, share: 0) == ceiling / 2)
    #expect(FailureBackoff.delay(afterFailures: failures, share: 1) == ceiling)
    #expect(
      FailureBackoff.delay(afterFailures: failures, share: 0.5) == ceiling / 2
        + .seconds((ceiling / 4).seconds.rounded(.down)))
    var seen: Set<Duration> = []
    for seed in UInt64(0)..<100 {
      var generator = SeededGenerator(seed: seed)
      let delay = FailureBackoff.delay(afterFailures: failures, using: &generator)
      #expect(delay >= ceiling / 2 && delay <= ceiling, "seed \(seed): \(delay)")
      #expect(delay.components.attoseconds == 0, "whole seconds")
      seen.insert(delay)
    }
    #expect(seen.count > 10, "the random half barely varies: \(seen.sorted())")
  }

  @Test func theSameSeedGivesTheSameDelay() {
    var first = SeededGenerator(seed: 99)
    var second = SeededGenerator(seed: 99)
    #expect(
      FailureBackoff.delay(afterFailures: 4, using: &first)
        == FailureBackoff.delay(afterFailures: 4, using: &second))
  }

  @Test(arguments: [0, -1, Int.min]) func noFailureNoWait(failures: Int) {
    #expect(FailureBackoff.ceiling(afterFailures: failures) == .zero)
    #expect(FailureBackoff.delay(afterFailures: failures, share: 1) == .zero)
  }

  @Test(arguments: [9, 64, 65, 1_000, Int.max]) func longStreaksStayAtAnHour(failures: Int) {
    #expect(FailureBackoff.ceiling(afterFailures: failures) == .hours(1))
    #expect(FailureBackoff.delay(afterFailures: failures, share: 0) == .minutes(30))
  }

  @Test(arguments: [-3.0, 2.0, .infinity, .nan]) func sharesOutsideZeroToOneAreTamed(share: Double) {
    let delay = FailureBackoff.delay(afterFailures: 3, share: share)
    #expect(delay >= .minutes(2) && delay <= .minutes(4))
  }
}
