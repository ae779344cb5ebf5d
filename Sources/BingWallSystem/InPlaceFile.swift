import FoundationEssentials
import Glibc

/// Rewrites a file where it stands: for a file a sandbox lets a process write without its folder.
///
/// systemd's `ReadWritePaths=` naming a file makes that one file writable by bind-mounting it
/// over itself, its folder staying read-only: `AtomicFile`'s temporary file cannot be made beside
/// it, and no rename may replace a mount point (`EBUSY`). So the file is opened as it is (never
/// through a symbolic link, never a FIFO or device), the whole content written from its start,
/// the rest cut off, and synced.
///
/// Not atomic: a crash between the write and the truncation leaves the new text followed by the
/// old one's tail. The callers bound that: they write only when the text changed, and a greeter's
/// config changes by one line that keeps its length from one picture to the next
/// (`MarkedSetting`), so only the first `set` and `unset` ever change a file's length.
package enum InPlaceFile {
  /// Writes `data` over the file at `path`, created when missing (which needs its folder
  /// writable), and gives it `mode`, as `AtomicFile` does.
  package static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws(FileError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, mode)
    if descriptor < 0 { throw FileError.system(operation: "open", path: path, errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) != 0 { throw FileError.system(operation: "open", path: path, errno: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FileError.system(operation: "write", path: path, errno: EINVAL)
    }
    fchmod(descriptor, mode)
    let written = data.withUnsafeBytes { raw in
      Result { () throws(Errno) in try Syscall.writeAll(descriptor, raw) }
    }
    if case .failure(let error) = written {
      throw FileError.system(operation: "write", path: path, errno: error.code)
    }
    if ftruncate(descriptor, off_t(data.count)) != 0 {
      throw FileError.system(operation: "truncate", path: path, errno: errno)
    }
    if fsync(descriptor) != 0 { throw FileError.system(operation: "sync", path: path, errno: errno) }
  }
}
