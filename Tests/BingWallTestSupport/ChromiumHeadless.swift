import Foundation

/// Headless Chromium (Debian's `chromium`) for tests that render a page: a private profile in a
/// temporary folder, `--no-sandbox` (root cannot use the sandbox), and a hard timeout.
///
/// It runs under coreutils' `timeout`, which puts itself and the browser in their own process
/// group and signals the whole group at the deadline (SIGTERM, then SIGKILL two seconds on), so
/// a hung browser and its renderers never outlive the test.
package enum ChromiumHeadless {
  /// The browser on PATH, or nil when it is not installed.
  package static var installed: Bool {
    ProcessInfo.processInfo.environment["PATH", default: "/usr/bin:/bin"].split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/chromium")
    }
  }

  /// Runs `chromium --headless …arguments url` and returns what it printed on stdout.
  ///
  /// A browser that crashes (status 11, SIGSEGV, seen once in a loaded full run, never alone)
  /// is run once more: the crash is Chromium's, not the page's; a second crash fails the test.
  package static func run(_ arguments: [String], url: String, timeout: Int = 20) throws -> String {
    do {
      return try runOnce(arguments, url: url, timeout: timeout)
    } catch let failure as ExternalTool.Failure where failure.status == 11 {
      return try runOnce(arguments, url: url, timeout: timeout)
    }
  }

  private static func runOnce(_ arguments: [String], url: String, timeout: Int) throws -> String {
    let profile = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["timeout", "--kill-after=2", String(timeout), "chromium", "--headless", "--no-sandbox"]
      + [
        "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
        "--disable-extensions", "--disable-background-networking", "--disable-gpu",
      ] + arguments + [url]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ExternalTool.Failure(
        arguments: process.arguments ?? [], status: process.terminationStatus,
        standardError: process.terminationStatus == 124 ? "timed out after \(timeout) s" : "")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
