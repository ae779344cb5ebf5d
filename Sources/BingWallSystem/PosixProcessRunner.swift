import CLinux
import FoundationEssentials
import Glibc

/// Starts other programs from an argument vector with `posix_spawn`, so no shell ever parses our data.
///
/// https://man7.org/linux/man-pages/man3/posix_spawn.3.html
///
/// The child gets exactly the invocation's environment; stdin from `/dev/null` or from a pipe fed with
/// the input; stdout and stderr into pipes drained together with `poll(2)`, so neither can fill up and
/// stall it; its own process group, so a timeout ends everything it started; an empty signal mask and
/// default dispositions, whatever a daemon parent blocked or ignored; and no file descriptor beyond 0,
/// 1 and 2. The runner holds no state: any number of threads may call `run` at once.
///
/// A child on the terminal (`ProcessStreams.terminal`: an editor) gets our stdin, stdout and
/// stderr instead of pipes, and our process group, so the terminal's keys reach it.
package struct PosixProcessRunner: ProcessRunner {
  /// How long a child has between SIGTERM and SIGKILL once its timeout has passed.
  static let killGrace = 0.5
  /// How long we keep reading after the child exited. A grandchild it left running may hold the
  /// pipes open for good; its output after this is not ours to wait for.
  static let drainGrace = 0.1
  /// How often we look for the child's exit when no pidfd can tell us.
  static let exitPollInterval = 0.01
  /// How often `posix_spawn` is retried when the program is busy being written (ETXTBSY).
  static let busyRetries = 5

  /// `spawn`'s result, tried again while it is ETXTBSY, which is usually fleeting: someone just
  /// wrote the program (a stub script in a test, a package upgrade, an editor's wrapper), and a
  /// child forked meanwhile by another thread holds a copy of that write descriptor until its
  /// own exec. The retries span about 60 ms; a file that stays busy is reported. Every spawn of
  /// ours goes through it: the runner's (the editor's included) and a detached process's.
  static func retryingBusy(_ spawn: () -> Int32) -> Int32 {
    var result = spawn()
    for attempt in 0..<busyRetries where result == ETXTBSY {
      usleep(2000 << attempt)
      result = spawn()
    }
    return result
  }
  /// Where a bare program name is looked up when the environment has no PATH: glibc's execvp default.
  static let defaultSearchPath = "/bin:/usr/bin"

  /// Whether a pidfd wakes us when the child exits; tests turn it off to exercise the fallback.
  let watchesExitWithPidfd: Bool

  package init() {
    self.init(watchesExitWithPidfd: true)
  }

  init(watchesExitWithPidfd: Bool) {
    self.watchesExitWithPidfd = watchesExitWithPidfd
  }

  package func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult {
    guard let program = invocation.arguments.first, !program.isEmpty else {
      throw .notFound(program: "")
    }
    // A NUL byte cannot reach the child: C would cut the string there and pass something else.
    let invalidArgument = invocation.arguments.contains { $0.utf8.contains(0) }
    let invalidVariable = invocation.environment.contains { name, value in
      name.isEmpty || name.contains("=") || name.utf8.contains(0) || value.utf8.contains(0)
    }
    if invalidArgument || invalidVariable { throw .spawnFailed(program: program, errno: EINVAL) }
    guard let executable = Self.which(program, path: invocation.environment["PATH"]) else {
      throw .notFound(program: program)
    }
    let environment = invocation.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    if invocation.streams == .terminal {
      return try runOnTerminal(
        program: program, executable: executable, arguments: CStringArray(invocation.arguments),
        environment: CStringArray(environment))
    }

    let child = try spawn(
      program: program, executable: executable, arguments: CStringArray(invocation.arguments),
      environment: CStringArray(environment), input: invocation.input)
    return child.collect(
      input: invocation.input.bytes, timeout: invocation.timeout, stop: invocation.stop,
      outputLimit: max(0, invocation.outputLimit), pidfd: watchesExitWithPidfd ? openPidfd(child.pid) : -1)
  }

  /// Finds the file that running `program` would execute, so backends can ask "is this tool here".
  ///
  /// A name with a `/` is taken as a path; any other name is looked up in the directories of `path`
  /// (a PATH value; nil means `/bin:/usr/bin`), first match wins. Only an executable regular file
  /// counts. Unlike execvp, empty and relative PATH entries are skipped rather than meaning the current
  /// folder: a wallpaper tool must not be picked up from wherever bingwall happens to run.
  package static func which(_ program: String, path: String?) -> String? {
    if program.isEmpty || program.utf8.contains(0) { return nil }
    if program.contains("/") { return isExecutableFile(program) ? program : nil }
    for directory in (path ?? defaultSearchPath).split(separator: ":") where directory.hasPrefix("/") {
      let candidate = directory.hasSuffix("/") ? "\(directory)\(program)" : "\(directory)/\(program)"
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  package func locate(_ program: String, onPath path: String?) -> String? {
    Self.which(program, path: path)
  }

  /// See `DetachedProcess.spawn` for what the child gets and what it is spared.
  package func startDetached(
    executable: String, arguments: [String], environment: [String: String], errorLog: String?
  )
    throws(ProcessError) -> pid_t
  {
    try DetachedProcess.spawn(
      executable: executable, arguments: arguments, environment: environment, errorLog: errorLog)
  }

  /// The exit code, or 128 + N for signal N, as a shell reports it; the W* macros do not import.
  static func status(fromWaitStatus raw: Int32) -> Int32 {
    let signal = raw & 0x7f
    return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
  }

  /// A regular file (after symlinks) that we may execute; `access` alone also accepts folders.
  static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }

  private func spawn(
    program: String, executable: String, arguments: CStringArray, environment: CStringArray,
    input: ProcessInput
  ) throws(ProcessError) -> RunningChild {
    // Opened here, before the child exists, and only a regular file: a FIFO or a device would
    // block or mean something else. Non-blocking, so opening a FIFO cannot hang us.
    var file: Int32 = -1
    if case .file(let inputFile) = input {
      file = open(inputFile, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      guard file >= 0 else { throw .inputUnreadable(path: inputFile, errno: errno) }
      var status = stat()
      guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        close(file)
        throw .inputUnreadable(path: inputFile, errno: EINVAL)
      }
    }
    defer { if file >= 0 { close(file) } }
    var stdinPipe: ChildPipe?
    if case .bytes = input { stdinPipe = try ChildPipe(program: program) }
    let stdoutPipe = try ChildPipe(program: program)
    let stderrPipe = try ChildPipe(program: program)

    let actions = SpawnFileActions()
    if file >= 0 {
      actions.duplicate(file, to: STDIN_FILENO)
    } else if let stdinPipe {
      actions.duplicate(stdinPipe.readEnd, to: STDIN_FILENO)
    } else {
      actions.openDevNull(as: STDIN_FILENO)
    }
    actions.duplicate(stdoutPipe.writeEnd, to: STDOUT_FILENO)
    actions.duplicate(stderrPipe.writeEnd, to: STDERR_FILENO)
    actions.closeEverything(from: STDERR_FILENO + 1)
    let attributes = SpawnAttributes()

    var pid: pid_t = 0
    let result = Self.retryingBusy {
      posix_spawn(
        &pid, executable, actions.pointer, attributes.pointer, arguments.pointers, environment.pointers)
    }
    // Only the child needs these ends; keeping them would hide its EOF from us.
    stdinPipe?.closeReadEnd()
    stdoutPipe.closeWriteEnd()
    stderrPipe.closeWriteEnd()
    switch result {
    case 0: break
    // glibc reports a failed exec here. ENOEXEC (no #! line) stays an error: no shell fallback.
    case ENOENT, EACCES, ENOTDIR: throw .notFound(program: program)
    default: throw .spawnFailed(program: program, errno: result)
    }
    return RunningChild(pid: pid, stdin: stdinPipe, stdout: stdoutPipe, stderr: stderrPipe)
  }

  /// Runs the child on our terminal and waits for it however long it takes (`ProcessStreams.terminal`).
  private func runOnTerminal(
    program: String, executable: String, arguments: CStringArray, environment: CStringArray
  ) throws(ProcessError) -> ProcessResult {
    let actions = SpawnFileActions()
    actions.closeEverything(from: STDERR_FILENO + 1)
    let attributes = SpawnAttributes(ownGroup: false)
    let ignored = IgnoredTerminalSignals()
    defer { ignored.restore() }
    var pid: pid_t = 0
    let result = Self.retryingBusy {
      posix_spawn(
        &pid, executable, actions.pointer, attributes.pointer, arguments.pointers, environment.pointers)
    }
    switch result {
    case 0: break
    case ENOENT, EACCES, ENOTDIR: throw .notFound(program: program)
    default: throw .spawnFailed(program: program, errno: result)
    }
    var status: Int32 = 0
    do throws(Errno) {
      _ = try Syscall.retryingInterrupts { waitpid(pid, &status, 0) }
    } catch {
      throw .spawnFailed(program: program, errno: error.code)
    }
    return ProcessResult(
      status: Self.status(fromWaitStatus: status), stdout: Data(), stderr: Data(), timedOut: false)
  }

  /// A pidfd that becomes readable when `pid` exits, or -1 when the kernel or libc has none.
  private func openPidfd(_ pid: pid_t) -> Int32 {
    guard let pidfdOpen = LateBoundLibc.pidfdOpen else { return -1 }
    return pidfdOpen(pid, 0)  // Always close-on-exec.
  }
}

/// glibc functions the Swift Glibc module hides behind `_GNU_SOURCE`, found at run time instead.
///
/// The module is built without `_GNU_SOURCE`, so `posix_spawn_file_actions_addclosefrom_np`
/// (glibc 2.34) and `pidfd_open` (glibc 2.36) are not declared; they are newer than some glibc
/// bingwall runs on, so they are not taken through CLinux (as `pipe2` is) but looked up: `dlsym`
/// finds them in the libc already loaded, and each caller has a fallback for nil.
enum LateBoundLibc {
  typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
  typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

  static let addCloseFrom: AddCloseFrom? = lookUp("posix_spawn_file_actions_addclosefrom_np")
  static let pidfdOpen: PidfdOpen? = lookUp("pidfd_open")

  private static func lookUp<Function>(_ name: String) -> Function? {
    // A nil handle is RTLD_DEFAULT: the global symbol scope, which holds libc.
    guard let symbol = dlsym(nil, name) else { return nil }
    return unsafeBitCast(symbol, to: Function.self)
  }
}

/// A started child and our ends of its pipes, until it has been reaped.
private struct RunningChild {
  let pid: pid_t
  let stdin: ChildPipe?
  let stdout: ChildPipe
  let stderr: ChildPipe

  /// Feeds stdin, drains stdout and stderr, enforces the deadline and a stop request, and reaps
  /// the child. Each output keeps its first `outputLimit` bytes.
  ///
  /// Ends once the child is reaped and both outputs reached EOF, or `drainGrace` after the reaping
  /// when a grandchild keeps a pipe open. Nothing here waits without a bound except for a child that
  /// SIGKILL cannot end (stuck in the kernel), which no user-space code can help.
  func collect(input: Data, timeout: Duration, stop: ProcessStop?, outputLimit: Int, pidfd: Int32)
    -> ProcessResult
  {
    defer { if pidfd >= 0 { close(pidfd) } }
    let deadline = SystemClock.monotonicSeconds() + max(0, timeout.seconds)
    stdin?.makeNonBlocking(\.writeEnd)
    stdout.makeNonBlocking(\.readEnd)
    stderr.makeNonBlocking(\.readEnd)

    var captured = (stdout: [UInt8](), stderr: [UInt8]())
    var buffer = [UInt8](repeating: 0, count: 65536)
    var inputOffset = 0
    var status: Int32?
    var exitedAt = 0.0
    var timedOut = false
    var killAt = 0.0
    var killed = false
    // A stop request ends the child the way a timeout does, and is reported apart from one.
    var stopped = false
    var ending: Bool { timedOut || stopped }

    // A child that exits without reading its input makes our write fail with EPIPE, and the SIGPIPE
    // that comes with it would end bingwall. Blocking it in this thread only leaves other threads
    // and the process-wide disposition alone.
    let sigpipe = SIGPIPEBlocker()
    defer { sigpipe.restore() }

    while true {
      let now = SystemClock.monotonicSeconds()
      if status == nil, let reaped = reapWithoutWaiting() {
        status = reaped
        exitedAt = now
        stdin?.closeWriteEnd()  // Whoever still holds its stdin is not ours to feed.
      }
      if status != nil {
        let drained = stdout.readEnd < 0 && stderr.readEnd < 0
        if drained || now >= exitedAt + PosixProcessRunner.drainGrace { break }
      } else if !ending, now >= deadline || stop?.isRequested == true {
        if now >= deadline { timedOut = true } else { stopped = true }
        killAt = now + PosixProcessRunner.killGrace
        signalGroup(SIGTERM)
        signalGroup(SIGCONT)  // A stopped child would see the SIGTERM only once resumed.
      } else if ending, !killed, now >= killAt {
        killed = true
        signalGroup(SIGKILL)
      }

      var watched: [pollfd] = []
      if let stdin, stdin.writeEnd >= 0 {
        watched.append(pollfd(fd: stdin.writeEnd, events: Int16(POLLOUT), revents: 0))
      }
      for fd in [stdout.readEnd, stderr.readEnd] where fd >= 0 {
        watched.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
      }
      var wait: Double
      if status != nil {
        wait = exitedAt + PosixProcessRunner.drainGrace - now
      } else {
        wait = !ending ? deadline - now : !killed ? killAt - now : PosixProcessRunner.exitPollInterval
        if !ending, let stop, stop.wakeDescriptor >= 0 {
          watched.append(pollfd(fd: stop.wakeDescriptor, events: Int16(POLLIN), revents: 0))
        } else if !ending, stop != nil {
          wait = min(wait, PosixProcessRunner.exitPollInterval)  // No pipe to wake us: look often.
        }
        if pidfd >= 0 {
          watched.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0))
        } else {
          wait = min(wait, PosixProcessRunner.exitPollInterval)
        }
      }
      // Rounded up, so we never wake just before a deadline and spin; capped, so a huge or infinite
      // timeout still fits poll's Int32 of milliseconds.
      let milliseconds = Int32((min(max(wait, 0), 60) * 1000).rounded(.up))
      do throws(Errno) {
        // nil: a signal for someone else; the waits are worked out again.
        guard try Syscall.poll(&watched, milliseconds: milliseconds) != nil else { continue }
      } catch {
        usleep(10_000)  // ENOMEM and the like: retried after a pause.
        continue
      }

      for entry in watched where entry.revents != 0 {
        if let stdin, entry.fd == stdin.writeEnd {
          inputOffset = feed(input, from: inputOffset, into: stdin)
        } else if entry.fd == stdout.readEnd {
          drain(stdout, into: &captured.stdout, limit: outputLimit, buffer: &buffer)
        } else if entry.fd == stderr.readEnd {
          drain(stderr, into: &captured.stderr, limit: outputLimit, buffer: &buffer)
        }
      }
    }
    var result = ProcessResult(
      status: status ?? -1, stdout: Data(captured.stdout), stderr: Data(captured.stderr),
      timedOut: timedOut)
    result.stopped = stopped
    return result
  }

  /// Writes the next chunk of input; closes stdin when all of it is written or nobody reads it.
  private func feed(_ input: Data, from offset: Int, into pipe: ChildPipe) -> Int {
    var offset = offset
    if offset < input.count {
      let written = input.withUnsafeBytes { raw in
        Result { () throws(Errno) in
          try Syscall.write(
            pipe.writeEnd, UnsafeRawBufferPointer(rebasing: raw[offset..<min(raw.count, offset + 65536)]))
        }
      }
      switch written {
      case .success(let count): offset += count
      case .failure(let error) where error.code == EAGAIN: break  // full: the next round
      case .failure: offset = input.count  // EPIPE: the child closed its stdin; the rest has nowhere to go.
      }
    }
    if offset >= input.count { pipe.closeWriteEnd() }
    return offset
  }

  /// Reads what one pipe has, keeping up to `limit` bytes in all; closes it at EOF or on an error.
  private func drain(_ pipe: ChildPipe, into bytes: inout [UInt8], limit: Int, buffer: inout [UInt8]) {
    let read = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in try Syscall.read(pipe.readEnd, into: raw) }
    }
    switch read {
    case .success(let count) where count > 0:
      bytes.append(contentsOf: buffer[0..<min(count, max(0, limit - bytes.count))])
    case .failure(let error) where error.code == EAGAIN: break  // nothing yet: the next round
    case .success, .failure: pipe.closeReadEnd()  // EOF, or the pipe failed
    }
  }

  /// The child's status if it has ended, else nil. -1 if the status was lost: someone else reaped
  /// it, or the process ignores SIGCHLD and the kernel discarded it.
  private func reapWithoutWaiting() -> Int32? {
    var raw: Int32 = 0
    let result = try? Syscall.retryingInterrupts { waitpid(pid, &raw, WNOHANG) }
    if result == pid { return PosixProcessRunner.status(fromWaitStatus: raw) }
    if result == 0 { return nil }
    return -1
  }

  /// Signals the child's whole process group, grandchildren included, unless they left it.
  ///
  /// Only called before the child is reaped: the group's id is its pid, which cannot be reused yet.
  private func signalGroup(_ signal: Int32) {
    kill(-pid, signal)
  }
}

