import BingWallSystem
import CLinux
import FoundationEssentials
import Glibc

/// Sleeps until a wall-clock instant, a signal or a session event: one CLOCK_REALTIME timerfd,
/// one signalfd and the sockets of its event sources (the system bus's, the session bus's for
/// the panel menu and notifications); no polling.
///
/// The timer is armed with TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, so it fires on time
/// after a suspend (the real-time clock keeps counting) and wakes at once, with ECANCELED,
/// when the clock is stepped: the daemon then recomputes its deadlines.
package final class DaemonWaiter: DaemonWaiting {
  private let timer: Int32
  private let signals: Int32
  /// The system bus's signals (NetworkManager, UPower, logind) and the desktop's requests.
  private let sources: [any SessionEventSource]
  /// What the sources said while a step ran, for the next `wait`: the menu is answered while an
  /// update runs, and what the user clicked then is done after it.
  private var held: [SessionEvent] = []

  /// Blocks SIGTERM, SIGINT, SIGHUP and SIGUSR1 for the process; they arrive through `wait`, as
  /// do the sources' events.
  package init(sources: [any SessionEventSource] = []) throws(FileError) {
    self.sources = sources
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
      let byte: UInt8 = 1
      withUnsafeBytes(of: byte) { _ = try? Syscall.writeAll(done, $0) }
      close(done)
    }
    if !started {
      close(pipe[0])
      close(done)
      step()
      return nil
    }
    defer { close(pipe[0]) }
    while true {
      var fds =
        [
          pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
          pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0),
        ] + sourceDescriptors()
      guard (try? Syscall.retryingInterrupts({ poll(&fds, nfds_t(fds.count), sourceTimeout) })) != nil else {
        return nil
      }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let number = Int32(bw_signalfd_read(signals))
        if number == SIGTERM || number == SIGINT { return number }
        if number > 0 { deferred.append(number) }
      }
      held += sourceEvents(fds.dropFirst(2))
      if fds[1].revents & Int16(POLLIN) != 0 { return nil }
    }
  }

  /// Each source's socket and what it waits for (-1 while it has none, which poll skips).
  private func sourceDescriptors() -> [pollfd] {
    sources.map { pollfd(fd: $0.descriptor, events: $0.pollEvents, revents: 0) }
  }

  /// The soonest a source asks to be called again: 0 while one has messages queued (the signals
  /// and the timer are looked at between every bounded batch, so a flood never holds SIGTERM
  /// back), its retry while its bus is away, else no limit.
  private var sourceTimeout: Int32 {
    sources.map(\.pollTimeout).filter { $0 >= 0 }.min() ?? -1
  }

  /// What the sources that woke, or that asked for a time, say.
  private func sourceEvents(_ fds: ArraySlice<pollfd>) -> [SessionEvent] {
    var events: [SessionEvent] = []
    for (source, fd) in zip(sources, fds) where fd.revents != 0 || source.pollTimeout >= 0 {
      events += source.events()
    }
    return events
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
    if !held.isEmpty {
      defer { held = [] }
      return .session(held)
    }
    while true {
      // Built anew each round: a source's socket, and what it waits for, change as it reads.
      var fds =
        [
          pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
          pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
        ] + sourceDescriptors()
      guard (try? Syscall.retryingInterrupts({ poll(&fds, nfds_t(fds.count), sourceTimeout) })) != nil else {
        return .clockChanged  // recompute and wait again rather than spin on an error
      }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let number = bw_signalfd_read(signals)
        if number > 0 { return .signal(Int32(number)) }
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        // The count of expirations, 8 bytes; ECANCELED when the wall clock was set.
        var expirations = [UInt8](repeating: 0, count: 8)
        let read = expirations.withUnsafeMutableBytes { raw in
          Result { () throws(Errno) in try Syscall.read(timer, into: raw) }
        }
        if case .failure(let error) = read, error.code == ECANCELED { return .clockChanged }
        return .deadline
      }
      // A signal of no note (another property changed) is read and slept on again.
      let events = sourceEvents(fds.dropFirst(2))
      if !events.isEmpty { return .session(events) }
    }
  }
}
