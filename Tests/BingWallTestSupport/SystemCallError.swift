import Foundation

@testable import BingWallSystem

/// A failed system call in test support code, with the `errno` that explains it.
struct SystemCallError: Error, CustomStringConvertible {
  /// The call and its argument, e.g. `bind 127.0.0.1:0`.
  let operation: String
  let errno: Int32

  /// Captures the current `errno` for `operation`.
  init(_ operation: String, errno: Int32 = Foundation.errno) {
    self.operation = operation
    self.errno = errno
  }

  var description: String { "\(operation) failed: \(String(cString: strerror(errno)))" }
}