/// Both ends of a pipe until each is handed over or closed. Ours are always close-on-exec.
private final class ChildPipe {
  var readEnd: Int32 = -1
  var writeEnd: Int32 = -1

  init(program: String) throws(ProcessError) {
    var ends: [Int32] = [-1, -1]
    if bw_pipe_cloexec(&ends) != 0 { throw .spawnFailed(program: program, errno: errno) }
    readEnd = ends[0]
    writeEnd = ends[1]
    // A parent that closed its own stdin, stdout or stderr gets those numbers back from pipe(), and
    // then our dup2 onto 0, 1 and 2 would clobber one end with another. Keep ours above 2.
    for end in [\ChildPipe.readEnd, \ChildPipe.writeEnd] where self[keyPath: end] <= STDERR_FILENO {
      let moved = fcntl(self[keyPath: end], F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
      let failure = errno
      close(self[keyPath: end])
      self[keyPath: end] = moved
      if moved < 0 { throw .spawnFailed(program: program, errno: failure) }
    }
  }

  func makeNonBlocking(_ end: KeyPath<ChildPipe, Int32>) {
    let fd = self[keyPath: end]
    if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
  }

  func closeReadEnd() {
    if readEnd >= 0 { close(readEnd) }
    readEnd = -1
  }

  func closeWriteEnd() {
    if writeEnd >= 0 { close(writeEnd) }
    writeEnd = -1
  }

  deinit {
    closeReadEnd()
    closeWriteEnd()
  }
}

/// What the child's descriptors become: `posix_spawn_file_actions_t`, destroyed in `deinit`.
///
/// https://man7.org/linux/man-pages/man3/posix_spawn_file_actions_adddup2.3p.html
private final class SpawnFileActions {
  let pointer = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)

