import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// The real `DaemonLoop` on a test clock and a modelled Bing, so days of schedule run in a test.
///
/// The waiter moves the clock to each deadline instead of sleeping and checks the loop's promise
/// at every wait: once the due work is done, the next wake is strictly later (a wake that finds
/// nothing due would wait again at the same instant: a busy loop). Updates and rotations are the
/// plan's closures; the journal is the real one over a real state file.
struct DaemonSimulation {
  /// One pass of the loop that did work: when it ran and what it did.
  struct Step: Equatable {
    var time: Date
    var work: DueWork
    /// For an update: whether it brought a newer picture of some market.
    var fetchedNew: Bool
    var failed: Bool
  }

  /// Bing and the stored pictures, shared by the plan's closures (they run on the loop's side).
  final class World: Sendable {
    let markets: [String]
    let stored: Mutex<[String: Date]>
    let steps = Mutex<[Step]>([])
    init(markets: [String], stored: [String: Date]) {
      self.markets = markets
      self.stored = Mutex(stored)
    }
  }

  /// Moves the clock to each deadline; stops the loop (SIGTERM) at the end of the run.
  final class Waiter: DaemonWaiting {
    let clock: TestClock
    var end = Date.distantFuture
    var passes = 0
    init(clock: TestClock) { self.clock = clock }

    func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
      step()
      return nil
    }

    func wait(until deadline: Date?) -> DaemonWake {
      passes += 1
      if passes > 10_000 {
        Issue.record("the loop never settles")
        return .signal(SIGTERM)
      }
      guard let deadline, deadline < end else { return .signal(SIGTERM) }
      #expect(deadline > clock.now(), "busy loop at \(Timestamp.iso8601(clock.now()))")
      clock.set(max(deadline, clock.now()))
      return .deadline
    }
  }

  let clock = TestClock()
  let folder: TemporaryDirectory
  let journal: SchedulerJournal
  let world: World
  let waiter: Waiter
  let rotation: RotationSchedule?
  /// The `fullstartdate` of the newest picture Bing serves for a market at an instant.
  let bing: @Sendable (String, Date) -> Date?
  /// Whether an update at this instant fails (network down).
  let fails: @Sendable (Date) -> Bool

  init(
    now: Date, markets: [String], stored: [String: Date], state: SchedulerState? = nil,
    rotation: RotationSchedule? = nil, seed: UInt64 = 7,
    fails: @escaping @Sendable (Date) -> Bool = { _ in false },
    bing: @escaping @Sendable (String, Date) -> Date?
  ) {
    folder = try! TemporaryDirectory()
    journal = SchedulerJournal(file: StateFile(stateDir: folder.path), random: TestRandom(seed: seed))
    world = World(markets: markets, stored: stored)
    waiter = Waiter(clock: clock)
    self.rotation = rotation
    self.bing = bing
    self.fails = fails
    clock.set(now)
    let initial = state ?? SchedulerState(jitter: .middle)
    _ = try! journal.file.change { $0 = initial }
  }

  var now: Date {
    get { clock.now() }
    nonmutating set { clock.set(newValue) }
  }

  /// The journal's state; setting it writes the state file, as another process would.
  var state: SchedulerState {
    get { journal.current() }
    nonmutating set { _ = try! journal.file.change { $0 = newValue } }
  }

  var stored: [String: Date] { world.stored.withLock { $0 } }
  var steps: [Step] { world.steps.withLock { $0 } }

  var plan: DaemonLoop.Plan {
    let world = world
    let journal = journal
    let clock = clock
    let bing = bing
    let fails = fails
    return DaemonLoop.Plan(
      markets: {
        let stored = world.stored.withLock { $0 }
        return world.markets.map { NewestPicture(.market(Market(stored: $0)), fullStartDate: stored[$0]) }
      },
      rotation: rotation,
      update: {
        let now = clock.now()
        var step = Step(time: now, work: .update, fetchedNew: false, failed: false)
        if fails(now) {
          step.failed = true
          _ = try? journal.recordUpdate(at: now, failure: .init(text: "cannot reach Bing"))
        } else {
          world.stored.withLock { stored in
            for market in world.markets {
              guard let served = bing(market, now) else { continue }
              if stored[market].map({ served > $0 }) ?? true {
                stored[market] = served
                step.fetchedNew = true
              }
            }
          }
          _ = try? journal.recordUpdate(at: now, failure: nil)
        }
        world.steps.withLock { $0.append(step) }
      },
      rotate: {
        let now = clock.now()
        world.steps.withLock { steps in
          if let last = steps.last, last.time == now, last.work == .update {
            steps[steps.count - 1].work.insert(.rotate)
          } else {
            steps.append(Step(time: now, work: .rotate, fetchedNew: false, failed: false))
          }
        }
      },
      summary: "simulation")
  }

  /// Runs the real loop until `end`, waking only when it asks to.
  func run(until end: Date) {
    waiter.end = end
    waiter.passes = 0
    let log = DaemonLog(output: BufferOutput(), clock: clock, environment: [:])
    let loop = DaemonLoop(clock: clock, waiter: waiter, journal: journal, log: log, reload: { plan })
    #expect(throws: Never.self) { _ = try loop.run(plan) }
    clock.set(max(clock.now(), end))
  }

  /// The updates the loop ran, in order.
  var updates: [Step] { steps.filter { $0.work.contains(.update) } }
  /// The rotations the loop ran, in order.
  var rotations: [Step] { steps.filter { $0.work.contains(.rotate) } }
}
