/// The random offsets the schedule adds, drawn when an update succeeds and persisted with the state,
/// so that every reader of the state computes the same deadlines.
///
/// Drawing anew at each computation would let the daemon's wake-up time and its "is it due?" check
/// disagree, shift the update time at every rotation, and make `bingwall status` print a time the
/// daemon does not use. Drawing again after each success still spreads clients day by day; a failure
/// draws only a new `backoffShare`.
struct ScheduleJitter: Sendable, Equatable {
  /// Both offsets lie in 1…10 minutes, in whole seconds, so a million clients do not ask Bing at once.
  static let seconds: ClosedRange<Int> = 60...600

  /// The middle of every range: for a state written without a jitter (a hand-made or older file).
  static let middle = ScheduleJitter(publication: 330, retry: 330, backoffShare: 0.5)

  /// Seconds added to a market's publication time (`fullstartdate + 24 h`).
  let publication: Int
  /// Seconds added to the wait before asking again when Bing is late or a market came back empty.
  let retry: Int
  /// The share, 0…1, of the random half of the failure backoff (see `FailureBackoff`).
  let backoffShare: Double

  /// Values outside their ranges (a hand-edited state file) are pulled back into them.
  init(publication: Int, retry: Int, backoffShare: Double) {
    let range = Self.seconds
    self.publication = min(max(publication, range.lowerBound), range.upperBound)
    self.retry = min(max(retry, range.lowerBound), range.upperBound)
    self.backoffShare = backoffShare.isFinite ? min(max(backoffShare, 0), 1) : 0.5
  }

  /// A fresh draw, uniform over each range.
  static func random<Generator: RandomNumberGenerator>(using generator: inout Generator)
    -> ScheduleJitter
  {
    ScheduleJitter(
      publication: Int.random(in: seconds, using: &generator),
      retry: Int.random(in: seconds, using: &generator),
      backoffShare: Double.random(in: 0...1, using: &generator))
  }
}
