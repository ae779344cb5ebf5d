import Synchronization

@testable import BingWallStore
@testable import BingWallSystem
@testable import BingWallTestSupport

/// A seeded random source: the same seed draws the same jitter, retries and picks in every run.
final class TestRandom: RandomSource, Sendable {
  private let generator: Mutex<SeededGenerator>

  init(seed: UInt64 = 7) {
    generator = Mutex(SeededGenerator(seed: seed))
  }

  func next() -> UInt64 { generator.withLock { $0.next() } }
}
