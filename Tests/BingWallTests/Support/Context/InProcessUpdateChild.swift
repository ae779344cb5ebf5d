import Foundation

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

extension InProcess {
  /// Answers the daemon's `bingwall update …` child by running that very command line in the
  /// test process, on this context (its scripted Bing, clock and journal), and handing back what
  /// it printed and returned: the daemon's side of the child is then tested against the real
  /// `update --daemon-child`, argv parsing included.
  func stubUpdateChild() {
    let base = context()
    processes.stub("bingwall") { arguments in
      var child = base
      let stdout = BufferOutput()
      let stderr = BufferOutput()
      child.stdout = stdout
      child.stderr = stderr
      let status = BingWall.run(arguments: Array(arguments.dropFirst()), context: child)
      return ScriptedProcessRunner.exit(status, stdout: stdout.text, stderr: stderr.text)
    }
  }
}
