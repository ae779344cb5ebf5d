import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSession
@testable import BingWallSystem

/// The daemon loop hearing the session: the network coming back, the power changing, the
/// machine waking. The real loop and the real `update --daemon-child` (answered in this process)
/// on the test clock; the waiter plays the events a `SessionWatch` would return.
@Suite struct DaemonSessionEventsInProcessTests {
  /// Plays `script`, one entry per wait: an event `seconds` after now, or the deadline asked
  /// for; stops the loop (SIGTERM) when the script ends. Records every deadline asked.
  final class SessionScript: DaemonWaiting, @unchecked Sendable {
    enum Step {
      case event(SessionEvent, after: TimeInterval)
      case deadline
    }
    let clock: TestClock
    var script: [Step]
    var asked: [(at: Date, until: Date?)] = []
    var stepsRun = 0

    init(clock: TestClock, _ script: [Step]) {
      self.clock = clock
      self.script = script
    }

    func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
      stepsRun += 1
      step()
      return nil
    }

    func wait(until deadline: Date?) -> DaemonWake {
      asked.append((clock.now(), deadline))
      guard !script.isEmpty else { return .signal(SIGTERM) }
      switch script.removeFirst() {
      case .event(let event, let seconds):
        clock.set(clock.now().addingTimeInterval(seconds))
        return .session([event])
      case .deadline:
        guard let deadline else { return .signal(SIGTERM) }
        clock.set(max(deadline, clock.now()))
        return .deadline
      }
    }
  }

  /// A daemon whose last update failed two minutes ago, ten times running: the backoff puts the
  /// next try half an hour away or more, and the pictures of today are owed.
  static func afterFailures() throws -> InProcess {
    let run = try FakeBingRun.context()
    run.stubUpdateChild()
    let now = run.clock.now()
    _ = try StateFile(stateDir: run.paths.stateDir).change {
      $0 = SchedulerState(
        lastUpdateAttempt: now.addingTimeInterval(-120), consecutiveFailures: 10,
        lastFailure: .init(text: "network down"),
        jitter: .middle)
    }
    return run
  }

  @Test func theNetworkComingBackRunsTheOwedUpdateWithinAMinute() throws {
    let run = try Self.afterFailures()
    let waiter = SessionScript(clock: run.clock, [.event(.networkBack, after: 2), .deadline])
    let start = run.clock.now()
    let result = try run.runDaemon(waiter: waiter)
    #expect(result.status == 0)
    // The first wait is for the backoff's retry, far away.
    let backoff = try #require(waiter.asked[0].until)
    #expect(backoff.timeIntervalSince(start) > 600)
    // Then, heard at start + 2 s: an update between 5 and 60 s later.
    let event = start.addingTimeInterval(2)
    let asked = try #require(waiter.asked[1].until)
    #expect(asked.timeIntervalSince(event) >= 5)
    #expect(asked.timeIntervalSince(event) <= 60)
    #expect(result.log.contains("the network is back; updating at \(Timestamp.iso8601(asked))"))
    #expect(result.log.contains { $0.hasPrefix("new picture: 2026-12-01  en-US  Lake title") })
    #expect(run.processes.calls.count == 1)
    #expect(result.journal.current().consecutiveFailures == 0)
  }

  @Test func aStormOfEventsCostsOneUpdate() throws {
    let run = try Self.afterFailures()
    let waiter = SessionScript(
      clock: run.clock,
      [
        .event(.networkBack, after: 1), .event(.networkChanged, after: 1), .event(.networkBack, after: 1),
        .event(.resumed, after: 1), .deadline,
        // After the update: nothing owed any more, so the network coming back changes nothing.
        .event(.networkBack, after: 5),
      ])
    let result = try run.runDaemon(waiter: waiter)
    #expect(result.log.filter { $0.contains("; updating at ") }.count == 1)
    // The same instant was asked for at every wait until it came.
    let pending = waiter.asked[1...4].map(\.until)
    #expect(Set(pending).count == 1)
    #expect(run.processes.calls.count == 1)
    #expect(waiter.asked.last?.until.map { $0 > run.clock.now().addingTimeInterval(3600) } == true)
  }

  @Test func anUpdateHeldBackRunsWhenThePowerChanges() throws {
    let run = try FakeBingRun.context()
    run.stubUpdateChild()
    run.conditions.withLock { $0 = ConditionsInProcessTests.battery(12) }
    final class PlugIn: DaemonWaiting, @unchecked Sendable {
      let inner: SessionScript
      let run: InProcess
      init(_ inner: SessionScript, _ run: InProcess) {
        self.inner = inner
        self.run = run
      }
      func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
        inner.run(step, deferred: &deferred)
      }
      func wait(until deadline: Date?) -> DaemonWake {
        // Plugged in while the daemon sleeps on its hour of recheck.
        if inner.asked.count == 0 {
          run.conditions.withLock { $0 = ConditionsInProcessTests.battery(12, onBattery: false) }
        }
        return inner.wait(until: deadline)
      }
    }
    let script = SessionScript(clock: run.clock, [.event(.powerChanged, after: 30), .deadline])
    let start = run.clock.now()
    let result = try run.runDaemon(waiter: PlugIn(script, run))
    #expect(result.log.first { $0.hasPrefix("update skipped: on battery at 12%") } != nil)
    // Held back: the next look is an hour later, not at once.
    #expect(script.asked[0].until == start.addingTimeInterval(3600))
    #expect(result.log.contains { $0.hasPrefix("the power changed; updating at ") })
    #expect(result.log.contains { $0.hasPrefix("new picture: 2026-12-01  en-US  Lake title") })
    #expect(run.processes.calls.count == 2)
    #expect(result.journal.current().lastSkip == nil)
  }

  @Test func resumingRereadsTheClockAndRunsNothingWhenNothingIsOwed() throws {
    let run = try FakeBingRun.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    run.stubUpdateChild()
    let waiter = SessionScript(
      clock: run.clock,
      [.event(.resumed, after: 600), .event(.powerChanged, after: 1), .event(.networkChanged, after: 1)])
    let result = try run.runDaemon(waiter: waiter)
    #expect(result.log.contains("resumed from sleep; reading the clock again"))
    #expect(!result.log.contains { $0.contains("updating at") })
    #expect(run.processes.calls.isEmpty)
    // The same deadline before and after: the clock was read again, the schedule stands.
    #expect(waiter.asked.map(\.until).dropFirst().allSatisfy { $0 == waiter.asked[0].until })
  }

  @Test func aResumeAfterTheDeadlineRunsTheUpdateAtOnce() throws {
    let run = try FakeBingRun.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    run.stubUpdateChild()
    // Suspended for two days: the timer's deadline passed while the machine slept.
    let waiter = SessionScript(clock: run.clock, [.event(.resumed, after: 2 * 86400)])
    let result = try run.runDaemon(waiter: waiter)
    #expect(result.log.contains("resumed from sleep; reading the clock again"))
    #expect(run.processes.calls.count == 1)
  }

  @Test func theBusGoingAndComingBackIsOneLineEachAndChangesNothingElse() throws {
    let run = try FakeBingRun.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    run.stubUpdateChild()
    let waiter = SessionScript(
      clock: run.clock,
      [.event(.busLost, after: 60), .event(.busBack, after: 30), .event(.resumed, after: 1)])
    let result = try run.runDaemon(waiter: waiter)
    #expect(
      result.log.filter { $0.hasPrefix("the system bus") } == [
        "the system bus went away; listening again when it is back",
        "the system bus is back; listening again for the network, the power and sleep",
      ])
    #expect(result.log.contains("resumed from sleep; reading the clock again"))
    // Neither asks for an update, nor moves the schedule.
    #expect(!result.log.contains { $0.contains("updating at") })
    #expect(run.processes.calls.isEmpty)
    #expect(waiter.asked.map(\.until).dropFirst().allSatisfy { $0 == waiter.asked[0].until })
  }
}
