import CLinux
import Glibc
import Synchronization

/// A way for another thread to stop a child that `ProcessRunner.run` is running, and to wait
/// until it is gone: how the daemon ends its update child when it is told to stop.
///
/// Two pipes, so neither side polls: the runner watches `wakeDescriptor` next to the child's
/// pipes and treats a request as an early timeout (SIGTERM to the child's group, SIGKILL after
/// the runner's grace); whoever called `run` calls `markEnded()` once it returned, which is what
/// `waitUntilEnded` waits for. Equal only to itself.
package final class ProcessStop: Sendable, Equatable {
  private let requested = Mutex(false)
  private let wake: (read: Int32, write: Int32)
  private let endedRead: Int32
  private let endedWrite: Mutex<Int32>

  package init() {
    wake = Self.pipe()
    let ended = Self.pipe()
    endedRead = ended.read
    endedWrite = Mutex(ended.write)
  }

  deinit {
    for fd in [wake.read, wake.write, endedRead] where fd >= 0 { close(fd) }
    endedWrite.withLock { if $0 >= 0 { close($0) } }
  }

  package static func == (left: ProcessStop, right: ProcessStop) -> Bool { left === right }

  /// Asks the runner to end the child; harmless when it already ended, and when asked twice.
  package func request() {
    let first = requested.withLock { wasRequested in
      defer { wasRequested = true }
      return !wasRequested
    }
    guard first, wake.write >= 0 else { return }
    let byte: UInt8 = 1
    withUnsafeBytes(of: byte) { _ = try? Syscall.writeAll(wake.write, $0) }
  }

  var isRequested: Bool { requested.withLock { $0 } }

  /// Readable once a stop was requested: the runner polls it with the child's pipes.
  var wakeDescriptor: Int32 { wake.read }

  /// The child was reaped (`run` returned): wakes `waitUntilEnded`.
  package func markEnded() {
    endedWrite.withLock { fd in
      if fd >= 0 { close(fd) }
      fd = -1
    }
  }

  /// Waits until `markEnded()` (true) or for `limit` (false).
  package func waitUntilEnded(within limit: Duration) -> Bool {
    guard endedRead >= 0 else { return true }
    var watched = [pollfd(fd: endedRead, events: Int16(POLLIN), revents: 0)]
    let end = SystemClock.monotonicSeconds() + max(0, limit.seconds)
    while true {
      let left = end - SystemClock.monotonicSeconds()
      if left <= 0 { return false }
      do throws(Errno) {
        let ready = try Syscall.poll(&watched, milliseconds: Int32(min(left, 60) * 1000) + 1)
        if let ready, ready > 0 { return true }  // POLLHUP: the write end was closed.
      } catch {
        return false
      }
    }
  }

  /// A close-on-exec pipe; (-1, -1) when none can be made (the stop then only sets the flag,
  /// which the runner also reads between polls).
  private static func pipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard bw_pipe_cloexec(&ends) == 0 else { return (-1, -1) }
    return (ends[0], ends[1])
  }
}
