import CLinux
import FoundationEssentials
import Glibc

/// An exclusive `flock(2)` on a lock file, holding our pid for whoever finds it taken.
///
/// Never the SQLite file itself (SQLite's own locks live there). Opened with O_CLOEXEC so a
/// child such as swaybg cannot inherit — and keep — the lock.
package final class FileLock {
  package let path: String
  private var fileDescriptor: Int32

  /// Takes the lock, or returns nil when another process holds it and `wait` is false.
  /// `recordPID` false only probes: the pid of whoever held it last stays in the file.
  package init?(path: String, wait: Bool, recordPID: Bool = true) throws(FileError) {
    self.path = path
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if fd < 0 { throw FileError.system(operation: "open lock", path: path, errno: errno) }
    do throws(Errno) {
      _ = try Syscall.retryingInterrupts { bw_flock_exclusive(fd, wait ? 1 : 0) }
    } catch {
      close(fd)
      if error.code == EWOULDBLOCK { return nil }
      throw FileError.system(operation: "lock", path: path, errno: error.code)
    }
    fileDescriptor = fd
    guard recordPID else { return }
    let pid = "\(getpid())\n"
    _ = ftruncate(fd, 0)
    // Freshly opened, so the write lands at offset 0 of the emptied file.
    _ = Array(pid.utf8).withUnsafeBytes { try? Syscall.writeAll(fd, $0) }
  }

  /// The pid written by the process holding (or last holding) the lock at `path`.
  package static func holder(of path: String) -> Int32? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return Int32(text.trimmed())
  }

  package func release() {
    guard fileDescriptor >= 0 else { return }
    _ = bw_flock_unlock(fileDescriptor)
    close(fileDescriptor)
    fileDescriptor = -1
  }

  deinit { release() }
}
