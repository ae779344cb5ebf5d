import BingWallSystem
import CLinux
import FoundationEssentials
import Glibc

/// Sleeps until a wall-clock instant, a signal or a session event: one CLOCK_REALTIME timerfd,
/// one signalfd and, when there is a system bus, its socket; no polling.
///
/// The timer is armed with TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, so it fires on time
/// after a suspend (the real-time clock keeps counting) and wakes at once, with ECANCELED,
/// when the clock is stepped: the daemon then recomputes its deadlines.
package final class DaemonWaiter: DaemonWaiting {
  private let timer: Int32
  private let signals: Int32
  /// The system bus's signals (NetworkManager, UPower, logind), when there is one.
  private let session: (any SessionEventSource)?

  /// Blocks SIGTERM, SIGINT, SIGHUP and SIGUSR1 for the process; they arrive through `wait`, as
  /// do `session`'s events.
  package init(session: (any SessionEventSource)? = nil) throws(FileError) {
    self.session = session
    signals = bw_signalfd_daemon()
    if signals < 0 { throw FileError.system(operation: "watch signals with", path: "signalfd", errno: errno) }
    timer = bw_timerfd_create()
    if timer < 0 {
      close(signals)
      throw FileError.system(operation: "create a timer with", path: "timerfd", errno: errno)
    }
  }

  deinit {
    close(timer)
    close(signals)
  }

  /// Runs one step (an update, a rotation) on another thread while still listening for
  /// signals, so SIGTERM is answered at once even when a server or a tool hangs. Returns nil
  /// when the step finished; SIGTERM or SIGINT return at once (the caller exits: every step is
  /// safe to abandon, downloads are unnamed files and history writes are transactions); other
  /// signals are collected in `deferred` and the step is awaited.
  package func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32? {
    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else {
      step()
      return nil
    }
    _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
    let done = pipe[1]
    let started = BackgroundThread.start(stackSize: 8 << 20) {
      step()
      // After a SIGTERM the caller has returned and closed the read end: this write then fails
      // with EPIPE, and an unblocked SIGPIPE would kill the daemon (status 13) in the moment
      // before it exits cleanly. Blocked on this thread only, it stays pending here, unheeded.
      var sigpipe = sigset_t()
      sigemptyset(&sigpipe)
      sigaddset(&sigpipe, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &sigpipe, nil)
      var byte: UInt8 = 1
      _ = Glibc.write(done, &byte, 1)
      close(done)
    }
    if !started {
      close(pipe[0])
      close(done)
      step()
      return nil
    }
    defer { close(pipe[0]) }
    var fds = [
      pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
      pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0),
    ]
    while true {
      guard (try? Syscall.retryingInterrupts({ poll(&fds, 2, -1) })) != nil else { return nil }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let number = Int32(bw_signalfd_read(signals))
        if number == SIGTERM || number == SIGINT { return number }
        if number > 0 { deferred.append(number) }
      }
      if fds[1].revents & Int16(POLLIN) != 0 { return nil }
    }
  }

  /// Waits for `deadline` (nil: only for a signal).
  package func wait(until deadline: Date?) -> DaemonWake {
    if let deadline {
      let seconds = deadline.timeIntervalSince1970.rounded(.down)
      let nanoseconds = Int((deadline.timeIntervalSince1970 - seconds) * 1_000_000_000)
      // An instant in the past fires at once; 0 would disarm the timer, so never pass it.
      _ = bw_timerfd_arm(timer, max(1, Int64(seconds)), nanoseconds)
    } else {
      _ = bw_timerfd_arm(timer, 0, 0)
    }
    while true {
      // Built anew each round: the session's socket, and what it waits for, change as it reads
      // (-1 while the bus is away, which poll skips).
      var fds = [
        pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
        pollfd(fd: session?.descriptor ?? -1, events: session?.pollEvents ?? 0, revents: 0),
      ]
      // 0 while the session has messages queued: the signals and the timer are looked at
      // between every bounded batch of them, so a flood never holds SIGTERM back.
      let timeout = session?.pollTimeout ?? -1
      guard let ready = try? Syscall.retryingInterrupts({ poll(&fds, nfds_t(fds.count), timeout) }) else {
        return .clockChanged  // recompute and wait again rather than spin on an error
      }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let number = bw_signalfd_read(signals)
        if number > 0 { return .signal(Int32(number)) }
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        var expirations: UInt64 = 0
        let count = read(timer, &expirations, 8)
        if count < 0 && errno == ECANCELED { return .clockChanged }
        return .deadline
      }
      if let session, ready == 0 || fds[2].revents != 0 {
        // A signal of no note (another property changed) is read and slept on again.
        let events = session.events()
        if !events.isEmpty { return .session(events) }
      }
    }
  }
}
