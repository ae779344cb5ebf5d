import FoundationEssentials
import Glibc
import Synchronization

/// Where text goes: the process's stdout or stderr, or a buffer in tests.
package protocol TextOutput: Sendable {
  func write(_ text: String)
  /// Push anything buffered to its destination.
  func flush()
}

/// Writes to a file descriptor, buffering until a newline or `flush()`.
package final class FileDescriptorOutput: TextOutput {
  private let fileDescriptor: Int32
  private let pending = Mutex<[UInt8]>([])
  private let failure = Mutex<Int32?>(nil)

  /// The errno of the first failed write other than EPIPE: output was lost (a full disk).
  package var writeError: Int32? { failure.withLock { $0 } }

  package init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  package func write(_ text: String) {
    pending.withLock { $0.append(contentsOf: Array(text.utf8)) }
    if text.contains("\n") { flush() }
  }

  package func flush() {
    let bytes = pending.withLock { buffer -> [UInt8] in
      defer { buffer.removeAll(keepingCapacity: true) }
      return buffer
    }
    let written = bytes.withUnsafeBytes { raw in
      Result { () throws(Errno) in try Syscall.writeAll(fileDescriptor, raw) }
    }
    // A closed pipe (EPIPE) is not worth reporting: the reader left on purpose.
    if case .failure(let error) = written, error.code != EPIPE {
      failure.withLock { $0 = $0 ?? error.code }
    }
  }

  deinit { flush() }
}
