import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

extension InProcess {
  /// What one run of the daemon loop did.
  package struct DaemonRun {
    package var status: Int32
    /// The daemon's log as written, time stamps included.
    package var output: BufferOutput
    /// The log's lines without their time stamps.
    package var log: [String]
    package var journal: SchedulerJournal
  }

  /// Runs the real daemon loop (`bingwall daemon`'s settings from this context) with `waiter`,
  /// its update children on this context's process runner: every in-process daemon test comes
  /// through here, and ends by recording what was asked of an unscripted seam off its task.
  package func runDaemon(waiter: any DaemonWaiting = StopAtFirstWait()) throws -> DaemonRun {
    let output = BufferOutput()
    let context = context(stderr: output)
    let settings = try DaemonCommand.settings(Invocation(path: ["daemon"]), context)
    let journal = settings.resources.journal()
    let log = DaemonLog(output: output, clock: clock, environment: [:])
    let child = DaemonUpdateChild(
      context: context, executable: Self.executable, configFile: nil, journal: journal, log: log)
    let loop = DaemonLoop(
      clock: clock, waiter: waiter, journal: journal, log: log, random: random,
      reload: { Daemon.plan(settings, child: child, log: log, rotationLines: { RotateText.logLines($0) }) })
    let status = try loop.run(
      Daemon.plan(settings, child: child, log: log, rotationLines: { RotateText.logLines($0) }))
    recordUnattributedCalls()
    let lines = output.lines.map { String($0.drop { $0 != " " }.dropFirst()) }
    return DaemonRun(status: status, output: output, log: lines, journal: journal)
  }

  /// Runs the daemon loop until it first waits, its update the real `update` answered in this
  /// process (`stubUpdateChild`), and returns its log without time stamps.
  package func runDaemonToItsFirstWait() throws -> [String] {
    stubUpdateChild()
    let result = try runDaemon()
    #expect(result.status == 0)
    return result.log
  }
}

/// Runs steps at once and stops the loop at its first sleep.
package final class StopAtFirstWait: DaemonWaiting {
  package init() {}

  package func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
    step()
    return nil
  }

  package func wait(until deadline: Date?) -> DaemonWake { .signal(SIGTERM) }
}
