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

  /// Where an inspector's reader reads: an open file, or bytes in memory.
  enum Backing {
    case file(Int32)
    case memory(UnsafeRawBufferPointer)
  }

  /// `walk` given a reader of the file at `path`; the file is closed after.
  static func inspect<Reader: InspectedReader, Info>(
    fileAt path: String, _ walk: (inout Reader) throws(ImageCheckError) -> Info
  ) throws(ImageCheckError) -> Info {
    try withFile(at: path) { (descriptor, size) throws(ImageCheckError) in
      var reader = Reader(backing: .file(descriptor), count: size, path: path)
      return try walk(&reader)
    }
  }

  /// `walk` given a reader of `bytes`; `path` is the name the errors use (a file or a URL).
  static func inspect<Reader: InspectedReader, Info>(
    _ bytes: UnsafeRawBufferPointer, path: String, _ walk: (inout Reader) throws(ImageCheckError) -> Info
  ) throws(ImageCheckError) -> Info {
    var reader = Reader(backing: .memory(bytes), count: bytes.count, path: path)
    return try walk(&reader)
  }
}

/// What an inspector walks the bytes with: JPEG's a window at a time, PNG's a chunk at a time.
protocol InspectedReader {
  init(backing: InspectedBytes.Backing, count: Int, path: String)
}
