import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallSystem

/// The daemon's updates as child processes, on the in-process context: the real loop, the real
/// `DaemonUpdateChild` and journal, and a scripted child (the real `update --daemon-child` run in
/// this process, or an ending no real update would produce: a crash, a hang, a stop).
@Suite struct DaemonChildInProcessTests {
  static let executable = InProcess.executable

  /// en-US with two pictures at Bing and none stored: an update is due at once.
  static func context() throws -> InProcess {
    try FakeBingRun.context()
  }

  @Test func aSuccessfulChildIsTheRealUpdateWithTheDaemonsSettings() throws {
    let run = try Self.context()
    run.stubUpdateChild()
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(result.status == 0)
    let child = try #require(run.processes.runs.first)
    #expect(run.processes.runs.count == 1)
    #expect(
      child.arguments == [
        Self.executable, "update", "--daemon-child", "--outcome-file",
        run.paths.stateDir + "/update-outcome.json", "--quiet", "--market", "en-US", "--resolution", "UHD",
      ])
    // Read and gone: the next child's outcome is its own.
    #expect(access(run.paths.stateDir + "/update-outcome.json", F_OK) != 0)
    #expect(child.environment == run.environment)
    // The update's own limit (6 × 30 s), as long for the update lock, and the margin.
    #expect(child.timeout == .seconds(2 * 180) + DaemonUpdateChild.margin)
    #expect(child.outputLimit == DaemonUpdateChild.outputLimit)
    #expect(child.stop != nil)
    #expect(
      result.log.first == "new picture: "
        + "2026-12-01  en-US  Lake title — Lake caption, Somewhere (© Lake Photographer/Agency)")
    #expect(result.log.contains { $0.hasPrefix("new picture: 2026-11-30  en-US  Fox title") })
    #expect(!result.log.contains { $0.hasPrefix("update failed") })
    let state = result.journal.current()
    #expect(state.lastUpdateSuccess == UTC.at("2026-12-01T09:00:00Z"))
    #expect(state.consecutiveFailures == 0)
  }

  @Test func theConfigFileTheDaemonWasGivenIsTheChilds() throws {
    let run = try Self.context()
    let log = BufferOutput()
    let context = run.context(stderr: log)
    let child = DaemonUpdateChild(
      context: context, executable: Self.executable, configFile: "/etc/bingwall/its config.toml",
      journal: SchedulerJournal(file: StateFile(stateDir: run.paths.stateDir), random: run.random),
      log: DaemonLog(output: log, clock: run.clock, environment: [:]))
    #expect(
      child.arguments(markets: [Market("en-US")!, Market("ja-JP")!], resolution: Resolution("1920x1080")!)
        == [
          Self.executable, "update", "--daemon-child", "--outcome-file", child.outcomeFile, "--quiet",
          "--config",
          "/etc/bingwall/its config.toml",
          "--market", "en-US", "--market", "ja-JP", "--resolution", "1920x1080",
        ])
  }

  @Test func aChildThatFailsRecordsTheBackoffOnce() throws {
    let run = try Self.context()
    // The real update, against a Bing that refuses: it logs and records its own failure.
    run.http.stub("/HPImageArchive.aspx", .response(status: 404, headers: [:], body: []))
    run.stubUpdateChild()
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(result.log.contains { $0.hasPrefix("bingwall: error: update failed: ") && $0.contains("404") })
    let state = result.journal.current()
    #expect(state.consecutiveFailures == 1)
    let failure = try #require(state.lastFailure)
    #expect(failure.kind == .httpStatus && failure.httpStatus == 404 && !failure.temporary)
    #expect(failure.message.contains("404"))
    #expect(state.lastUpdateSuccess == nil)
  }

  @Test func aChildThatExitsOneWithoutRecordingIsRecordedFromItsOutcomeNotItsWords() throws {
    let run = try Self.context()
    // A child that could not even load its configuration records nothing; its outcome says why,
    // whatever its line says (reworded here on purpose).
    let reported = UpdateFailureRecord(
      kind: .config, message: "config.toml line 3: bad value for 'resolution'")
    run.processes.stub("bingwall") { arguments in
      guard let flag = arguments.firstIndex(of: "--outcome-file") else { return .exit(99) }
      #expect((try? UpdateChildOutcome(failure: reported).write(to: arguments[flag + 1])) != nil)
      return .exit(1, stdout: "bingwall: error: update failed: the words changed, the record did not\n")
    }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(result.log.contains("bingwall: error: update failed: the words changed, the record did not"))
    let state = result.journal.current()
    #expect(state.consecutiveFailures == 1)
    #expect(state.lastFailure == reported)
  }

  @Test func aChildThatReportsNothingIsRecordedByItsExitStatusNotItsWords() throws {
    let run = try Self.context()
    run.processes.stub("bingwall") { _ in
      .exit(1, stdout: "bingwall: error: update failed: config.toml line 3: bad value\n")
    }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(result.log.contains("bingwall: error: update failed: config.toml line 3: bad value"))
    let failure = try #require(result.journal.current().lastFailure)
    #expect(failure == UpdateFailureRecord(kind: .child, message: "`bingwall update` exited with status 1"))
  }

  @Test func anOutcomeLeftByAnEarlierChildIsNotTheNextOnes() throws {
    let run = try Self.context()
    try UpdateChildOutcome(failure: .init(kind: .config, message: "stale")).write(
      to: run.paths.stateDir + "/update-outcome.json")
    run.processes.stub("bingwall") { _ in .exit(0, stdout: "") }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(result.journal.current().lastFailure == nil)
    #expect(result.journal.current().lastUpdateSuccess != nil)
  }

  @Test func theRealChildWritesItsOutcomeAsOneJSONLine() throws {
    let run = try Self.context()
    run.http.stub("/HPImageArchive.aspx", .response(status: 503, headers: [:], body: []))
    let file = run.paths.stateDir + "/outcome.json"
    let result = run.run(["update", "--daemon-child", "--outcome-file", file, "--quiet"])
    #expect(result.status != 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1, "\(text)")
    let outcome = try JSONDecoder().decode(UpdateChildOutcome.self, from: Data(text.utf8))
    #expect(!outcome.ok)
    let failure = try #require(outcome.failure)
    #expect(failure.kind == .httpStatus && failure.httpStatus == 503 && failure.temporary)
    // The same record as the journal's: the daemon and `status` speak of one failure.
    #expect(StateFile(stateDir: run.paths.stateDir).load().lastFailure == failure)
  }

  @Test func aChildKilledByASignalIsOneFailureAndTheDaemonGoesOn() throws {
    let run = try Self.context()
    let calls = Mutex(0)
    let real = run.context()
    run.processes.stub("bingwall") { arguments in
      // The first child crashes; the retry after the backoff is the real update.
      let call = calls.withLock { count in
        count += 1
        return count
      }
      if call == 1 {
        return .exit(139, stderr: "💣 Program crashed: Bad pointer dereference\n")
      }
      return InProcess.runChild(arguments, on: real)
    }
    let waiter = MoveToDeadlines(clock: run.clock, waits: 2)
    let result = try run.runDaemon(waiter: waiter)
    #expect(result.status == 0)
    #expect(calls.withLock { $0 } == 2)
    let crash = "bingwall: error: update failed: `bingwall update` was killed by signal 11 (SIGSEGV)"
    #expect(result.log.filter { $0 == crash }.count == 1)
    #expect(result.log.contains("bingwall update: 💣 Program crashed: Bad pointer dereference"))
    // The crash counted for the backoff: the retry came later than at once.
    #expect(waiter.deadlines.count == 2)
    let retry = try #require(waiter.deadlines.first ?? nil)
    #expect(retry > UTC.at("2026-12-01T09:00:00Z"))
    #expect(result.log.contains { $0.hasPrefix("new picture: 2026-12-01  en-US  Lake title") })
    let state = result.journal.current()
    #expect(state.consecutiveFailures == 0)
    #expect(state.lastUpdateSuccess == retry.flooredToTheSecond)
  }

  @Test func aChildThatRecordedSuccessThenCrashedStillCountsAsAFailure() throws {
    let run = try Self.context()
    let state = StateFile(stateDir: run.paths.stateDir)
    let random = run.random
    let clock = run.clock
    run.processes.stub("bingwall") { _ in
      _ = try? SchedulerJournal(file: state, random: random).recordUpdate(at: clock.now(), failure: nil)
      return .exit(134, stdout: "new picture: 2026-12-01  en-US  Lake title\n")
    }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(
      result.log.contains(
        "bingwall: error: update failed: `bingwall update` was killed by signal 6 (SIGABRT)"))
    let recorded = result.journal.current()
    #expect(recorded.consecutiveFailures == 1)
    #expect(
      recorded.lastFailure
        == UpdateFailureRecord(kind: .child, message: "`bingwall update` was killed by signal 6 (SIGABRT)"))
  }

  @Test func aChildThatOutlivesItsLimitIsAFailure() throws {
    let run = try Self.context()
    run.processes.stub("bingwall") { _ in
      ProcessResult(status: 143, stdout: Data(), stderr: Data(), timedOut: true)
    }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    let line = "bingwall: error: update failed: `bingwall update` did not finish within 420 s and was stopped"
    #expect(result.log.contains(line))
    #expect(result.journal.current().consecutiveFailures == 1)
  }

  @Test func aChildWhoseStatusIsLostIsAFailure() throws {
    let run = try Self.context()
    run.processes.stubInvocation("bingwall") { invocation in
      ProcessResult(status: -1, stdout: Data(), stderr: Data(), timedOut: false)
    }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(
      result.log.contains(
        "bingwall: error: update failed: `bingwall update` ended and its exit status was lost"))
    #expect(result.journal.current().consecutiveFailures == 1)
  }

  @Test func theChildsOutputIsBoundedInLines() throws {
    let run = try Self.context()
    let flood = (1...1000).map { "line \($0)" }.joined(separator: "\n")
    run.processes.stub("bingwall") { _ in .exit(0, stdout: flood, stderr: flood) }
    let result = try run.runDaemon(waiter: StopAtFirstWait())
    #expect(result.log.filter { $0.hasPrefix("line ") }.count == DaemonUpdateChild.lineLimit)
    #expect(
      result.log.filter { $0.hasPrefix("bingwall update: line ") }.count == DaemonUpdateChild.stderrLineLimit)
    // Exit 0 with nothing in the journal (its state could not be saved): a success for the daemon.
    #expect(result.journal.current().lastUpdateSuccess != nil)
  }

  @Test func sigtermDuringAChildStopsItAndTheDaemonExitsZero() throws {
    let run = try Self.context()
    let started = ProcessStop()  // used here as a one-shot "the child is running" signal
    let ended = Mutex(false)
    run.processes.stubInvocation("bingwall") { invocation in
      started.request()
      // A hung update: runs until the daemon stops it (bounded, so a broken stop fails the test).
      let stop = invocation.stop
      for _ in 0..<10_000 where stop?.isRequested != true { usleep(1000) }
      ended.withLock { $0 = stop?.isRequested == true }
      var result = ProcessResult(status: 143, stdout: Data(), stderr: Data(), timedOut: false)
      result.stopped = stop?.isRequested == true
      return result
    }
    let waiter = SignalWhileStepRuns(signal: SIGTERM, once: started)
    let before = StateFile(stateDir: run.paths.stateDir).load()
    let result = try run.runDaemon(waiter: waiter)
    #expect(result.status == 0)
    // The loop returned only once the child had been stopped and had ended.
    #expect(ended.withLock { $0 })
    #expect(result.log.last == "stopping (the current step is abandoned; nothing half-done is kept)")
    #expect(!result.log.contains { $0.hasPrefix("update failed") })
    // Abandoned, not failed: nothing recorded.
    #expect(StateFile(stateDir: run.paths.stateDir).load() == before)
  }

  @Test func usr1DuringAChildIsDeferredUntilItEnded() throws {
    let run = try Self.context()
    run.stubUpdateChild()
    let result = try run.runDaemon(waiter: SignalDuringStep(signal: SIGUSR1))
    #expect(result.status == 0)
    let update = try #require(result.log.firstIndex { $0.hasPrefix("new picture: ") })
    let rotation = try #require(result.log.firstIndex { $0.hasPrefix("rotate: ") })
    #expect(update < rotation)
    #expect(run.processes.runs.count == 1)
  }

  @Test func daemonChildIsPlumbingThatHelpAndCompletionsLeaveOut() throws {
    let run = try Self.context()
    #expect(!run.run(["update", "--help"]).stdout.contains("daemon-child"))
    #expect(!run.run(["completions", "bash"]).stdout.contains("daemon-child"))
    #expect(!run.run(["completions", "zsh"]).stdout.contains("daemon-child"))
    #expect(!run.run(["completions", "fish"]).stdout.contains("daemon-child"))
    #expect(!run.run(["update", "--daemon"]).stderr.contains("daemon-child"))
  }
}

