import BingWallTestSupport
import Foundation

@testable import BingWallDesktop

/// A fresh user for the built `bingwall` binary: its own HOME and XDG folders, nothing inherited.
///
/// The end-to-end suites run the binary the way a user or cron would, and look at what it left.
package final class Sandbox {
  package struct Result: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
  }

  package let folder: TemporaryDirectory
  package var home: String { folder.file("home") }
  package var configFile: String { home + "/.config/bingwall/config.toml" }
  package var dataDir: String { home + "/.local/share/bingwall" }

  package init() throws {
    folder = try TemporaryDirectory()
    try? FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
  }

  /// The binary `make test` built; `BINGWALL_TEST_BINARY` names it, else the debug build folder.
  package static var binary: String {
    if let named = ProcessInfo.processInfo.environment["BINGWALL_TEST_BINARY"], !named.isEmpty {
      return named
    }
    return PackageRoot.path(".build/debug/bingwall")
  }

  /// `make bench`'s plumbing, which the build puts beside the binary.
  package static var benchBinary: String {
    URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("bingwall-bench").path
  }

  /// The environment a login session would give: HOME, PATH, LANG=C, nothing from the test runner.
  package var baseEnvironment: [String: String] {
    var environment = ["HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
    // No system bus unless a test brings its own (MockSystemBus): a developer's NetworkManager on
    // a metered hotspot must not hold back the tests' updates.
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(home)/no-system-bus"
    // No desktop session to find for a run without a display: on a developer's machine the
    // binary would set their wallpaper, and in a full run another test's X server's.
    environment[SessionFinder.rootVariable] = folder.file("no-session")
    // As in-process: the story's tests turn it on; the fake Bing serves no model otherwise.
    environment["BINGWALL_NETWORK_STORY"] = "false"
    // `make sanitize`: a sanitized binary gets the runner's sanitizer options too.
    for name in ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"] {
      if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
    }
    return environment
  }

  package var imageDir: String { dataDir + "/images" }

  /// The picture files in the image folder, hidden ones included, sorted.
  package func imageFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: imageDir)) ?? []).sorted()
  }

  /// Starts `bingwall ARGS` without waiting, output discarded: for kill and concurrency tests.
  package func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    process.environment = baseEnvironment.merging(extra) { _, new in new }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Runs `bingwall ARGS` and waits for it; under `wrapper` (a program and its arguments, such
  /// as strace's, given the binary and ARGS after them) when one is given.
  package func run(
    _ arguments: [String], environment extra: [String: String] = [:], input: String? = nil,
    under wrapper: [String] = []
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrapper.first ?? Self.binary)
    process.arguments = wrapper.isEmpty ? arguments : Array(wrapper.dropFirst()) + [Self.binary] + arguments
    process.environment = baseEnvironment.merging(extra) { _, new in new }
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    // Read both pipes before waiting so a chatty child cannot block on a full pipe.
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    let errData = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
