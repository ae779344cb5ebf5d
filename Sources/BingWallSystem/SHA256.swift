import FoundationEssentials
import Glibc

/// A streaming SHA-256, so that stored pictures can be recognised by content.
///
/// libcrypto's where it can be loaded (`LibcryptoSHA256`), else our own (`PortableSHA256`):
/// both give the same digests. Feed it with `update` in pieces of any size, then `finalize`.
/// A value: a copy hashes on independently of the original.
package struct SHA256: Sendable {
  private var libcrypto: LibcryptoSHA256?
  private var portable: PortableSHA256

  /// How much `hash(fileAt:)` reads per `read(2)`: large enough that system calls cost nothing.
  private static let fileChunkSize = 1 << 20

  package init() {
    libcrypto = LibcryptoSHA256()
    portable = PortableSHA256()
  }

  /// Adds `bytes` to the message.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard libcrypto != nil else { return portable.update(bytes) }
    if !isKnownUniquelyReferenced(&libcrypto) { libcrypto = libcrypto?.copy() }
    libcrypto?.update(bytes)
  }

  mutating func update(_ data: Data) {
    data.withUnsafeBytes { update($0) }
  }

  /// The 32-byte digest of the message; the hasher then starts over, as if new.
  package mutating func finalize() -> [UInt8] {
    guard libcrypto != nil else { return portable.finalize() }
    if !isKnownUniquelyReferenced(&libcrypto) { libcrypto = libcrypto?.copy() }
    return libcrypto!.finalize()
  }

  /// The digest as lower-case hexadecimal, the form `sha256sum` prints and we store.
  package static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: digest.count * 2) { out in
      for (index, byte) in digest.enumerated() {
        out[index * 2] = digits[Int(byte >> 4)]
        out[index * 2 + 1] = digits[Int(byte & 0x0f)]
      }
      return digest.count * 2
    }
  }

  /// The lower-case hex digest of the file at `path`, read in 1 MiB chunks so any size fits in memory.
  package static func hash(fileAt path: String) throws(FileError) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { throw FileError.system(operation: "open", path: path, errno: errno) }
    defer { close(descriptor) }
    var hasher = SHA256()
    try Syscall.readChunks(
      of: descriptor, chunkBytes: fileChunkSize,
      readFailure: { FileError.system(operation: "read", path: path, errno: $0.code) }
    ) { (piece) throws(FileError) in hasher.update(piece) }
    return hex(hasher.finalize())
  }
}
