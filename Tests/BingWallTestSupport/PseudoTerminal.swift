import Foundation
import Glibc

@testable import BingWallSystem

/// A program run on a pseudo-terminal, as from a user's shell: stdin, stdout and stderr are the
/// terminal, which is the program's controlling terminal, so a typed Ctrl-C reaches it as SIGINT
/// from the line discipline, exactly as a user's would. Everything it wrote is kept, escapes and
/// carriage returns included.
package final class PseudoTerminal {
  package let pid: pid_t
  private let master: Int32
  private var bytes: [UInt8] = []
  private var ended = false

  /// Starts `executable` with `arguments` (argv after the program's name) and exactly
  /// `environment`, on a terminal `columns` wide.
  package init(executable: String, arguments: [String], environment: [String: String], columns: Int = 80)
    throws
  {
    // posix_openpt, unlockpt and ptsname are hidden from Swift behind _XOPEN_SOURCE; on Linux
    // they are these: open /dev/ptmx, clear the lock, ask the number (grantpt does nothing on
    // devpts).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw SystemCallError("open /dev/ptmx") }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
      let error = SystemCallError("ioctl /dev/ptmx")
      close(master)
      throw error
    }
    let name = "/dev/pts/\(number)"
    var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid and without O_NOCTTY: the terminal becomes the child's controlling one.
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    let flags = DetachedProcess.setsidFlag | Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      close(master)
      throw SystemCallError("posix_spawn \(executable)", errno: result)
    }
    self.pid = pid
  }

  /// TIOCSPTLCK and TIOCGPTN, `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)`: macros
  /// Swift does not import.
  static let setLock: UInt = 0x4004_5431
  static let getNumber: UInt = 0x8004_5430

  deinit {
    if !ended {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// Everything the program wrote so far, as the terminal received it (newlines as CR LF).
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Reads until the output contains `expected`, the program closes the terminal, or `limit`
  /// seconds pass (a bound against a hang, not a timing assertion); whether it appeared.
  @discardableResult
  package func read(until expected: String, limit: Double) -> Bool {
    read(until: { $0.contains(expected) }, limit: limit)
  }

  /// Reads until `done` holds for the output, the program closes the terminal, or `limit`
  /// seconds pass; whether it holds.
  @discardableResult
  package func read(until done: (String) -> Bool, limit: Double) -> Bool {
    let end = Date().addingTimeInterval(limit)
    while !done(text), end.timeIntervalSinceNow > 0 {
      if readSome(milliseconds: 200) == .closed { break }
    }
    return done(text)
  }

  /// Types `keys` on the terminal: "\u{03}" is Ctrl-C.
  package func type(_ keys: String) {
    let data = Array(keys.utf8)
    _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads until the program closes the terminal, then reaps it: its exit status, or the signal
  /// that ended it. Killed (and reported as SIGKILL) when it outlives `limit` seconds.
  package func finish(limit: Double) -> (status: Int32?, signal: Int32?) {
    let end = Date().addingTimeInterval(limit)
    while end.timeIntervalSinceNow > 0, readSome(milliseconds: 200) != .closed {}
    var status: Int32 = 0
    var reaped = waitpid(pid, &status, WNOHANG) == pid
    while !reaped, end.timeIntervalSinceNow > 0 {
      usleep(20_000)
      reaped = waitpid(pid, &status, WNOHANG) == pid
    }
    if !reaped {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
    }
    ended = true
    let signal = status & 0x7f
    return signal == 0 ? ((status >> 8) & 0xff, nil) : (nil, signal)
  }

  private enum Read { case data, nothing, closed }

  /// Reads what comes within `milliseconds`: `.closed` once no process has the terminal open
  /// any more (EIO on Linux).
  private func readSome(milliseconds: Int32) -> Read {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return .nothing }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = Glibc.read(master, &buffer, buffer.count)
    guard count > 0 else { return .closed }
    bytes += buffer[0..<count]
    return .data
  }
}
