import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// `ExecutableScript.write` leaves the file with its text and mode and nothing beside it, and no
/// child started meanwhile can keep the script busy (issue 48's "Text file busy").
@Suite struct ExecutableScriptTests {
  let folder = try! TemporaryDirectory()
  let runner = PosixProcessRunner()

  func run(_ path: String) throws -> ProcessResult {
    try runner.run(ProcessInvocation(arguments: [path], environment: ["PATH": "/usr/bin:/bin"]))
  }

  @Test func theFileHasTheTextAndTheModeAndNothingIsLeftBeside() throws {
    let path = folder.file("tool")
    try ExecutableScript.write("#!/bin/sh\necho one\n", to: path)
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & 0o7777 == 0o755)
    try ExecutableScript.write("#!/bin/sh\necho two\n", to: path, mode: 0o750)

    #expect(try String(contentsOfFile: path, encoding: .utf8) == "#!/bin/sh\necho two\n")
    #expect(stat(path, &status) == 0 && status.st_mode & 0o7777 == 0o750)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tool"])
    #expect(try run(path).stdoutText == "two\n")
  }

  @Test func aFailedWriteLeavesNothingBeside() throws {
    let taken = folder.file("taken")
    try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
    #expect(throws: SystemCallError.self) { try ExecutableScript.write("#!/bin/sh\n", to: taken) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
  }

  /// The control for the test below: a script written through a descriptor without close-on-exec
  /// stays busy for as long as a child started meanwhile lives, longer than the runner retries.
  @Test func aChildStartedWhileACarelessWriterHasTheScriptOpenKeepsItBusy() throws {
    let path = folder.file("careless")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o755)
    try #require(descriptor >= 0)
    let text = Array("#!/bin/sh\necho ran\n".utf8)
    #expect(Glibc.write(descriptor, text, text.count) == text.count)
    let sleeper = try Sleepers.start()
    defer { Sleepers.end(sleeper) }
    close(descriptor)
    #expect(throws: ProcessError.spawnFailed(program: path, errno: ETXTBSY)) { try run(path) }
  }

  /// Fifty scripts, each written and run at once, while another thread starts `sleep 5` children
  /// without pause, as parallel tests start theirs: each runs.
  @Test func childrenStartedWhileScriptsAreWrittenHoldNone() throws {
    let sleepers = Sleepers()
    defer { sleepers.stop() }
    // A megabyte of comment, so that children start during most writes, and a writer without
    // close-on-exec fails this test every time rather than now and then.
    let padding = String(repeating: "# " + String(repeating: "x", count: 78) + "\n", count: 12_000)
    for index in 0..<50 {
      let path = folder.file("script-\(index)")
      try ExecutableScript.write("#!/bin/sh\n\(padding)echo \(index)\n", to: path)
      let result = try run(path)
      #expect(result.stdoutText == "\(index)\n", "\(result.stderrText)")
    }
    #expect(sleepers.stop() > 50, "the control: children did start while the scripts were written")
  }
}

/// `sleep 5` children started one after another on a thread of their own: the careless children
/// of the story, which inherit every descriptor of ours not marked close-on-exec. Each is ended
/// after a quarter of a second, longer than the runner retries a busy program (about 60 ms),
/// and short enough that another test waiting for a pipe's end that one inherited waits little.
private final class Sleepers: Sendable {
  private let state = Locked((stopped: false, started: 0))
  private let finished = DispatchSemaphore(value: 0)

  init() {
    Thread.detachNewThread { [self] in
      var alive: [(pid: pid_t, started: ContinuousClock.Instant)] = []
      while !state.withLock({ $0.stopped }) {
        if let pid = try? Self.start() {
          alive.append((pid, .now))
          state.withLock { $0.started += 1 }
        }
        while let oldest = alive.first, oldest.started.duration(to: .now) > .milliseconds(250) {
          Self.end(alive.removeFirst().pid)
        }
      }
      alive.forEach { Self.end($0.pid) }
      finished.signal()
    }
  }

  /// Stops starting children and ends those alive; how many were started.
  @discardableResult
  func stop() -> Int {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    if first { finished.wait() }
    return state.withLock { $0.started }
  }

  /// One `sleep 5`, started with `posix_spawn` and no file actions, so it inherits all we have open.
  static func start() throws -> pid_t {
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("5"), nil]
    defer { arguments.forEach { free($0) } }
    var environment: [UnsafeMutablePointer<CChar>?] = [nil]
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, &environment)
    guard result == 0 else { throw SystemCallError("posix_spawn /bin/sleep", errno: result) }
    return pid
  }

  /// Kills a child of `start` and reaps it.
  static func end(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  }
}