  init() {
    posix_spawn_file_actions_init(pointer)
  }

  /// Our pipe ends are close-on-exec; the copy on 0, 1 or 2 that dup2 makes is not.
  func duplicate(_ fd: Int32, to target: Int32) {
    posix_spawn_file_actions_adddup2(pointer, fd, target)
  }

  func openDevNull(as target: Int32) {
    posix_spawn_file_actions_addopen(pointer, target, "/dev/null", O_RDONLY, 0)
  }

  /// Closes in the child every descriptor from `lowest` up, including ones that other code in our
  /// process (libraries, other threads) opened without close-on-exec. Before glibc 2.34 we rely on
  /// close-on-exec alone.
  func closeEverything(from lowest: Int32) {
    if let addCloseFrom = LateBoundLibc.addCloseFrom { _ = addCloseFrom(pointer, lowest) }
  }

  deinit {
    posix_spawn_file_actions_destroy(pointer)
    pointer.deallocate()
  }
}

/// How the child starts: its own process group (but on the terminal), no blocked signals, every
/// signal at its default.
///
/// https://man7.org/linux/man-pages/man3/posix_spawnattr_init.3.html
/// A daemon parent may block or ignore signals, and ignored ones survive exec; a wallpaper tool that
/// then cannot be stopped with SIGTERM, or never sees SIGPIPE, is not what its authors tested. A
/// child on the terminal stays in our group, the terminal's foreground one: in a group of its own
/// it would be stopped (SIGTTIN) as soon as it read a key.
private final class SpawnAttributes {
  let pointer = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)

  init(ownGroup: Bool = true) {
    posix_spawnattr_init(pointer)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup { flags |= POSIX_SPAWN_SETPGROUP }
    posix_spawnattr_setflags(pointer, Int16(flags))
    posix_spawnattr_setpgroup(pointer, 0)  // 0: a new group whose id is the child's pid.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(pointer, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(pointer, &all)
  }

  deinit {
    posix_spawnattr_destroy(pointer)
    pointer.deallocate()
  }
}

