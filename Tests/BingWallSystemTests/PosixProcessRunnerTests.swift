import BingWallTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import BingWallSystem

/// The real runner against real programs: argv fidelity, environment, PATH, pipes, signals, timeouts.
@Suite struct PosixProcessRunnerTests {
  let runner = PosixProcessRunner()
  private let scratch = try! TemporaryDirectory()
  /// Enough for the scripts below, and nothing from the test process's own environment.
  static let environment = ["PATH": "/usr/bin:/bin"]

  // MARK: Arguments

  /// Each shows up as shell syntax somewhere; `@MARKER@` becomes a file the shell would create.
  static let hostileArguments = [
    "two words", "  padded  ", "'single quotes'", "\"double quotes\"", "$(touch @MARKER@)",
    "`touch @MARKER@`", "a; touch @MARKER@", "a && touch @MARKER@", "| touch @MARKER@",
    "> @MARKER@", "line one\nline two", "*", "~", "$HOME", "${PATH}", "", "\t", "\\n\\0\\",
    "-n", "--help", "%s%d%n", "Grüße, 世界 🖼️", "\u{1}\u{7f}",
  ]

  @Test(arguments: hostileArguments)
  func hostileArgumentArrivesIntactAndRunsNothing(template: String) throws {
    let argument = template.replacingOccurrences(of: "@MARKER@", with: scratch.file("marker"))
    let result = try runner.run(invocation(["/usr/bin/printf", "%s\\0", argument]))
    #expect(result.status == 0)
    #expect(result.stdout == Data(argument.utf8) + [0])
    #expect(!FileManager.default.fileExists(atPath: scratch.file("marker")))
  }

  @Test func manyHostileArgumentsStaySeparate() throws {
    let arguments = Self.hostileArguments.map {
      $0.replacingOccurrences(of: "@MARKER@", with: scratch.file("marker"))
    }
    let result = try runner.run(invocation(["printf", "%s\\0"] + arguments))
    var entries = result.stdout.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(entries.popLast() == "")  // After the last terminator.
    #expect(entries == arguments)
    #expect(!FileManager.default.fileExists(atPath: scratch.file("marker")))
  }

  /// The control for the two tests above: through a shell these strings do create the marker.
  @Test(arguments: ["$(touch @MARKER@)", "`touch @MARKER@`", "a; touch @MARKER@", "> @MARKER@"])
  func shellWouldHaveRunThem(template: String) throws {
    let command = template.replacingOccurrences(of: "@MARKER@", with: scratch.file("marker"))
    _ = try runner.run(invocation(["/bin/sh", "-c", command]))
    #expect(FileManager.default.fileExists(atPath: scratch.file("marker")))
  }

