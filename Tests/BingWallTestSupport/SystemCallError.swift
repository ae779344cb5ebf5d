import Foundation

@testable import BingWallSystem

/// A failed system call in test support code, with the `errno` that explains it.
package struct SystemCallError: Error, CustomStringConvertible {
  /// The call and its argument, e.g. `bind 127.0.0.1:0`.
  package let operation: String
  package let errno: Int32

  /// Captures the current `errno` for `operation`.
  package init(_ operation: String, errno: Int32 = Foundation.errno) {
    self.operation = operation
    self.errno = errno
  }

  package var description: String { "\(operation) failed: \(String(cString: strerror(errno)))" }
}
