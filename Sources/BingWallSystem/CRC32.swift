/// CRC-32 as PNG, zlib and gzip compute it (ISO 3309, ITU-T V.42: the reflected polynomial
/// `0xEDB88320`, started at all ones and inverted at the end), a byte at a time from a table.
///
/// A checksum against transfer damage, never a defence against forgery: anyone who changes the
/// bytes can compute it again. https://www.w3.org/TR/png-3/#D-CRCAppendix
package struct CRC32: Sendable {
  /// The remainder of each byte value, computed once.
  private static let table: [UInt32] = (0..<256).map { byte in
    var value = UInt32(byte)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private var register: UInt32 = 0xFFFF_FFFF

  package init() {}

  /// Adds `bytes` to the checksum.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = register
    Self.table.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    register = crc
  }

  /// Adds `bytes` to the checksum.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { register = Self.table[Int((register ^ UInt32(byte)) & 0xFF)] ^ (register >> 8) }
  }

  /// The checksum of everything added so far.
  package var value: UInt32 { register ^ 0xFFFF_FFFF }

  /// The checksum of `bytes` alone.
  package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}
