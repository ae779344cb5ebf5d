import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// Damaged files the tool meets on a machine that lived a while: each gives a clear message and
/// a meaningful status, never a crash, and the damaged file is left exactly as it was (nothing
/// thrown away without the user asking).
@Suite struct DamagedStateEndToEndTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// Path under HOME and its content.
    var file: String
    var content: [UInt8]
    var arguments: [String]
    var status: Int32
    /// Words the one error line must hold.
    var says: [String]
    var testDescription: String { name }
  }

  static let database = ".local/share/bingwall/history.db"

  static let cases: [Case] = [
    Case(
      name: "a history that is not a database", file: database, content: Array("garbage\n".utf8),
      arguments: ["list"], status: 1, says: ["history.db", "not a database", "move it away"]),
    Case(
      name: "a history cut in half", file: database, content: Array(repeating: 0x53, count: 4096),
      arguments: ["show", "latest"], status: 1, says: ["history.db", "not a database"]),
    Case(
      name: "a config that is not UTF-8", file: ".config/bingwall/config.toml",
      content: [0xFF, 0xFE, 0x00, 0x41],
      arguments: ["status"], status: 1, says: ["config.toml", "not UTF-8"]),
  ]

  @Test(arguments: cases)
  func aDamagedFileIsNamedAndKept(_ damaged: Case) throws {
    let sandbox = try Sandbox()
    let path = sandbox.home + "/" + damaged.file
    try FileManager.default.createDirectory(atPath: Paths.parent(of: path), withIntermediateDirectories: true)
    try Data(damaged.content).write(to: URL(fileURLWithPath: path))
    let result = try sandbox.run(damaged.arguments)
    #expect(result.status == damaged.status, "\(result.stderr)")
    // What failed, then what to do when the error knows it.
    let kinds = result.stderr.split(separator: "\n").map { Diagnostic.parse($0)?.kind }
    #expect(kinds == [.error] || kinds == [.error, .hint], "\(result.stderr)")
    for word in damaged.says { #expect(result.stderr.contains(word), "\(word) in \(result.stderr)") }
    #expect(
      !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters")
    #expect(
      Array(try Data(contentsOf: URL(fileURLWithPath: path))) == damaged.content, "the file was changed")
  }

  /// A config line of garbage (a NUL, ESC) is named in one warning, cleaned, and the command goes
  /// on with that key's default; the file is left as it was.
  @Test func aConfigLineOfGarbageIsAWarningAndKept() throws {
    let sandbox = try Sandbox()
    let path = sandbox.configFile
    let content: [UInt8] = [
      0x6D, 0x61, 0x72, 0x6B, 0x65, 0x74, 0x73, 0x20, 0x3D, 0x20, 0x5B, 0x00, 0x01, 0x1B, 0x0A,
    ]
    try FileManager.default.createDirectory(atPath: Paths.parent(of: path), withIntermediateDirectories: true)
    try Data(content).write(to: URL(fileURLWithPath: path))
    let result = try sandbox.run(["list"])
    #expect(result.status == 0, "\(result.stderr)")
    let kinds = result.stderr.split(separator: "\n").map { Diagnostic.parse($0)?.kind }
    #expect(kinds.first == .warning, "\(result.stderr)")
    #expect(!kinds.contains(.error), "\(result.stderr)")
    #expect(result.stderr.contains("config.toml:1"), "\(result.stderr)")
    #expect(
      !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == content, "the file was changed")
  }

  /// A history from a newer bingwall is refused, by every command that opens it, untouched.
  @Test func aHistoryFromANewerSchemaIsRefusedAndKept() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.dataDir, withIntermediateDirectories: true)
    let path = sandbox.dataDir + "/history.db"
    try ExternalTool.run(["sqlite3", path, "PRAGMA user_version = 99; CREATE TABLE future (x);"])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for arguments in [["list"], ["update", "-q"], ["prune", "--keep", "1"]] {
      let result = try sandbox.run(arguments, environment: ["BINGWALL_ENDPOINT": "http://127.0.0.1:9"])
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("newer bingwall (schema 99"), "\(arguments): \(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// A scheduler state of garbage reads as "no state" (it is only a memory of when things ran),
  /// and `status` neither fails nor rewrites it.
  @Test func aSchedulerStateOfGarbageIsReadAsNone() throws {
    let sandbox = try Sandbox()
    let path = sandbox.home + "/.local/state/bingwall/scheduler.json"
    try FileManager.default.createDirectory(atPath: Paths.parent(of: path), withIntermediateDirectories: true)
    let garbage = Data((0..<300).map { UInt8(($0 * 37 + 11) % 256) })
    try garbage.write(to: URL(fileURLWithPath: path))
    let result = try sandbox.run(["status", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["last_update"] is NSNull || (object?["last_update"] as? [String: Any])?["at"] is NSNull)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }

  /// A lock file left by a process that died: flock locks die with their holder, so the next
  /// update goes ahead at once.
  @Test func aLockLeftByADeadProcessDoesNotBlock() throws {
    let sandbox = try Sandbox()
    let lock = sandbox.home + "/.local/state/bingwall/update.lock"
    try FileManager.default.createDirectory(atPath: Paths.parent(of: lock), withIntermediateDirectories: true)
    try "999999\n".write(toFile: lock, atomically: true, encoding: .utf8)
    let started = ContinuousClock.now
    let result = try sandbox.run(["update", "-q"], environment: ["BINGWALL_ENDPOINT": "http://127.0.0.1:9"])
    #expect(result.status == 75, "\(result.stderr)")
    #expect(!result.stderr.contains("Waiting"))
    #expect(ContinuousClock.now - started < .seconds(20))
  }
}

/// `HOME` unset, as under `env -i`: the XDG folders given are used, and nothing is written
/// anywhere else (without them the home folder comes from the password database, as a login
/// shell's would; the test does not go there, since it would be this machine's real one).
@Suite struct NoHomeEndToEndTests {
  @Test func withoutHOMETheXDGFoldersGivenAreUsed() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let root = sandbox.folder.file("xdg")
    var environment = [
      "PATH": "/usr/bin:/bin", "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none",
      "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state",
      "XDG_CACHE_HOME": root + "/cache",
    ]
    for name in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
      environment[name] = ProcessInfo.processInfo.environment[name]
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sandbox.binary)
    process.arguments = ["update", "--no-apply", "-q"]
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(String(decoding: said, as: UTF8.self))")
    let images = try FileManager.default.contentsOfDirectory(atPath: root + "/data/bingwall/images")
    #expect(images.count == 2)
    #expect(FileManager.default.fileExists(atPath: root + "/state/bingwall/scheduler.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
  }
}
