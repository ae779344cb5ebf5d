/// The seam for randomness (schedule jitter, retry jitter, `random`'s pick), so that tests can
/// fix what the program draws.
package protocol RandomSource: Sendable {
  /// 64 random bits.
  func next() -> UInt64
}

/// The system's generator (getrandom(2) through the standard library).
package struct SystemRandom: RandomSource {
  package init() {}
  package func next() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }
}

/// A `RandomSource` as the standard library's generator protocol, for `Int.random(in:using:)`.
package struct RandomSourceGenerator: RandomNumberGenerator {
  let source: any RandomSource
  package init(_ source: any RandomSource) { self.source = source }
  package mutating func next() -> UInt64 { source.next() }
}

extension RandomSource {
  /// A uniform draw from 0 up to 1 (1 excluded).
  package func unit() -> Double {
    var generator = RandomSourceGenerator(self)
    return Double.random(in: 0..<1, using: &generator)
  }
}
