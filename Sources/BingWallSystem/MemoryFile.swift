import CLinux
import FoundationEssentials
import Glibc

/// Bytes as a file in memory, for a library that reads only files by name: an anonymous file
/// (memfd_create(2)) whose name is `/proc/self/fd/N`, sealed once written so that what is read is
/// what was written. Nothing on disk, no folder to write in, no name another process could swap.
/// Closed when the value goes.
package final class MemoryFile {
  private let descriptor: Int32

  /// The name that opens it again, in this process only.
  package var path: String { "/proc/self/fd/\(descriptor)" }

  /// `data` in a new memory file; `name` is what `/proc/self/fd` shows it as.
  package init(_ data: Data, name: String) throws(FileError) {
    let descriptor = bw_memfd_create(name)
    if descriptor < 0 {
      throw FileError.system(operation: "create a memory file for", path: name, errno: errno)
    }
    self.descriptor = descriptor
    let written = data.withUnsafeBytes { raw in
      Result { () throws(Errno) in try Syscall.writeAll(descriptor, raw) }
    }
    if case .failure(let error) = written {
      throw FileError.system(operation: "write", path: name, errno: error.code)
    }
    if bw_memfd_seal(descriptor) != 0 { throw FileError.system(operation: "seal", path: name, errno: errno) }
  }

  deinit { close(descriptor) }
}