/// Runs the step and reports `signal` as arriving while it ran (deferred, as `DaemonWaiter`
/// collects it), once; stops the loop at its first sleep.
final class SignalDuringStep: DaemonWaiting {
  let signal: Int32
  var sent = false

  init(signal: Int32) { self.signal = signal }

  func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
    step()
    if !sent { deferred.append(signal) }
    sent = true
    return nil
  }

  func wait(until deadline: Date?) -> DaemonWake { .signal(SIGTERM) }
}

/// Moves the clock to each deadline the loop asks for, `waits` times, then stops it (SIGTERM).
final class MoveToDeadlines: DaemonWaiting, @unchecked Sendable {
  let clock: TestClock
  let waits: Int
  /// Each deadline asked for.
  var deadlines: [Date?] = []

  init(clock: TestClock, waits: Int) {
    self.clock = clock
    self.waits = waits
  }

  func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
    step()
    return nil
  }

  func wait(until deadline: Date?) -> DaemonWake {
    deadlines.append(deadline)
    guard deadlines.count < waits, let deadline else { return .signal(SIGTERM) }
    clock.set(max(deadline, clock.now()))
    return .deadline
  }
}

/// Runs the step on its own thread, as `DaemonWaiter` does, and answers `signal` once the step
/// says (through `once`) that it got going.
final class SignalWhileStepRuns: DaemonWaiting {
  let signal: Int32
  let once: ProcessStop

  init(signal: Int32, once: ProcessStop) {
    self.signal = signal
    self.once = once
  }

  func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
    #expect(BackgroundThread.start(stackSize: 1 << 20, step))
    for _ in 0..<10_000 where !once.isRequested { usleep(1000) }
    return signal
  }

  func wait(until deadline: Date?) -> DaemonWake { .signal(SIGTERM) }
}

extension Date {
  fileprivate var flooredToTheSecond: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}