  @Test(arguments: [["/usr/bin/printf", "a\0b"], ["/bin/sh\0x"]])
  func nulByteIsRefusedRatherThanTruncated(arguments: [String]) {
    #expect(throws: ProcessError.spawnFailed(program: arguments[0], errno: EINVAL)) {
      try runner.run(invocation(arguments))
    }
  }

  // MARK: Exit status

  @Test(arguments: [("exit 0", 0), ("exit 7", 7), ("exit 255", 255), ("true", 0)])
  func exitStatusPassesThrough(body: String, status: Int32) throws {
    let script = scratch.script("status", body)
    #expect(try runner.run(invocation([script])).status == status)
  }

  @Test func falseExitsOne() throws {
    #expect(try runner.run(invocation(["/bin/false"])).status == 1)
  }

  /// SIGPIPE is ignored in this test process (see `ignoreSIGPIPELikeADaemon`); the child still dies
  /// of it only if the runner reset it to its default.
  @Test(arguments: [("KILL", SIGKILL), ("TERM", SIGTERM), ("HUP", SIGHUP), ("PIPE", SIGPIPE)])
  func signalDeathIs128PlusSignal(name: String, signal: Int32) throws {
    ignoreSIGPIPELikeADaemon()
    let script = scratch.script("suicide", "kill -\(name) $$\nexit 3")
    let result = try runner.run(invocation([script]))
    #expect(result.status == 128 + signal)
    #expect(!result.timedOut)
  }

  @Test(arguments: [(0, 0), (7 << 8, 7), (255 << 8, 255), (9, 137), (15 | 0x80, 143)])
  func decodesWaitStatus(raw: Int32, status: Int32) {
    #expect(PosixProcessRunner.status(fromWaitStatus: raw) == status)
  }

  // MARK: Environment and PATH

  @Test(arguments: [
    [:], ["A": "1"], ["B": "two words", "EMPTY": "", "UNICODE": "é=ü", "BACKSLASH": "x\\ny"],
  ])
  func environmentIsExactlyTheGivenOne(environment: [String: String]) throws {
    let result = try runner.run(ProcessInvocation(arguments: ["/usr/bin/env"], environment: environment))
    let lines = result.stdoutText.split(separator: "\n").map(String.init).sorted()
    #expect(lines == environment.map { "\($0.key)=\($0.value)" }.sorted())
  }

  @Test(arguments: ["", "A=B", "A\0B"])
  func invalidVariableNameIsRefused(name: String) {
    let bad = ProcessInvocation(arguments: ["/usr/bin/env"], environment: [name: "x"])
    #expect(throws: ProcessError.spawnFailed(program: "/usr/bin/env", errno: EINVAL)) {
      try runner.run(bad)
    }
  }

  @Test func bareNameIsFoundOnTheInvocationsPath() throws {
    let skipped = scratch.folder("skipped")
    scratch.file("skipped/tool", "#!/bin/sh\necho not executable\n", mode: 0o644)
    let folderNamedTool = scratch.folder("folders")
    scratch.folder("folders/tool")
    let found = scratch.folder("found")
    scratch.script("found/tool", "echo found \"$@\"")
    let path = "\(skipped):\(folderNamedTool)::relative:\(found):/usr/bin:/bin"
    let environment = ["PATH": path]

    #expect(PosixProcessRunner.which("tool", path: path) == "\(found)/tool")
    let result = try runner.run(ProcessInvocation(arguments: ["tool", "x y"], environment: environment))
    #expect(result.stdoutText == "found x y\n")
  }

  @Test func parentsPathIsNotUsed() throws {
    let empty = scratch.folder("empty")
    #expect(throws: ProcessError.notFound(program: "env")) {
      try runner.run(ProcessInvocation(arguments: ["env"], environment: ["PATH": empty]))
    }
  }

  @Test(arguments: ["no-such-tool-here", "/no/such/file", "not-executable", "./relative-missing", ""])
  func missingProgramIsNotFound(program: String) {
    scratch.file("not-executable", "#!/bin/sh\n", mode: 0o644)
    let program = program == "not-executable" ? scratch.file(program) : program
    #expect(throws: ProcessError.notFound(program: program)) {
      try runner.run(ProcessInvocation(arguments: [program], environment: ["PATH": scratch.path]))
    }
    #expect(PosixProcessRunner.which(program, path: scratch.path) == nil)
  }

  @Test func emptyArgumentListIsNotFound() {
    #expect(throws: ProcessError.notFound(program: "")) { try runner.run(invocation([])) }
  }

  @Test func whichTakesPathsAsTheyAreAndDefaultsWithoutPath() {
    #expect(PosixProcessRunner.which("/bin/sh", path: "") == "/bin/sh")
    #expect(PosixProcessRunner.which("/etc/passwd", path: nil) == nil)
    #expect(PosixProcessRunner.which("/bin", path: nil) == nil)
    #expect(PosixProcessRunner.which("sh", path: nil) == "/bin/sh")
    #expect(PosixProcessRunner.which("sh", path: "") == nil)
  }

  @Test func scriptWithoutInterpreterLineIsNotHandedToAShell() {
    let script = scratch.file("no-shebang", "touch \(scratch.file("marker"))\n", mode: 0o755)
    #expect(throws: ProcessError.spawnFailed(program: script, errno: ENOEXEC)) {
      try runner.run(invocation([script]))
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.file("marker")))
  }

  // MARK: Standard streams

  @Test func inputReachesStdin() throws {
    let input = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    let result = try runner.run(invocation(["/bin/cat"], input: input))
    #expect(result.status == 0)
    #expect(sameBytes(result.stdout, input))
  }

  @Test func withoutInputStdinIsDevNull() throws {
    let result = try runner.run(invocation(["/bin/readlink", "/proc/self/fd/0"]))
    #expect(result.stdoutText == "/dev/null\n")
    #expect(try runner.run(invocation(["/bin/cat"])).stdout.isEmpty)
  }

  /// A file as stdin is the file itself (what the portal wants), not a pipe; a FIFO is refused
  /// before anything starts, without blocking on it.
  @Test func anInputFileIsTheChildsStdin() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.file("picture.jpg", "the picture bytes", mode: 0o644)
    let invocation = ProcessInvocation(
      arguments: ["/bin/readlink", "/proc/self/fd/0"], environment: Self.environment, input: .file(path))
    #expect(try runner.run(invocation).stdoutText == path + "\n")
    let fifo = scratch.path + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: ProcessError.inputUnreadable(path: fifo, errno: EINVAL)) {
      try runner.run(
        ProcessInvocation(arguments: ["/bin/cat"], environment: Self.environment, input: .file(fifo)))
    }
    #expect(throws: ProcessError.inputUnreadable(path: scratch.path + "/none", errno: ENOENT)) {
      try runner.run(
        ProcessInvocation(
          arguments: ["/bin/cat"], environment: Self.environment, input: .file(scratch.path + "/none")))
    }
  }

  @Test func unreadInputNeitherHangsNorKillsUs() throws {
    let result = try runner.run(invocation(["/bin/true"], input: Data(count: 4 << 20), timeout: 20))
    #expect(result.status == 0)
    #expect(!result.timedOut)
  }

  /// A child that closes its stdin makes our writes fail with EPIPE. In a thread that blocks SIGPIPE
  /// (as this one does here), the runner's SIGPIPE would stay pending unless the runner takes it back.
  @Test func writingToAClosedStdinLeavesNoSIGPIPEPending() throws {
    var sigpipe = sigset_t()
    sigemptyset(&sigpipe)
    sigaddset(&sigpipe, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &sigpipe, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

    let script = scratch.script("closer", "exec 0<&-\n/bin/sleep 0.3")
    let result = try runner.run(invocation([script], input: Data(count: 1 << 20)))
    #expect(result.status == 0)
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0)
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &mask)
    #expect(sigismember(&mask, SIGPIPE) == 1)  // Our own blocking survives the runner's.
  }

  @Test func stderrIsCapturedSeparately() throws {
    let script = scratch.script("streams", "printf out; printf err >&2; printf more")
    let result = try runner.run(invocation([script]))
    #expect(result.stdoutText == "outmore")
    #expect(result.stderrText == "err")
  }

  /// A megabyte on each stream, in the order that deadlocks a reader taking one stream at a time.
  @Test(arguments: [
    "yes e | head -c 1048576 >&2; yes o | head -c 1048576",
    "yes o | head -c 1048576; yes e | head -c 1048576 >&2",
    "yes o | head -c 1048576 & yes e | head -c 1048576 >&2; wait",
  ])
  func largeOutputOnBothStreamsIsCapturedWhole(body: String) throws {
    let script = scratch.script("flood", body)
    let result = try runner.run(invocation([script], timeout: 20))
    #expect(!result.timedOut)
    #expect(sameBytes(result.stdout, repeated("o\n", count: 1 << 19)))
    #expect(sameBytes(result.stderr, repeated("e\n", count: 1 << 19)))
  }

  // MARK: What the child inherits

  /// Only 0, 1 and 2, and ls's own handle on /proc/self/fd, even with a descriptor of ours left
  /// open without close-on-exec.
  @Test func childInheritsOnlyStandardDescriptors() throws {
    let leaky = open("/dev/null", O_RDONLY)
    try #require(leaky > STDERR_FILENO)
    defer { close(leaky) }
    let result = try runner.run(invocation(["/bin/ls", "/proc/self/fd"]))
    #expect(result.stdoutText.split(separator: "\n") == ["0", "1", "2", "3"])
  }

  /// The parent blocks SIGTERM and SIGINT in this thread and ignores SIGPIPE; the child must start
  /// with none of that.
  @Test func childStartsWithCleanSignalState() throws {
    ignoreSIGPIPELikeADaemon()
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    sigaddset(&blocked, SIGINT)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

    let result = try runner.run(invocation(["/bin/cat", "/proc/self/status"]))
    let child = signalMasks(result.stdoutText)
    #expect(child.blocked == 0)
    #expect(child.ignored == 0)
    let ours = signalMasks(try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8))
    // The control: the parent really has them.
    #expect(try #require(ours.blocked) & 1 << (SIGTERM - 1) != 0)
    #expect(try #require(ours.ignored) & 1 << (SIGPIPE - 1) != 0)
  }

  @Test func childLeadsItsOwnProcessGroup() throws {
    let result = try runner.run(invocation(["/bin/cat", "/proc/self/stat"]))
    // pid (comm) state ppid pgrp ...; comm is "cat", so splitting on spaces is safe here.
    let fields = result.stdoutText.split(separator: " ")
    try #require(fields.count > 4)
    #expect(fields[4] == fields[0])
    #expect(Int32(fields[4]) != getpgrp())
  }

  // MARK: Timeouts

  @Test(arguments: [true, false])
  func timeoutEndsTheChild(watchesExitWithPidfd: Bool) throws {
    let runner = PosixProcessRunner(watchesExitWithPidfd: watchesExitWithPidfd)
    let (result, seconds) = try timed { try runner.run(invocation(["/bin/sleep", "30"], timeout: 0.5)) }
    #expect(result.timedOut)
    #expect(result.status == 128 + SIGTERM)
    #expect(seconds >= 0.45)
    #expect(seconds < 5)
  }

  @Test func childIgnoringSIGTERMIsKilled() throws {
    let script = scratch.script("stubborn", "trap '' TERM\n/bin/sleep 30\n/bin/sleep 30")
    let (result, seconds) = try timed { try runner.run(invocation([script], timeout: 0.5)) }
    #expect(result.timedOut)
    #expect(result.status == 128 + SIGKILL)
    #expect(seconds >= 0.9)  // Timeout plus the grace SIGTERM got.
    #expect(seconds < 5)
  }

  @Test func childThatClosedItsOutputStillTimesOut() throws {
    let script = scratch.script("quiet", "exec >&- 2>&-\n/bin/sleep 30")
    let (result, seconds) = try timed { try runner.run(invocation([script], timeout: 0.5)) }
    #expect(result.timedOut)
    #expect(seconds < 5)
  }

  @Test func fastChildIsNotTimedOut() throws {
    let (result, seconds) = try timed { try runner.run(invocation(["/bin/true"], timeout: 20)) }
    #expect(!result.timedOut)
    #expect(seconds < 5)
  }

  /// The grandchild keeps stdout and stderr open for 30 s; we return once the child has exited.
  @Test(arguments: [true, false])
  func grandchildHoldingThePipesDoesNotHangUs(watchesExitWithPidfd: Bool) throws {
    let runner = PosixProcessRunner(watchesExitWithPidfd: watchesExitWithPidfd)
    let script = scratch.script("forker", "/bin/sleep 30 &\necho $!")
    let (result, seconds) = try timed { try runner.run(invocation([script], timeout: 20)) }
    if let grandchild = Int32(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) {
      kill(grandchild, SIGKILL)
    }
    #expect(result.status == 0)
    #expect(!result.timedOut)
    #expect(Int32(result.stdoutText.dropLast()) != nil)
    #expect(seconds < 3)
  }

  /// Escaped into its own session, the grandchild survives the group kill and still holds the pipes.
  @Test func timeoutWithEscapedGrandchildDoesNotHangUs() throws {
    let pidFile = scratch.file("grandchild.pid")
    let script = scratch.script(
      "escaper",
      """
      /usr/bin/setsid /bin/sh -c 'echo $$ > "$1"; exec /bin/sleep 30' sh '\(pidFile)' &
      /bin/sleep 30
      """)
    let (result, seconds) = try timed { try runner.run(invocation([script], timeout: 0.5)) }
    let text = try? String(contentsOfFile: pidFile, encoding: .utf8)
    let grandchild = try #require(text.flatMap { Int32($0.trimmingCharacters(in: .newlines)) })
    defer { kill(grandchild, SIGKILL) }
    #expect(kill(grandchild, 0) == 0)  // The control: it did outlive the group kill.
    #expect(result.timedOut)
    #expect(seconds < 5)
  }

  /// Executing a file someone still has open for writing fails with ETXTBSY; the runner retries
  /// for a while, so a writer that finishes soon (as here, after 5 ms) does not fail the run.
  @Test func programBusyBeingWrittenIsRetried() throws {
    let script = scratch.script("busy", "echo ran")
    let writer = open(script, O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(writer >= 0)
    #expect(throws: ProcessError.spawnFailed(program: script, errno: ETXTBSY)) {
      try runner.run(invocation([script]))  // The control: while it stays open, it stays busy.
    }
    // A thread of its own: dispatch's global queue may be busy with other tests for longer than that.
    Thread.detachNewThread {
      usleep(5000)
      close(writer)
    }
    #expect(try runner.run(invocation([script])).stdoutText == "ran\n")
  }

  /// The editor runs through the runner on the terminal, and a busy program is retried there
  /// too: a wrapper script just written (issue 48's failing `ConfigEditEndToEndTests`, "Text
  /// file busy") does not fail `config edit`.
  @Test func anEditorBusyBeingWrittenIsRetried() throws {
    let marker = scratch.file("edited")
    let script = scratch.script("busy-editor", "echo \"$1\" > '\(marker)'")
    let writer = open(script, O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(writer >= 0)
    let editor = EditorCommand(environment: ["EDITOR": script]).invocation(
      on: "/the/file", environment: Self.environment)
    #expect(throws: ProcessError.spawnFailed(program: script, errno: ETXTBSY)) {
      try runner.run(editor)  // The control.
    }
    Thread.detachNewThread {
      usleep(5000)
      close(writer)
    }
    #expect(try runner.run(editor).status == 0)
    #expect(try String(contentsOfFile: marker, encoding: .utf8) == "/the/file\n")
  }

  /// On the terminal the child has our stdin, stdout and stderr and our process group (the
  /// terminal's foreground one, so its keys reach it), no descriptor beyond them, and no time
  /// limit; its status comes back, with no output captured.
  @Test func aChildOnTheTerminalHasOurStreamsAndGroup() throws {
    let started = scratch.file("terminal-pid")
    let script = scratch.script("on-terminal", "echo $$ > '\(started)'\nsleep 1\nexit 7")
    var invocation = ProcessInvocation.onTerminal(arguments: [script], environment: Self.environment)
    invocation.timeout = .milliseconds(50)  // Not applied: the person takes as long as they take.
    // Looked at from outside while it sleeps: what it holds, and its group.
    let seen = Locked<(descriptors: [String: String], group: String)?>(nil)
    Thread.detachNewThread {
      for _ in 0..<400 {
        if let pid = (try? String(contentsOfFile: started, encoding: .utf8))?.trimmingCharacters(
          in: .whitespacesAndNewlines),
          !pid.isEmpty
        {
          let folder = "/proc/\(pid)/fd"
          let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
          let descriptors = Dictionary(
            uniqueKeysWithValues: names.map {
              ($0, (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) ?? "?")
            })
          let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
          let group =
            stat.split(separator: ")").last?.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
          seen.withLock { $0 = (descriptors, group) }
          return
        }
        usleep(5000)
      }
    }
    let result = try runner.run(invocation)
    #expect(result.status == 7 && !result.timedOut)
    #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    let ours = (0...2).map {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) ?? "?"
    }
    let child = try #require(seen.withLock { $0 })
    #expect(["0", "1", "2"].map { child.descriptors[$0] ?? "-" } == ours)
    // dash keeps the script open on a descriptor of its own (10); nothing of ours is inherited.
    #expect(
      child.descriptors.filter { Int($0.key)! > 2 }.values.allSatisfy { $0 == script }, "\(child.descriptors)"
    )
    #expect(child.group == "\(getpgrp())")
  }

  // MARK: Threads

  @Test func concurrentRunsKeepTheirOwnOutput() {
    let outputs = Locked([String?](repeating: nil, count: 16))
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      let text = String(repeating: "\(index) ", count: 5000)
      let result = try? runner.run(invocation(["/bin/cat"], input: Data(text.utf8)))
      outputs.withLock { $0[index] = result?.stdoutText }
    }
    let collected = outputs.withLock { $0 }
    for index in 0..<16 {
      #expect(collected[index] == String(repeating: "\(index) ", count: 5000))
    }
  }

  // MARK: Stop and output limit

  @Test(arguments: [true, false])
  func aStopFromAnotherThreadEndsTheChild(watchesExitWithPidfd: Bool) throws {
    let runner = PosixProcessRunner(watchesExitWithPidfd: watchesExitWithPidfd)
    let marker = scratch.file("started-\(watchesExitWithPidfd)")
    let script = scratch.script("hang-\(watchesExitWithPidfd)", "echo started > '\(marker)'\n/bin/sleep 30")
    let stop = ProcessStop()
    #expect(
      BackgroundThread.start(stackSize: 1 << 20) {
        for _ in 0..<10_000 where !FileManager.default.fileExists(atPath: marker) { usleep(1000) }
        stop.request()
      })
    var call = invocation([script], timeout: 120)
    call.stop = stop
    let result = try runner.run(call)
    #expect(result.stopped)
    #expect(!result.timedOut)
    #expect(result.status == 128 + SIGTERM)
  }

  @Test func aStopAskedBeforeTheStartEndsTheChildAtOnce() throws {
    let stop = ProcessStop()
    stop.request()
    var call = invocation(["/bin/sleep", "30"], timeout: 120)
    call.stop = stop
    let result = try runner.run(call)
    #expect(result.stopped)
    #expect(result.status == 128 + SIGTERM)
  }

  @Test func aChildThatIsNotStoppedIsNotReportedSo() throws {
    var call = invocation(["/bin/true"])
    call.stop = ProcessStop()
    let result = try runner.run(call)
    #expect(!result.stopped)
    #expect(result.status == 0)
  }

  @Test func markEndedWakesTheWaiter() {
    let stop = ProcessStop()
    #expect(!stop.waitUntilEnded(within: .zero))
    stop.markEnded()
    #expect(stop.waitUntilEnded(within: .seconds(30)))
  }

  @Test func outputBeyondTheLimitIsReadAndDropped() throws {
    // 8 MiB on each stream: far more than a pipe holds, so a runner that stopped reading would
    // leave the child blocked until its timeout.
    let script = scratch.script(
      "flood", "/usr/bin/head -c 8388608 /dev/zero\n/usr/bin/head -c 8388608 /dev/zero >&2\nexit 3")
    var call = invocation([script], timeout: 120)
    call.outputLimit = 1000
    let result = try runner.run(call)
    #expect(!result.timedOut)
    #expect(result.status == 3)
    #expect(result.stdout == Data(repeating: 0, count: 1000))
    #expect(result.stderr == Data(repeating: 0, count: 1000))
  }

  // MARK: Helpers

  private func invocation(
    _ arguments: [String], input: Data? = nil, timeout: Double = 10
  ) -> ProcessInvocation {
    ProcessInvocation(
      arguments: arguments, environment: Self.environment, input: input.map(ProcessInput.bytes) ?? .none,
      timeout: .seconds(timeout))
  }

  private func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    let elapsed = clock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  /// SigBlk and SigIgn from a /proc status file, one bit per signal (bit N-1 for signal N).
  ///
  /// glibc's posix_spawn leaves its two internal signals (32 and 33, used for thread cancellation
  /// and setuid) ignored in the child, and sigaddset refuses them, so nobody can ask otherwise; any
  /// glibc program reinstalls their handlers at start-up. They are masked out here.
  private func signalMasks(_ status: String) -> (blocked: UInt64?, ignored: UInt64?) {
    let glibcInternal: UInt64 = 1 << 31 | 1 << 32
    func mask(_ name: String) -> UInt64? {
      let line = status.split(separator: "\n").first { $0.hasPrefix("\(name):") }
      let hex = line?.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
      return hex.flatMap { UInt64($0, radix: 16) }.map { $0 & ~glibcInternal }
    }
    return (mask("SigBlk"), mask("SigIgn"))
  }

  /// What a daemon does, and what makes the child's reset observable. Never undone: other tests may
  /// run in parallel, and a test process has no use for dying of SIGPIPE.
  private func ignoreSIGPIPELikeADaemon() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// Compares without `==` inside `#expect`, whose failure report diffs the two collections: for a
