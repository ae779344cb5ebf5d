import Foundation

@testable import BingWallSystem

/// The one way a test puts a file on disk that something will run: a stub tool, a fake editor, a
/// hook, a setter, a `#!/bin/sh` script of any kind.
///
/// A child forked by another test while a script is open for writing keeps that write descriptor
/// until it execs or exits, and meanwhile every `execve` of the script fails with ETXTBSY ("Text
/// file busy"). So the bytes go to a temporary name beside `path` through a close-on-exec
/// descriptor, closed before the rename to `path`: no child keeps it past its own exec, and no
/// one runs it half written.
package enum ExecutableScript {
  /// Writes `text` to `path` with exactly `mode` (`fchmod`, which no umask narrows), replacing
  /// what was there. Any mode will do: a suite's one file writer sends its other files here too.
  package static func write(_ text: String, to path: String, mode: mode_t = 0o755) throws {
    let temporary = "\(path).\(UUID().uuidString).partial"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError("open \(temporary)") }
    var closed = false
    var renamed = false
    defer {
      if !closed { close(descriptor) }
      if !renamed { unlink(temporary) }
    }
    let failure: Errno? = Array(text.utf8).withUnsafeBytes { bytes in
      do throws(Errno) {
        try Syscall.writeAll(descriptor, bytes)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw SystemCallError("write \(temporary)", errno: failure.code) }
    guard fchmod(descriptor, mode) == 0 else { throw SystemCallError("fchmod \(temporary)") }
    closed = true
    guard close(descriptor) == 0 else { throw SystemCallError("close \(temporary)") }
    guard rename(temporary, path) == 0 else { throw SystemCallError("rename \(temporary) to \(path)") }
    renamed = true
  }
}
