import BingWallSystem

/// How long the network may take, from `network.timeout`: each request's limit, and the whole
/// update's, which every use case that fetches (update, doctor's repairs) and the daemon's
/// watch over its update child share.
package struct NetworkLimits: Sendable, Equatable {
  /// How long one request may take, and the stall limit (below 1 KiB/s this long).
  let requestTimeout: Duration

  /// The whole update may take this many requests' time (3 minutes by default): the archive's
  /// attempts and every picture's attempts end by then, whatever a server does.
  static let updateFactor = 6

  init(_ configuration: Configuration) {
    requestTimeout = .seconds(configuration[ConfigSchema.timeout])
  }

  /// The whole update's time limit.
  var updateTimeLimit: Duration { requestTimeout * Self.updateFactor }

  /// When an update starting now must be over, on the clock's monotonic time, which no
  /// wall-clock step moves.
  func updateDeadline(clock: any WallClock) -> ContinuousClock.Instant {
    clock.monotonicNow() + updateTimeLimit
  }
}

extension Configuration {
  /// The time limits `network.timeout` sets.
  package var networkLimits: NetworkLimits { NetworkLimits(self) }
}
