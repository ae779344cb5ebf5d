import Glibc

/// Whole small files read with POSIX calls: config, state and autostart files.
package enum FileContents {
  /// The bytes of the regular file at `path`, or nil when there is no such file. At most
  /// `limit` bytes are read: these files are a few kilobytes, and a huge one is an error,
  /// not something to load.
  package static func read(_ path: String, limit: Int = 1 << 20) throws(FileError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileError.system(operation: "read", path: path, errno: errno)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileError.system(operation: "read", path: path, errno: errno)
    }
    guard (status.st_mode & S_IFMT) != S_IFDIR else {
      throw FileError.system(operation: "read", path: path, errno: EISDIR)
    }
    var bytes: [UInt8] = []
    try Syscall.readChunks(
      of: descriptor, chunkBytes: 16_384,
      readFailure: { FileError.system(operation: "read", path: path, errno: $0.code) }
    ) { (piece) throws(FileError) in
      bytes += piece
      if bytes.count > limit { throw FileError.system(operation: "read", path: path, errno: EFBIG) }
    }
    return bytes
  }
}