/// A NULL-terminated `char *[]` for argv or envp, freed in `deinit`. Callers reject NUL bytes first.
private final class CStringArray {
  let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  private let count: Int

  init(_ strings: [String]) {
    count = strings.count
    pointers = .allocate(capacity: count + 1)
    for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
    pointers[count] = nil
  }

  deinit {
    for index in 0..<count { free(pointers[index]) }
    pointers.deallocate()
  }
}

/// SIGINT and SIGQUIT ignored by this process while a child on the terminal runs: the keys that
/// send them go to the whole foreground group, and they are the child's to act on.
private struct IgnoredTerminalSignals {
  private var previousInterrupt = sigaction()
  private var previousQuit = sigaction()

  init() {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigaction(SIGINT, &ignore, &previousInterrupt)
    sigaction(SIGQUIT, &ignore, &previousQuit)
  }

  func restore() {
    var interrupt = previousInterrupt
    var quit = previousQuit
    sigaction(SIGINT, &interrupt, nil)
    sigaction(SIGQUIT, &quit, nil)
  }
}

/// Keeps SIGPIPE from this thread while we write to a child that may already be gone.
///
/// A blocked SIGPIPE stays pending on the thread; `restore` discards one we caused before
/// unblocking, and leaves alone one that was pending before we started.
private struct SIGPIPEBlocker {
  private var previousMask = sigset_t()
  private let wasPending: Bool

  init() {
    var sigpipe = Self.sigpipeSet()
    pthread_sigmask(SIG_BLOCK, &sigpipe, &previousMask)
    var pending = sigset_t()
    sigpending(&pending)
    wasPending = sigismember(&pending, SIGPIPE) == 1
  }

  func restore() {
    var sigpipe = Self.sigpipeSet()
    if !wasPending {
      var noWait = timespec(tv_sec: 0, tv_nsec: 0)
      while sigtimedwait(&sigpipe, nil, &noWait) == SIGPIPE {}
    }
    var previous = previousMask
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  private static func sigpipeSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGPIPE)
    return set
  }
}
