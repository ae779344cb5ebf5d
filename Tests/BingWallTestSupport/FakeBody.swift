import Foundation

/// A response body, generated piece by piece so that large ones never sit in memory.
package enum FakeBody: Sendable {
  /// These bytes.
  case data(Data)
  /// `count` copies of `byte`, made on the fly (for bodies of hundreds of megabytes).
  case repeating(byte: UInt8, count: Int)
  /// `count` bytes where the byte at offset `i` is `i % 251`, made on the fly. A prime period
  /// means a lost, repeated or reordered piece of any power-of-two size shows in the result.
  case sequence(count: Int)
  /// The contents of the file at this path, read as they are sent.
  case file(String)

  /// The byte at `offset` of a `.sequence` body, for checking what a client received.
  static func sequenceByte(at offset: Int) -> UInt8 {
    UInt8(offset % 251)
  }

  /// The first `length` bytes of a `.sequence` body.
  package static func sequencePattern(length: Int) -> [UInt8] {
    (0..<length).map { sequenceByte(at: $0) }
  }

  /// The length in bytes, or nil when a `.file` cannot be read.
  package var count: Int? {
    switch self {
    case .data(let data): return data.count
    case .repeating(_, let count), .sequence(let count): return count
    case .file(let path):
      var info = stat()
      return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
  }

  /// Calls `consume` with consecutive pieces of at most `pieceSize` bytes until the body ends
  /// or `consume` returns false; returns false when stopped early or the file failed.
  func forEachPiece(size pieceSize: Int, _ consume: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    let pieceSize = max(1, pieceSize)
    switch self {
    case .data(let data):
      return data.withUnsafeBytes { all in
        var offset = 0
        while offset < all.count {
          let end = min(offset + pieceSize, all.count)
          guard consume(UnsafeRawBufferPointer(rebasing: all[offset..<end])) else { return false }
          offset = end
        }
        return true
      }
    case .repeating(let byte, let count):
      let buffer = [UInt8](repeating: byte, count: min(pieceSize, count))
      return buffer.withUnsafeBytes { piece in
        var left = count
        while left > 0 {
          let length = min(left, piece.count)
          guard consume(UnsafeRawBufferPointer(rebasing: piece[0..<length])) else { return false }
          left -= length
        }
        return true
      }
    case .sequence(let count):
      // One period more than a piece, so every piece is a slice of it: no work per byte.
      let pattern = Self.sequencePattern(length: min(pieceSize, count) + 251)
      return pattern.withUnsafeBytes { pattern in
        var offset = 0
        while offset < count {
          let length = min(count - offset, pieceSize)
          let start = offset % 251
          guard consume(UnsafeRawBufferPointer(rebasing: pattern[start..<start + length])) else {
            return false
          }
          offset += length
        }
        return true
      }
    case .file(let path):
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: pieceSize)
      while true {
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, pieceSize) }
        if length < 0 && errno == EINTR { continue }
        guard length > 0 else { return length == 0 }
        let more = buffer.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
        guard more else { return false }
      }
    }
  }
}
