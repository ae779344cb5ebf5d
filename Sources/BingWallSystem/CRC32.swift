/// CRC-32 as PNG, zlib and gzip compute it (ISO 3309, ITU-T V.42: the reflected polynomial
/// `0xEDB88320`, started at all ones and inverted at the end), eight bytes at a time from eight
/// tables ("slicing by 8"): a 4 MB PNG's chunks are checked in a few milliseconds, not twenty.
///
/// A checksum against transfer damage, never a defence against forgery: anyone who changes the
/// bytes can compute it again. https://www.w3.org/TR/png-3/#D-CRCAppendix
package struct CRC32: Sendable {
  /// Table `k` (entries `256 * k ..< 256 * (k + 1)`) is the remainder of a byte followed by `k`
  /// zero bytes; table 0 is the classic byte-at-a-time table. Computed once.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var value = UInt32(byte)
      for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
      tables[byte] = value
    }
    for table in 1..<8 {
      for byte in 0..<256 {
        let previous = tables[256 * (table - 1) + byte]
        tables[256 * table + byte] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return tables
  }()

  private var register: UInt32 = 0xFFFF_FFFF

  package init() {}

  /// Adds `bytes` to the checksum.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = register
    Self.tables.withUnsafeBufferPointer { table in
      var index = 0
      let count = bytes.count
      while count - index >= 8 {
        let low = crc ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
        let high = bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
        crc =
          table[1792 + Int(low & 0xFF)] ^ table[1536 + Int((low >> 8) & 0xFF)]
          ^ table[1280 + Int((low >> 16) & 0xFF)] ^ table[1024 + Int(low >> 24)]
          ^ table[768 + Int(high & 0xFF)] ^ table[512 + Int((high >> 8) & 0xFF)]
          ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < count {
        crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    register = crc
  }

  /// Adds `bytes` to the checksum.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { register = Self.tables[Int((register ^ UInt32(byte)) & 0xFF)] ^ (register >> 8) }
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
