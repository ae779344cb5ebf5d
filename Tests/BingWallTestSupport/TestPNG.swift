import Foundation

@testable import BingWallSystem

/// PNG files written byte by byte: a picture of one colour in any colour type, bit depth and
/// interlace, whose image data is a zlib stream of stored (uncompressed) deflate blocks, so
/// that every decoder reads it and a test can cut, forge or damage any chunk of it.
/// PNG: https://www.w3.org/TR/png-3/; zlib: RFC 1950; deflate's stored blocks: RFC 1951, 3.2.4.
package enum TestPNG {
  /// PNG's colour types (table 11.1).
  package enum Colour: UInt8 {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    var samples: Int {
      switch self {
      case .grey, .palette: 1
      case .greyAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk: length, type, data and its CRC (or `crc` when given, to damage it).
  package static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    let sum = crc ?? CRC32.checksum(typeBytes + data)
    return big32(data.count) + typeBytes + data + big32(Int(sum))
  }

  package static func big32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// The header chunk's 13 bytes.
  package static func header(width: Int, height: Int, depth: Int, colour: Colour, interlaced: Bool = false)
    -> [UInt8]
  {
    big32(width) + big32(height) + [UInt8(depth), colour.rawValue, 0, 0, interlaced ? 1 : 0]
  }

  /// `raw` as a zlib stream of stored deflate blocks.
  package static func zlib(_ raw: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let length = min(65535, raw.count - start)
      let final: UInt8 = start + length == raw.count ? 1 : 0
      stream += [
        final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF),
      ]
      stream += raw[start..<start + length]
      start += length
    } while start < raw.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return stream + big32(Int(b << 16 | a))
  }

  /// The filtered rows (filter type 0) of a `width`x`height` picture whose every pixel is
  /// `pixel`, one value a sample (a palette index for `.palette`), in Adam7's seven passes when
  /// `interlaced`.
  package static func rows(width: Int, height: Int, depth: Int, pixel: [Int], interlaced: Bool) -> [UInt8] {
    let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
      interlaced
      ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
      : [(0, 0, 1, 1)]
    var raw: [UInt8] = []
    for pass in passes {
      let across = (width - pass.x + pass.dx - 1) / pass.dx
      let down = (height - pass.y + pass.dy - 1) / pass.dy
      guard across > 0, down > 0 else { continue }
      let row = [0] + packed(count: across, depth: depth, pixel: pixel)
      for _ in 0..<down { raw += row }
    }
    return raw
  }

  /// `count` pixels of `pixel` packed at `depth` bits a sample, big-endian, the last byte padded.
  package static func packed(count: Int, depth: Int, pixel: [Int]) -> [UInt8] {
    if depth == 16 {
      return (0..<count).flatMap { _ in pixel.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    }
    if depth == 8 { return (0..<count).flatMap { _ in pixel.map { UInt8($0) } } }
    var bytes: [UInt8] = []
    var bits = 0
    var current = 0
    for _ in 0..<count {
      for sample in pixel {
        current = current << depth | sample
        bits += depth
        if bits == 8 {
          bytes.append(UInt8(current))
          bits = 0
          current = 0
        }
      }
    }
    if bits > 0 { bytes.append(UInt8(current << (8 - bits))) }
    return bytes
  }

  /// A decodable `width`x`height` PNG of one colour: `pixel` holds one value a sample at
  /// `depth` bits (for `.palette`, the RGB of its one colour); `transparent` adds a tRNS chunk
  /// making that colour (palette entry 0) fully transparent.
  package static func make(
    width: Int, height: Int, colour: Colour = .rgb, depth: Int = 8, pixel: [Int] = [0xE0, 0x30, 0x20],
    interlaced: Bool = false, transparent: Bool = false
  ) -> [UInt8] {
    var file = signature
    file += chunk(
      "IHDR", header(width: width, height: height, depth: depth, colour: colour, interlaced: interlaced))
    var samples = pixel
    if colour == .palette {
      file += chunk("PLTE", pixel.map { UInt8($0) })
      samples = [0]
    }
    if transparent {
      file += chunk("tRNS", colour == .palette ? [0] : pixel.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }
    file += chunk("tEXt", Array("Comment\0bingwall test picture".utf8))
    file += chunk(
      "IDAT", zlib(rows(width: width, height: height, depth: depth, pixel: samples, interlaced: interlaced)))
    return file + chunk("IEND", [])
  }

  /// A file of `chunks` after the signature and a header: what a forged or damaged PNG is made of.
  package static func forged(
    width: Int, height: Int, depth: Int = 8, colour: Colour = .rgb, interlaced: Bool = false,
    _ chunks: [[UInt8]]
  ) -> [UInt8] {
    signature
      + chunk(
        "IHDR", header(width: width, height: height, depth: depth, colour: colour, interlaced: interlaced))
      + chunks.flatMap { $0 }
  }

  /// `count` bytes of image data that inflate to nothing in particular: enough for a header's
  /// size to be plausible to a check that does not inflate it.
  package static func filler(_ count: Int) -> [UInt8] { [UInt8](repeating: 0x5A, count: count) }

  /// Where the chunk of `type` starts in `bytes` (its length, before the type), if it is there.
  package static func offset(of type: String, in bytes: [UInt8]) -> Int? {
    let needle = Array(type.utf8)
    return (0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == needle }.map { $0 - 4 }
  }
}