/// megabyte that takes longer than anyone waits. Prints sizes and the first difference instead.
private func sameBytes(_ actual: Data, _ expected: Data) -> Bool {
  if actual == expected { return true }
  let same = zip(actual, expected).prefix { $0 == $1 }.count
  print("got \(actual.count) bytes, expected \(expected.count); first difference at \(same)")
  return false
}

/// The bytes of `text` repeated, for comparing large outputs.
private func repeated(_ text: String, count: Int) -> Data {
  Data(String(repeating: text, count: count).utf8)
}

/// A script folder's writes, which stop the test at once when they fail.
extension TemporaryDirectory {
  /// A `#!/bin/sh` script with `body`, executable.
  @discardableResult
  fileprivate func script(_ name: String, _ body: String) -> String {
    file(name, "#!/bin/sh\n\(body)\n", mode: 0o755)
  }

  @discardableResult
  fileprivate func file(_ name: String, _ contents: String, mode: Int) -> String {
    let target = file(name)
    do {
      try ExecutableScript.write(contents, to: target, mode: mode_t(mode))
    } catch {
      preconditionFailure("cannot write \(target): \(error)")
    }
    return target
  }

  @discardableResult
  fileprivate func folder(_ name: String) -> String {
    let target = file(name)
    precondition(mkdir(target, 0o755) == 0, "cannot create \(target)")
    return target
  }
}
