extension WallClock {
  /// The one poll loop: calls `check` until it gives a value, pausing `interval` between calls;
  /// nil once `timeout` has passed on the monotonic clock without one. `check`
  /// runs at least once, and an error it throws ends the poll at once.
  ///
  /// For conditions nothing can wake us for: a tool that saves its settings a moment after it
  /// exits, a process that shows up in /proc.
  package func poll<Value, Failure: Error>(
    timeout: Duration, every interval: Duration, _ check: () throws(Failure) -> Value?
  ) throws(Failure) -> Value? {
    let start = monotonicNow()
    while true {
      if let value = try check() { return value }
      let elapsed = start.duration(to: monotonicNow())
      if elapsed >= timeout { return nil }
      sleep(for: min(interval, timeout - elapsed))
    }
  }
}
