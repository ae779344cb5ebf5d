import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSession
@testable import BingWallSystem

/// A whole `bingwall` run inside the test process: a sandboxed HOME, the test clock, a seeded
/// random source, scripted HTTP and processes, and stdout and stderr kept in buffers.
///
/// Every seam that a test did not stub fails the test when touched, so a passing test proves
/// which requests and programs a command uses, not only what it prints.
package final class InProcess {
  package let home: TemporaryDirectory
  package let clock: TestClock
  package let random: TestRandom
  package let http: ScriptedHTTPClient
  /// The CA file each HTTP client the run made was asked to trust (nil: the system's), in order.
  package let trustedFiles = Locked<[String?]>([])
  package let processes: ScriptedProcessRunner
  package var environment: [String: String]
  package var stdoutIsTTY = false
  /// What the system bus says of the network and the power. Unknown by default: a machine with
  /// no system bus (CI's container), on which every update goes ahead. A test of the conditions
  /// sets it; `conditionsAsked` records what each read asked for (network, power).
  package let conditions = Locked(SessionConditions.unknown)
  package let conditionsAsked = Locked<[(network: Bool, power: Bool)]>([])

  package init(environment extra: [String: String] = [:], seed: UInt64 = 7) throws {
    home = try TemporaryDirectory()
    clock = TestClock()
    random = TestRandom(seed: seed)
    http = ScriptedHTTPClient()
    processes = ScriptedProcessRunner()
    // Bing's story (`network.story`) is one more request of every update; the tests of it turn
    // it on, the others are about the archive and the pictures and script no model.
    // A run without a display looks for the user's running session under a folder of the
    // test's own, empty unless the test makes one (the machine's /proc would be another test's).
    environment = [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8", "BINGWALL_NETWORK_STORY": "false",
      SessionFinder.rootVariable: home.file("no-session"),
    ]
    environment.merge(extra) { $1 }
  }

  package var paths: Paths { Paths(environment: environment) }

  /// Where this context says bingwall's binary is: the program of the daemon's update children.
  package static let executable = "/opt/test/bin/bingwall"

  /// What one run printed and returned.
  package struct Run {
    package var status: Int32
    package var stdout: String
    package var stderr: String
  }

  /// The context itself, for tests that drive a part (the daemon loop) rather than a command.
  package func context(stdout: BufferOutput = BufferOutput(), stderr: BufferOutput = BufferOutput())
    -> Context
  {
    Context(
      environment: environment, paths: paths,
      terminal: Terminal(stdoutIsTTY: stdoutIsTTY, stderrIsTTY: false, width: 100, colour: false),
      makeHTTPClient: { [http, trustedFiles] caFile in
        trustedFiles.withLock { $0.append(caFile) }
        return http
      }, processes: processes, clock: clock, random: random,
      conditions: { [conditions, conditionsAsked] network, power in
        conditionsAsked.withLock { $0.append((network, power)) }
        return conditions.withLock { $0 }
      }, stdout: stdout, stderr: stderr,
      executable: Self.executable)
  }

  /// Runs `bingwall arguments…` on this context: every in-process test of a command comes through
  /// here, so each ends by recording the unscripted requests and programs made off its task.
  ///
  /// Passing one buffer as both `stdout` and `stderr` keeps the two streams in the order a
  /// terminal shows them; `adjust` changes the context first (a terminal on stderr, say).
  @discardableResult
  package func run(
    _ arguments: [String], stdout: BufferOutput = BufferOutput(), stderr: BufferOutput = BufferOutput(),
    adjust: (inout Context) -> Void = { _ in }
  ) -> Run {
    var context = context(stdout: stdout, stderr: stderr)
    adjust(&context)
    let status = BingWall.run(arguments: arguments, context: context)
    recordUnattributedCalls()
    return Run(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  /// Records, in the calling test, what its run asked of an unscripted seam off the test's task.
  package func recordUnattributedCalls() {
    http.recordUnattributedRequests()
    processes.recordUnattributedCalls()
  }
}
