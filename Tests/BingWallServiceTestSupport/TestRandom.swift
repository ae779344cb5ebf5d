import BingWallTestSupport
import Synchronization

@testable import BingWallStore
@testable import BingWallSystem

/// A seeded random source: the same seed draws the same jitter, retries and picks in every run.
package final class TestRandom: RandomSource, Sendable {
  private let generator: Mutex<SeededGenerator>

  package init(seed: UInt64 = 7) {
    generator = Mutex(SeededGenerator(seed: seed))
  }

  package func next() -> UInt64 { generator.withLock { $0.next() } }
}
