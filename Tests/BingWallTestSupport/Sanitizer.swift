import Foundation

/// The sanitizer `make sanitize` runs the tests under, for the bounds it makes meaningless.
package enum Sanitizer {
  /// `address` or `thread` under `make sanitize`, else nil: its instrumentation slows every step,
  /// and its shadow memory makes resident-memory bounds meaningless.
  package static var name: String? { ProcessInfo.processInfo.environment["BINGWALL_TEST_SANITIZER"] }
}
