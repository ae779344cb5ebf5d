import BingWallTestSupport
import Foundation

@testable import BingWallSystem

/// A long-running program a test starts (xfconfd, xfdesktop, `pcmanfm --desktop`) with exactly the
/// environment it is given, its output in a log file for the failure message, and SIGKILL plus reap in
/// `deinit`, so no test leaves it running.
package final class BackgroundProgram {
  package let arguments: [String]
  package let log: String
  private let process: Process

  /// Starts `arguments` (the program looked up on `environment`'s PATH).
  package init(_ arguments: [String], environment: [String: String], log: String) throws {
    self.arguments = arguments
    self.log = log
    guard let executable = PosixProcessRunner.which(arguments[0], path: environment["PATH"]) else {
      throw SystemCallError("\(arguments[0]) is not installed", errno: ENOENT)
    }
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = Array(arguments.dropFirst())
    process.environment = environment
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try output.close()
  }

  package var pid: Int32 { process.processIdentifier }
  package var isRunning: Bool { process.isRunning }

  /// What it printed so far, for a failing expectation.
  package var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

  /// SIGKILL, as `VirtualXServer` explains: SIGTERM may stay blocked in the child.
  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
