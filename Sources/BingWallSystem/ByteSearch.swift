import Glibc

/// Finding a byte in a long text many bytes at a time (memchr), for the readers of bodies from
/// the network: a loop over each byte costs a debug build a hundred times more, and a body may be
/// megabytes of text between two bytes that matter.
package enum ByteSearch {
  /// The index of the first `byte` in `bytes` at or after `start`, or `bytes.count`.
  static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
    guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// The same in an array.
  package static func index(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { index(of: byte, in: $0, from: start) }
  }
}
