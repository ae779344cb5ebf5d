import Foundation
import Synchronization

@testable import BingWallSystem

/// Runs a command-line tool the tests compare against or make fixtures with (ImageMagick, sha256sum).
///
/// Found on `PATH` through `/usr/bin/env` and given an argv array, never a shell string. Test code
/// only: the product runs children through `ProcessRunner`.
package enum ExternalTool {
  /// A tool that exited non-zero or could not be started, with what it said on stderr.
  package struct Failure: Error, CustomStringConvertible {
    package let arguments: [String]
    package let status: Int32
    package let standardError: String

    package init(arguments: [String], status: Int32, standardError: String) {
      self.arguments = arguments
      self.status = status
      self.standardError = standardError
    }

    package var description: String {
      "\(arguments.joined(separator: " ")) exited with status \(status): \(standardError)"
    }
  }

  /// Runs `arguments` (the tool's name first), waits, and returns what it wrote to stdout.
  @discardableResult
  package static func run(_ arguments: [String]) throws -> Data {
    try outputs(arguments).stdout
  }

  /// Runs `arguments` as `run` does, and returns what it wrote to stdout and to stderr: for a
  /// tool that warns without failing (`systemd-analyze verify`).
  package static func outputs(_ arguments: [String]) throws -> (stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()

    // stderr is drained on another thread, so a chatty tool cannot block on a full pipe while
    // we are still reading stdout.
    let errorText = Mutex(Data())
    let drained = DispatchSemaphore(value: 0)
    let errorHandle = errors.fileHandleForReading
    DispatchQueue.global().async {
      let data = errorHandle.readDataToEndOfFile()
      errorText.withLock { $0 = data }
      drained.signal()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    process.waitUntilExit()

    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let text = errorText.withLock { String(decoding: $0, as: UTF8.self) }
      throw Failure(arguments: arguments, status: process.terminationStatus, standardError: text)
    }
    return (data, errorText.withLock { String(decoding: $0, as: UTF8.self) })
  }

  /// Runs `arguments` and returns stdout as text without the final newline.
  package static func text(_ arguments: [String]) throws -> String {
    var text = String(decoding: try run(arguments), as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
