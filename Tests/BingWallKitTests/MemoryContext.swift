import BingWallServiceTestSupport
import BingWallTestSupport

@testable import BingWallKit
@testable import BingWallSession
@testable import BingWallSystem

/// A context for a test of a use case's logic: its files in memory (no temporary folder), a
/// scripted runner, the test clock and seeded random source; the HTTP client is scripted with
/// nothing, so a request fails the test. Nothing of it reaches the disk.
struct MemoryContext {
  let files = InMemoryFileSystem()
  let processes = ScriptedProcessRunner()
  let stdout = BufferOutput()
  let stderr = BufferOutput()
  /// A home of its own, as the sandboxes have, only in memory.
  static let home = "/home/tester"

  func context(environment extra: [String: String] = [:], stdinIsTTY: Bool = true) -> Context {
    var terminal = Terminal(stdoutIsTTY: false, stderrIsTTY: false, width: 100, colour: false)
    terminal.stdinIsTTY = stdinIsTTY
    let http = ScriptedHTTPClient()
    var context = Context(
      environment: ["HOME": Self.home, "PATH": "/usr/bin:/bin"].merging(extra) { $1 },
      paths: Paths(environment: ["HOME": Self.home].merging(extra) { $1 }), terminal: terminal,
      makeHTTPClient: { _ in http }, processes: processes, clock: TestClock(), random: TestRandom(seed: 7),
      conditions: { _, _ in .unknown }, stdout: stdout, stderr: stderr)
    context.fileSystem = files
    return context
  }
}
