import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The daemon loop in miniature on a fake clock and a fake Bing, so days of schedule run in a test
/// and the loop's promises are checked at every step: the work a wake is for is due when it wakes,
/// and once the due work is done the next wake is strictly later (no busy loop).
struct DaemonSimulation {
  /// One pass of the loop: when it ran and what it did.
  struct Step: Equatable {
    var time: Date
    var work: DueWork
    /// For an update: whether it brought a newer picture of some market.
    var fetchedNew: Bool
    var failed: Bool
  }

  var state: SchedulerState
  var now: Date
  var markets: [String]
  var stored: [String: Date]
  let rotation: RotationSchedule?
  /// The `fullstartdate` of the newest picture Bing serves for a market at an instant.
  let bing: @Sendable (String, Date) -> Date?
  /// Whether an update at this instant fails (network down).
  let fails: @Sendable (Date) -> Bool
  var generator: SeededGenerator
  private(set) var steps: [Step] = []

  init(
    now: Date, markets: [String], stored: [String: Date], state: SchedulerState? = nil,
    rotation: RotationSchedule? = nil, seed: UInt64 = 7,
    fails: @escaping @Sendable (Date) -> Bool = { _ in false },
    bing: @escaping @Sendable (String, Date) -> Date?
  ) {
    var generator = SeededGenerator(seed: seed)
    self.state = state ?? SchedulerState(jitter: .random(using: &generator))
    self.now = now
    self.markets = markets
    self.stored = stored
    self.rotation = rotation
    self.bing = bing
    self.fails = fails
    self.generator = generator
  }

  var pictures: [NewestPicture] { markets.map { NewestPicture(market: $0, fullStartDate: stored[$0]) } }

  /// Does what is due at `now`, records it, and returns the next wake (nil: nothing to wait for).
  mutating func step() -> ScheduledWake? {
    state = state.clamped(to: now)
    let work = state.due(markets: pictures, rotation: rotation, now: now)
    var step = Step(time: now, work: work, fetchedNew: false, failed: false)
    if work.contains(.update) {
      if fails(now) {
        state.recordUpdateFailure(
          at: now, error: "cannot reach Bing", backoffShare: .random(in: 0...1, using: &generator))
        step.failed = true
      } else {
        for market in markets {
          guard let served = bing(market, now) else { continue }
          if stored[market].map({ served > $0 }) ?? true {
            stored[market] = served
            step.fetchedNew = true
          }
        }
        state.recordUpdateSuccess(at: now, jitter: .random(using: &generator))
      }
    }
    if work.contains(.rotate) { state.recordRotation(at: now) }
    if !work.isEmpty { steps.append(step) }
    let wake = state.nextWake(markets: pictures, rotation: rotation, now: now)
    if let wake { #expect(wake.date > now, "busy loop at \(Timestamp.iso8601(now)): \(wake)") }
    return wake
  }

  /// Runs the loop until `end`, waking only when told to; every wake must find its work due.
  mutating func run(until end: Date) {
    var wake = step()
    var passes = 0
    while let next = wake, next.date < end {
      passes += 1
      if passes > 10_000 { Issue.record("the loop never settles"); return }
      now = next.date
      let due = state.clamped(to: now).due(markets: pictures, rotation: rotation, now: now)
      #expect(due.isSuperset(of: next.work), "woke at \(Timestamp.iso8601(now)) for \(next) with nothing due")
      wake = step()
    }
    now = end
  }

  /// The updates the loop ran, in order.
  var updates: [Step] { steps.filter { $0.work.contains(.update) } }
  /// The rotations the loop ran, in order.
  var rotations: [Step] { steps.filter { $0.work.contains(.rotate) } }
}
