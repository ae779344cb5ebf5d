import Testing

@testable import BingWallSystem

/// CRC-32 eight bytes at a time gives what the byte-at-a-time definition gives, at every length
/// and alignment, and the standard check value.
@Suite struct CRC32Tests {
  /// The check value every CRC-32 (ISO 3309) implementation lists for the nine ASCII digits.
  @Test func theStandardCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    let digits = Array("123456789".utf8)
    var crc = CRC32()
    digits.withUnsafeBytes { crc.update($0) }
    #expect(crc.value == 0xCBF4_3926)
  }

  /// Slices of every length from 0 to 40 at every offset from 0 to 7, in one update or split in
  /// two, against the byte-at-a-time update.
  @Test func eightAtATimeIsByteAtATime() {
    let bytes = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }
    for offset in 0..<8 {
      for length in 0...40 {
        let slice = Array(bytes[offset..<offset + length])
        let expected = CRC32.checksum(slice)
        var whole = CRC32()
        slice.withUnsafeBytes { whole.update($0) }
        #expect(whole.value == expected, "offset \(offset), length \(length)")
        var split = CRC32()
        let cut = length / 3
        slice[..<cut].withUnsafeBytes { split.update($0) }
        slice[cut...].withUnsafeBytes { split.update($0) }
        #expect(split.value == expected, "offset \(offset), length \(length), cut at \(cut)")
      }
    }
  }
}
