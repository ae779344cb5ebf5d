import Glibc

/// A file in a folder someone else controls, opened so that it cannot be made to stand for
/// another: never through a symbolic link (`O_NOFOLLOW`), never waiting on a FIFO or a device
/// (`O_NONBLOCK`, then `fstat` for a regular file), and never read past a limit.
package enum UntrustedFile {
  /// Why the file was not read.
  package enum Refusal: Error, Equatable, Sendable {
    case missing
    case symbolicLink
    /// A FIFO, a device, a socket or a folder.
    case notRegularFile
    case tooLarge(limit: Int)
    case unreadable(errno: Int32)

    /// What is wrong, in words that follow the file's name: `… is a symbolic link`.
    package var reason: String {
      switch self {
      case .missing: return "does not exist"
      case .symbolicLink: return "is a symbolic link, not a file"
      case .notRegularFile: return "is not a regular file (a FIFO, a device or a folder)"
      case .tooLarge(let limit): return "is larger than \(limit >> 20) MB"
      case .unreadable(let errno): return "cannot be read: \(String(cString: strerror(errno)))"
      }
    }
  }

  /// Opens `path` and checks it is a regular file of at most `limit` bytes; returns the open
  /// descriptor (close it) and its size.
  package static func open(_ path: String, limit: Int) throws(Refusal) -> (descriptor: Int32, size: Int) {
    let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    if descriptor < 0 {
      switch errno {
      case ENOENT, ENOTDIR: throw .missing
      case ELOOP: throw .symbolicLink
      default: throw .unreadable(errno: errno)
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw .unreadable(errno: code)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegularFile
    }
    guard status.st_size <= limit else {
      close(descriptor)
      throw .tooLarge(limit: limit)
    }
    return (descriptor, Int(status.st_size))
  }

  /// Checks `path` as `open` does, and closes it: for a file another library then opens by name.
  package static func check(_ path: String, limit: Int) throws(Refusal) {
    close(try open(path, limit: limit).descriptor)
  }

  /// The bytes of `path`, at most `limit`: a file that grows past it while read is refused too.
  package static func read(_ path: String, limit: Int) throws(Refusal) -> [UInt8] {
    let (descriptor, size) = try open(path, limit: limit)
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    let read = bytes.withUnsafeMutableBytes { buffer in
      Result { () throws(Errno) in try Syscall.readFully(descriptor, into: buffer) }
    }
    let count: Int
    switch read {
    case .success(let got): count = got
    case .failure(let error): throw .unreadable(errno: error.code)
    }
    if count > limit { throw .tooLarge(limit: limit) }
    // A file that grew while read gives one byte more than its size, no more.
    return Array(bytes[..<count])
  }
}
