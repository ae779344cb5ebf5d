/// A time limit that long work checks as it goes, so that work on what a server sent (a reader
/// going through a body) stops at the limit instead of holding everything behind it.
///
/// A thread cannot be stopped from outside; the work stops itself. A reader calls `step()` for
/// each unit of its work (an element, a member, a reference decoded), and every
/// `checkInterval` steps the clock is read: a monotonic reading costs tens of nanoseconds, a
/// step a few, so the check adds nothing measurable, and a step of bounded work between two
/// readings means the work ends within moments of its limit. Once the limit has passed, `step`
/// and `check` throw `OverTime`.
package struct WorkLimit: Sendable {
  /// No limit: what is read is bounded by its own size (a file of our own, a tool's output).
  package static let none = WorkLimit(clock: nil, end: nil, limit: .zero)

  /// Steps between two readings of the clock.
  static let checkInterval = 4096

  private let clock: (any WallClock)?
  private let end: ContinuousClock.Instant?
  /// How long the work was given, for the message.
  private let limit: Duration
  private var steps = 0

  private init(clock: (any WallClock)?, end: ContinuousClock.Instant?, limit: Duration) {
    self.clock = clock
    self.end = end
    self.limit = limit
  }

  /// `limit` from now on `clock`'s monotonic time, and never past `deadline` when one is given
  /// (the whole update's).
  package init(_ limit: Duration, clock: any WallClock, deadline: ContinuousClock.Instant? = nil) {
    let now = clock.monotonicNow()
    var end = now + limit
    if let deadline, deadline < end { end = deadline }
    self.init(clock: clock, end: end, limit: max(.zero, now.duration(to: end)))
  }

  /// Throws once the limit has passed.
  package func check() throws(OverTime) {
    guard let clock, let end else { return }
    if clock.monotonicNow() >= end { throw OverTime(limit: limit) }
  }

  /// One unit of work: every `checkInterval` of them, `check()`.
  mutating func step() throws(OverTime) {
    steps &+= 1
    if steps % Self.checkInterval == 0 { try check() }
  }
}

/// Work stopped at its time limit (`WorkLimit`).
package struct OverTime: Error, Equatable, Sendable {
  /// How long the work was given.
  package var limit: Duration

  /// `30 s`, `1.5 s`: the limit as a message says it.
  package var limitText: String {
    let seconds = limit.seconds
    if seconds >= 10 || seconds == seconds.rounded() { return "\(Int(seconds.rounded())) s" }
    return "\((seconds * 10).rounded() / 10) s"
  }
}
