import BingWallSystem
import FoundationEssentials
import Glibc

/// How every inspector gets at the bytes it checks, written once: a file opened read-only (a
/// folder refused at once: it opens fine for reading, and would fail only on the first read), or
/// bytes already in memory.
enum InspectedBytes {
  /// `body` given the open file at `path` and its size; the file is closed after.
  static func withFile<T>(
    at path: String, _ body: (_ descriptor: Int32, _ size: Int) throws(ImageCheckError) -> T
  ) throws(ImageCheckError) -> T {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { throw .unreadable(path: path, errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) != 0 { throw .unreadable(path: path, errno: errno) }
    if status.st_mode & S_IFMT == S_IFDIR { throw .unreadable(path: path, errno: EISDIR) }
    return try body(descriptor, Int(status.st_size))
  }

  /// `body` given the bytes of `data`, its typed error passed on.
  static func withBytes<T>(
    of data: Data, _ body: (UnsafeRawBufferPointer) throws(ImageCheckError) -> T
  ) throws(ImageCheckError) -> T {
    let result: Result<T, ImageCheckError> = data.withUnsafeBytes { bytes in
      Result { () throws(ImageCheckError) in try body(bytes) }
    }
    return try result.get()
  }
}
