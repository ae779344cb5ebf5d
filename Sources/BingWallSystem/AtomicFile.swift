import FoundationEssentials
import Glibc

/// Replaces a file so that a crash at any moment leaves either the old or the new content.
///
/// Temp file in the same folder, write, fsync, rename over the target, fsync the folder.
package enum AtomicFile {
  /// Writes `data` to `path` atomically with the given mode.
  package static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws(FileError) {
    let folder = Paths.parent(of: path)
    let temporary = try TemporaryFile(in: folder.isEmpty ? "." : folder, mode: mode)
    defer { temporary.discard() }
    try temporary.write(data)
    try temporary.commit(to: path)
  }
}

/// A hidden file in a target folder that becomes a real file only through `commit`.
///
/// Until then `discard()` (and a crash) leaves nothing but an obviously temporary name.
package final class TemporaryFile {
  package let path: String
  let folder: String
  private(set) var fileDescriptor: Int32
  private var committed = false

  package init(in folder: String, mode: mode_t = 0o600, prefix: String = ".bingwall-") throws(FileError) {
    var template = Array((folder + "/" + prefix + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if fd < 0 { throw FileError.system(operation: "create a file in", path: folder, errno: errno) }
    // Not inherited by children we spawn (mkostemp is behind _GNU_SOURCE in Glibc's module).
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    self.fileDescriptor = fd
    self.folder = folder
    self.path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    fchmod(fd, mode)
  }

  /// Appends bytes, retrying short writes.
  package func write(_ data: Data) throws(FileError) {
    let failure = data.withUnsafeBytes { raw in
      Result { () throws(Errno) in try Syscall.writeAll(fileDescriptor, raw) }
    }
    if case .failure(let error) = failure {
      throw FileError.system(operation: "write", path: path, errno: error.code)
    }
  }

  /// fsync, rename onto `target`, fsync the folder. After this the file is `target`.
  package func commit(to target: String) throws(FileError) {
    if fsync(fileDescriptor) != 0 { throw FileError.system(operation: "sync", path: path, errno: errno) }
    close(fileDescriptor)
    fileDescriptor = -1
    if rename(path, target) != 0 {
      throw FileError.system(operation: "rename into", path: target, errno: errno)
    }
    committed = true
    try Self.syncFolder(folder)
  }

  /// Removes the file unless it was committed. Safe to call twice.
  package func discard() {
    if fileDescriptor >= 0 {
      close(fileDescriptor)
      fileDescriptor = -1
    }
    if !committed { unlink(path) }
    committed = true
  }

  /// Makes a rename or unlink in `folder` durable.
  package static func syncFolder(_ folder: String) throws(FileError) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd < 0 { throw FileError.system(operation: "open folder", path: folder, errno: errno) }
    defer { close(fd) }
    if fsync(fd) != 0 { throw FileError.system(operation: "sync folder", path: folder, errno: errno) }
  }

  deinit { discard() }
}
