import Glibc

/// Starts a program that must outlive bingwall (swaybg), which `ProcessRunner.run` cannot do: it waits
/// for its children and kills what is left at its timeout. `PosixProcessRunner.startDetached` uses it.
///
/// https://man7.org/linux/man-pages/man3/posix_spawn.3.html
/// The child gets its own session (`POSIX_SPAWN_SETSID`), so the terminal's hang-up and the process
/// group signals of whatever started bingwall (a shell's Ctrl-C, systemd stopping our unit's main
/// process) do not reach it; stdin and stdout on `/dev/null` and stderr there or in a log file, so it
/// holds no pipe of ours;
/// an empty signal mask and default dispositions; and no other file descriptor of ours.
package enum DetachedProcess {
  /// glibc's `POSIX_SPAWN_SETSID` (2.26+), hidden from Swift behind `_GNU_SOURCE`.
  static let setsidFlag: Int32 = 0x80

  /// Starts `executable` (an absolute path) with `arguments` as its argv (the program's name first) and
  /// exactly `environment`; returns its pid.
  ///
  /// The child is still ours to reap: a long-running caller (the daemon) must `reap` it once it
  /// ended, or it stays a zombie. A short-lived bingwall exits first and init adopts it.
  static func spawn(
    executable: String, arguments: [String], environment: [String: String], errorLog: String? = nil
  ) throws(ProcessError) -> pid_t {
    let program = executable
    guard program.hasPrefix("/"), !arguments.isEmpty else { throw .notFound(program: program) }
    let invalid =
      program.utf8.contains(0) || arguments.contains { $0.utf8.contains(0) }
      || environment.contains {
        $0.key.isEmpty || $0.key.contains("=") || "\($0.key)\($0.value)".utf8.contains(0)
      }
    if invalid { throw .spawnFailed(program: program, errno: EINVAL) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    // The log is opened here, not by a file action: a failed action's errno would read as "program
    // not found". One we cannot open (a root-owned leftover, a link) leaves stderr on /dev/null.
    let log = errorLog.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600) } ?? -1
    defer { if log >= 0 { close(log) } }
    if log >= 0 {
      posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    if let addCloseFrom = LateBoundLibc.addCloseFrom { _ = addCloseFrom(&actions, STDERR_FILENO + 1) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    let common = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    var pid: pid_t = 0
    var result = EINVAL
    // A libc without SETSID rejects the flag with EINVAL; a new process group is the next best thing.
    for flags in [common | setsidFlag, common | Int32(POSIX_SPAWN_SETPGROUP)] where result == EINVAL {
      posix_spawnattr_setflags(&attributes, Int16(flags))
      posix_spawnattr_setpgroup(&attributes, 0)
      result = PosixProcessRunner.retryingBusy {
        posix_spawn(&pid, program, &actions, &attributes, argv, envp)
      }
    }
    switch result {
    case 0: return pid
    case ENOENT, EACCES, ENOTDIR: throw .notFound(program: program)
    default: throw .spawnFailed(program: program, errno: result)
    }
  }

  /// The exit status (128 + N for signal N) of a child of ours that has ended, reaping it; nil while
  /// it runs. A pid that is not our child gives -1 once it no longer exists.
  package static func exitStatus(of pid: pid_t) -> Int32? {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid { return PosixProcessRunner.status(fromWaitStatus: status) }
    if result == 0 { return nil }
    return kill(pid, 0) != 0 && errno == ESRCH ? -1 : nil
  }

  /// The argument vector of `pid` (`/proc/PID/cmdline`), empty when it is gone.
  package static func commandLine(of pid: pid_t) -> [String] {
    let bytes = readProcFile("/proc/\(pid)/cmdline")
    return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// A /proc file to its end: they claim a size of 0, so anything that trusts the size reads nothing.
  static func readProcFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in try? Syscall.read(fd, into: raw) }
      guard let count, count > 0 else { return bytes }
      bytes += buffer[..<count]
      // An argument vector is at most ARG_MAX (2 MiB by default); nothing we read is larger.
      if bytes.count >= 4 << 20 { return bytes }
    }
  }

  /// The program name the kernel shows for `pid` (`/proc/PID/comm`), or nil when it is gone.
  package static func commandName(of pid: pid_t) -> String? {
    let bytes = readProcFile("/proc/\(pid)/comm")
    guard !bytes.isEmpty else { return nil }
    var name = String(decoding: bytes, as: UTF8.self)
    while name.hasSuffix("\n") { name.removeLast() }
    return name
  }

}
