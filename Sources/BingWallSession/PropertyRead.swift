import BingWallBus

/// Properties asked for together without waiting, and the state they make once every one is
/// answered or the time is up: how the daemon reads NetworkManager and UPower while it goes on
/// reading the bus, so that neither a flood nor a service that stopped answering holds it.
struct PropertyRead<State> {
  let answers: [BusAnswer]
  /// When an answer still missing counts as failed: the connection's call timeout, on the
  /// daemon's own clock, since a sleeping poll hears nothing of sd-bus's.
  let deadline: ContinuousClock.Instant
  /// The state from the answers (a failed one reads as nil); nil when they do not make one.
  let make: ([BusAnswer]) -> State?

  func isDone(at now: ContinuousClock.Instant) -> Bool {
    now >= deadline || answers.allSatisfy(\.isAnswered)
  }

  var state: State? { make(answers) }
}
