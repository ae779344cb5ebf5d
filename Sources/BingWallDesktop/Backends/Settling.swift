import Glibc

/// Waits for a condition a tool meets a moment after it exits (pcmanfm's running instance saves its
/// settings only after the second one has handed over the picture and gone).
enum Settling {
  /// Calls `check` until it gives a value; nil once `seconds` have passed without one.
  static func poll<T>(seconds: Double, _ check: () -> T?) -> T? {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while true {
      if let value = check() { return value }
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 > seconds {
        return nil
      }
      usleep(50_000)
    }
  }
}
