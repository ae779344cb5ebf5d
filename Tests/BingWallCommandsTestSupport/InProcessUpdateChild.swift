import BingWallTestSupport
import Foundation

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

extension InProcess {
  /// Answers the daemon's `bingwall update …` child by running that very command line in the
  /// test process, on this context (its scripted Bing, clock and journal), and handing back what
  /// it printed and returned: the daemon's side of the child is then tested against the real
  /// `update --daemon-child`, argv parsing included.
  package func stubUpdateChild() {
    let base = context()
    processes.stub("bingwall") { arguments in Self.runChild(arguments, on: base) }
  }

  /// Answers `greeter set`'s reader child (`bingwall __greeter-picture …`) by running it in the
  /// test process, as the test runs (root, reading its own history: no user to become).
  package func stubGreeterReader() {
    let base = context()
    processes.stub(["bingwall", LoginScreen.readerCommand]) { arguments in Self.runChild(arguments, on: base)
    }
  }

  /// Runs the child whose argv is `arguments` (`bingwall update …`) on `context`, as its process
  /// would: what it printed and the status it returned.
  package static func runChild(_ arguments: [String], on context: Context) -> ProcessResult {
    var child = context
    let stdout = BufferOutput()
    let stderr = BufferOutput()
    child.stdout = stdout
    child.stderr = stderr
    let status = BingWall.run(arguments: Array(arguments.dropFirst()), context: child)
    return .exit(status, stdout: stdout.text, stderr: stderr.text)
  }
}
