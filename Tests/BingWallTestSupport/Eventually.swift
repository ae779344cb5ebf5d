import Foundation

/// Polls `check` until it is true or `seconds` pass; its last answer. For what another process
/// does a moment later (a daemon's log line, a desktop drawing), later still on a loaded
/// machine: tests wait for it instead of sleeping a fixed time, and assert no duration.
package func eventually(within seconds: Double = 15, _ check: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  repeat {
    if try check() { return true }
    Thread.sleep(forTimeInterval: 0.05)
  } while Date() < deadline
  return try check()
}
