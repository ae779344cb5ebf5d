import Glibc

/// The `errno` a system call failed with.
package struct Errno: Error, Equatable, Sendable {
  package var code: Int32

  package init(_ code: Int32) { self.code = code }

  /// `strerror`'s text for the code.
  package var text: String { String(cString: strerror(code)) }
}

/// System calls that a signal can interrupt, made safe against it: the one place a call that
/// failed with `EINTR` is made again, and short reads and writes are carried on, as swift-nio's
/// `NIOPosix/System.swift` does with its `syscall(blocking:)` wrapper.
///
/// Every call returns what the system call returned, or throws its `Errno`; callers turn that
/// into their own error, naming the file.
package enum Syscall {
  /// `call` made again for as long as it fails with `EINTR`; its result when it does not fail
  /// (`-1` is failure, as for every call here).
  @inline(__always)
  package static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) throws(Errno) -> T {
    while true {
      let result = call()
      if result != -1 { return result }
      if errno != EINTR { throw Errno(errno) }
    }
  }

  /// One `read(2)` into `buffer`: the count read, 0 at the end of the file.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno)
    -> Int
  {
    try retryingInterrupts { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// Reads until `buffer` is full or the file ends at `offset` (`pread(2)`, the descriptor's
  /// own offset left alone); the count read.
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  ) throws(Errno) -> Int {
    var filled = 0
    while filled < buffer.count {
      let count = try retryingInterrupts {
        pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
      }
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Up to `count` bytes from `offset` (`pread(2)`, looped as above): fewer only where the file
  /// ends.
  package static func read(_ descriptor: Int32, upTo count: Int, at offset: Int) throws(Errno) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let filled = try bytes.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in try read(descriptor, into: raw, at: offset) }
    }.get()
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Reads until `buffer` is full or the file ends; the count read.
  static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno)
    -> Int
  {
    var filled = 0
    while filled < buffer.count {
      let count = try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// One `write(2)` of `bytes`: the count written, which may be short (a non-blocking pipe that
  /// is nearly full); for a caller that polls and writes the rest later.
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try retryingInterrupts { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
  }

  /// Writes all of `bytes`, carrying on after short writes. A write of nothing for a non-empty
  /// buffer (only odd devices do that) is `EIO`, not a loop that never ends.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = try retryingInterrupts { Glibc.write(descriptor, base + offset, bytes.count - offset) }
      if written == 0 { throw Errno(EIO) }
      offset += written
    }
  }

  /// Reads `descriptor` to its end in chunks of at most `chunkBytes`, each handed to `body`
  /// (valid only during the call); a failed read becomes `readFailure`'s error.
  package static func readChunks<E: Error>(
    of descriptor: Int32, chunkBytes: Int, readFailure: (Errno) -> E,
    _ body: (UnsafeRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkBytes, alignment: 64)
    defer { chunk.deallocate() }
    while true {
      let count: Int
      do throws(Errno) {
        count = try read(descriptor, into: chunk)
      } catch {
        throw readFailure(error)
      }
      if count == 0 { return }
      try body(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
    }
  }

  /// Copies `source` from its offset to its end into `target`; `observe` sees each chunk before
  /// it is written and may refuse it. A failed read or write becomes the matching error.
  package static func copy<E: Error>(
    from source: Int32, to target: Int32, chunkBytes: Int = 1 << 20, readFailure: (Errno) -> E,
    writeFailure: (Errno) -> E, observe: (UnsafeRawBufferPointer) throws(E) -> Void = { _ in }
  ) throws(E) {
    try readChunks(of: source, chunkBytes: chunkBytes, readFailure: readFailure) { (piece) throws(E) in
      try observe(piece)
      do throws(Errno) {
        try writeAll(target, piece)
      } catch {
        throw writeFailure(error)
      }
    }
  }

  /// One `poll(2)` of `fds` for up to `milliseconds`: the count of ready descriptors, or nil when
  /// a signal interrupted it, for the caller to work out what is left of its time and poll again.
  package static func poll(_ fds: inout [pollfd], milliseconds: Int32) throws(Errno) -> Int32? {
    let ready = Glibc.poll(&fds, nfds_t(fds.count), milliseconds)
    if ready >= 0 { return ready }
    if errno == EINTR { return nil }
    throw Errno(errno)
  }

  /// Sleeps the whole `request`, going back to sleep for what is left after a signal.
  package static func sleep(_ request: timespec) {
    var request = request
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
