import BingWallSystem
import FoundationEssentials

/// How the daemon loop sleeps and runs its steps: `DaemonWaiter` (a timerfd and a signalfd) in
/// the process, a scripted double on a test clock.
package protocol DaemonWaiting {
  /// Runs `step` while still answering signals: returns SIGTERM or SIGINT at once when one
  /// arrives (the step is abandoned), nil when the step finished; other signals are collected
  /// in `deferred`.
  func run(_ step: @escaping @Sendable () -> Void, deferred: inout [Int32]) -> Int32?
  /// Sleeps until `deadline` (nil: until a signal).
  func wait(until deadline: Date?) -> DaemonWake
}

/// Why `DaemonWaiting.wait` returned.
package enum DaemonWake: Equatable, Sendable {
  case deadline
  case clockChanged
  case signal(Int32)
  /// The session changed (the network came back, the machine woke); never empty.
  case session([SessionEvent])
}
