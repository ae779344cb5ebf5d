import BingWallSystem
import FoundationEssentials
import Glibc

/// What a PNG's header says: its size, and what its decoded bitmap costs.
package struct PNGInfo: Sendable, Equatable {
  var width: Int
  var height: Int
  /// Bits per sample (per palette index for a palette picture): 1, 2, 4, 8 or 16.
  var bitDepth: Int
  /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGB and alpha (PNG, table 11.1).
  var colourType: Int
  /// Adam7: a decoder holds the whole picture before it gives out a row.
  var isInterlaced: Bool
  /// A `tRNS` chunk: a decoder adds an alpha band.
  var hasTransparency: Bool

  /// The bands a decoder gives out: palette pictures as RGB, and an alpha band for `tRNS`.
  var bands: Int {
    let own =
      switch colourType {
      case 0: 1
      case 4: 2
      case 6: 4
      default: 3  // RGB, and a palette picture expanded to RGB
      }
    return own + (hasTransparency && (colourType == 0 || colourType == 2 || colourType == 3) ? 1 : 0)
  }

  /// The bitmap libvips decodes the picture to: one byte a sample up to 8 bits (palette indices
  /// and 1, 2 and 4-bit grey are expanded), two at 16.
  var decodedBytes: Int { width * height * bands * (bitDepth == 16 ? 2 : 1) }

  /// The filtered rows the compressed data inflates to, without interlacing: a filter-type
  /// byte and the packed samples of each row (PNG, section 7.2). Interlaced, it is a little more.
  var filteredBytes: Int {
    let samples =
      switch colourType {
      case 0, 3: 1
      case 4: 2
      case 6: 4
      default: 3
      }
    return height * (1 + (width * samples * bitDepth + 7) / 8)
  }
}

/// How a PNG is not whole or not well formed, each a reason on one line.
package enum PNGDamage: Sendable, Equatable {
  /// The file ends before its end chunk (IEND), or inside a chunk.
  case truncated
  /// The first four bytes say PNG and the last four of the signature differ: a transfer that
  /// changed line endings, or not a PNG.
  case signature
  /// The first chunk is not the header (IHDR), or there is a second one.
  case header
  /// The header is not 13 bytes long.
  case headerLength(Int)
  /// The header declares a side of zero, or larger than `JPEGInspector.maximumSide`.
  case size(width: Int, height: Int)
  /// The header declares more pixels than the compressed data (`dataBytes`, every IDAT) could
  /// inflate to: deflate makes at most 1032 bytes of one.
  case moreThanItsData(width: Int, height: Int, dataBytes: Int)
  /// A bit depth the colour type does not allow (PNG, table 11.1).
  case depth(colourType: Int, bitDepth: Int)
  /// A compression, filter or interlace method that PNG does not define.
  case method
  /// A chunk at byte `offset` whose length is over 2^31 - 1, or whose type is not four letters.
  case chunk(offset: Int)
  /// A chunk whose CRC does not match its type and data.
  case checksum(type: String, offset: Int)
  /// A critical chunk (its first letter upper case) that PNG does not define: no decoder may
  /// show the picture.
  case unknownCriticalChunk(type: String, offset: Int)
  /// No image data (IDAT) before the end chunk.
  case noImageData
  /// The image data chunks are not consecutive: another chunk comes between them at `offset`.
  case splitImageData(offset: Int)
  /// A palette picture without a palette before its data, or a palette not of 1 to 256 colours.
  case palette
  /// More chunks than `PNGInspector.maximumChunks`.
  case tooManyChunks(limit: Int)

  /// What is wrong, for `ImageCheckError.reason`: `is cut short: …`.
  var reason: String {
    switch self {
    case .truncated:
      return "is cut short: it ends before its PNG end chunk (IEND)"
    case .signature:
      return "is a damaged PNG: its 8-byte signature is wrong (a transfer that changed line endings?)"
    case .header:
      return "is a damaged PNG: its header chunk (IHDR) is not its first and only one"
    case .headerLength(let length):
      return "is a damaged PNG: its header chunk (IHDR) is \(length) bytes long instead of 13"
    case .size(let width, let height):
      return
        "is not a usable PNG: its header declares \(width)x\(height) pixels, none or more than "
        + "\(JPEGInspector.maximumSide) on a side"
    case .moreThanItsData(let width, let height, let dataBytes):
      return
        "is not a usable PNG: its header declares \(width)x\(height) pixels, more than its "
        + "\(dataBytes) bytes of image data can hold (a forged or damaged header)"
    case .depth(let colourType, let bitDepth):
      return "is a damaged PNG: its header declares \(bitDepth)-bit samples for colour type \(colourType)"
    case .method:
      return
        "is a damaged PNG: its header names a compression, filter or interlace method PNG does not define"
    case .chunk(let offset):
      return "is a damaged PNG: the chunk at byte \(offset) has an impossible length or type"
    case .checksum(let type, let offset):
      return "is a damaged PNG: the checksum of its \(type) chunk at byte \(offset) does not match"
    case .unknownCriticalChunk(let type, let offset):
      return "is not a usable PNG: its chunk \(type) at byte \(offset) is one no decoder knows and must"
    case .noImageData:
      return "is not a usable PNG: it has no image data (IDAT) before its end chunk"
    case .splitImageData(let offset):
      return "is a damaged PNG: another chunk comes between its image data chunks at byte \(offset)"
    case .palette:
      return "is a damaged PNG: its palette (PLTE) is missing or not of 1 to 256 colours"
    case .tooManyChunks(let limit):
      return "is a PNG of more than \(limit) chunks: a forged file"
    }
  }
}

/// Tells a whole PNG from what a server may send in its place, without decoding it: the same
/// role as `JPEGInspector`'s, and the same bounds.
///
/// Every chunk is read, once, to check its CRC; the compressed data is not inflated:
///
/// - the 8-byte signature; the header chunk (IHDR) first, 13 bytes, declaring a width and a
///   height above zero and at most `JPEGInspector.maximumSide`, a bit depth its colour type
///   allows (16-bit and palette pictures are accepted), and PNG's one compression and filter
///   method and interlace method 0 or 1;
/// - each chunk's length at most 2^31 - 1 and within the file, its type four ASCII letters, its
///   CRC right, and no critical chunk PNG does not define (a decoder must refuse it);
/// - a palette (PLTE) of 1 to 256 colours before the data of a palette picture; at least one
///   image data chunk (IDAT), all of them consecutive; the end chunk (IEND), else the file is
///   cut short. What follows IEND is never read, by this check or by a decoder;
/// - at most `maximumChunks` chunks;
/// - no more pixels than the image data could inflate to (deflate's best is 1032:1), so a
///   header cannot claim a size its data does not hold;
/// - the decoded bitmap (`PNGInfo.decodedBytes`: width × height × bands × bytes a sample) at
///   most `maximumDecodedBytes`, and, for an interlaced picture, which a decoder holds whole, at
///   most `JPEGInspector.maximumDecodeBytes`, the bound on what a progressive JPEG's decode
///   holds. A 100 KB file declaring 16384x16384 in 16-bit RGBA would otherwise be 2 GB.
/// PNG: https://www.w3.org/TR/png-3/, sections 5 (datastream) and 11 (chunks).
package enum PNGInspector {
  /// The largest decoded bitmap accepted: 256 MiB, ImageMagick's memory policy in Debian. A
  /// picture larger than any screen passes (8K, 7680x4320, in 8-bit RGBA is 127 MiB; UHD in
  /// 16-bit RGBA 63 MiB); 16384x16384 in 8-bit RGB (768 MiB) does not. A picture that is not
  /// interlaced is decoded a few rows at a time, so this bounds the work, not the memory.
  static let maximumDecodedBytes = 256 << 20

  /// The most chunks a PNG may have: encoders write the data in chunks of 8 to 64 KB, so this
  /// lets through a 512 MB file of 8 KB chunks, and refuses a small one of a million empty ones.
  static let maximumChunks = 65536

  /// Deflate's largest expansion: a 258-byte match in two bits (RFC 1951).
  static let maximumInflation = 1032

  /// Checks the PNG file at `path` and returns what its header declares.
  package static func inspect(fileAt path: String) throws(ImageCheckError) -> PNGInfo {
    try InspectedBytes.inspect(fileAt: path, inspect)
  }

  /// Checks bytes already in memory; `path` is the name the errors use (a file or a URL).
  static func inspect(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageCheckError)
    -> PNGInfo
  {
    try InspectedBytes.inspect(bytes, path: path, inspect)
  }

  /// Checks the bytes of `data`; `path` is the name the errors use (a file or a URL).
  static func inspect(_ data: Data, path: String) throws(ImageCheckError) -> PNGInfo {
    try InspectedBytes.withBytes(of: data) { (bytes) throws(ImageCheckError) in try inspect(bytes, path: path)
    }
  }

  /// The bit depths each colour type allows (PNG, table 11.1).
  static let depths: [Int: Set<Int>] = [
    0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
  ]

  // MARK: - The walk

  private static func inspect(_ reader: inout ChunkReader) throws(ImageCheckError) -> PNGInfo {
    let path = reader.path
    func damaged(_ damage: PNGDamage) -> ImageCheckError { .damagedPNG(path: path, damage: damage) }
    if reader.count == 0 { throw .empty(path: path) }
    let signature = PictureFormat.pngSignature
    let head = try reader.bytes(at: 0, count: min(reader.count, PictureFormat.sniffLength))
    guard head.starts(with: signature) else {
      if signature.starts(with: head) { throw damaged(.truncated) }
      let format = PictureFormat.sniff(head)
      switch format {
      case .png: throw damaged(.signature)
      case .html: throw .htmlPage(path: path)
      default: throw .unsupportedFormat(path: path, format: format)
      }
    }

    var info: PNGInfo?
    var offset = signature.count
    var chunks = 0
    var dataBytes = 0
    var dataEnded = false
    var hasPalette = false
    while true {
      // Length, type, data, CRC.
      let lengthAndType = try reader.bytes(at: offset, count: 8)
      guard lengthAndType.count == 8 else { throw damaged(.truncated) }
      let length = lengthAndType[0..<4].reduce(0) { $0 << 8 | Int($1) }
      let typeBytes = Array(lengthAndType[4..<8])
      guard length <= Int(Int32.max), typeBytes.allSatisfy(Self.isLetter) else {
        throw damaged(.chunk(offset: offset))
      }
      guard offset + 12 + length <= reader.count else { throw damaged(.truncated) }
      chunks += 1
      guard chunks <= maximumChunks else { throw damaged(.tooManyChunks(limit: maximumChunks)) }
      let type = String(decoding: typeBytes, as: UTF8.self)
      let stored = try reader.bytes(at: offset + 8 + length, count: 4)
      guard stored.count == 4 else { throw damaged(.truncated) }
      let expected =
        UInt32(stored[0]) << 24 | UInt32(stored[1]) << 16 | UInt32(stored[2]) << 8 | UInt32(stored[3])
      guard try reader.checksum(at: offset + 4, count: 4 + length) == expected else {
        throw damaged(.checksum(type: type, offset: offset))
      }

      if info == nil {
        guard type == "IHDR" else { throw damaged(.header) }
        guard length == 13 else { throw damaged(.headerLength(length)) }
        info = try imageHeader(try reader.bytes(at: offset + 8, count: 13), path: path)
      } else {
        switch type {
        case "IHDR":
          throw damaged(.header)
        case "PLTE":
          guard length % 3 == 0, (3...768).contains(length), dataBytes == 0 else { throw damaged(.palette) }
          hasPalette = true
        case "tRNS":
          info?.hasTransparency = true
        case "IDAT":
          if dataEnded { throw damaged(.splitImageData(offset: offset)) }
          if info?.colourType == 3, !hasPalette { throw damaged(.palette) }
          dataBytes += length
        case "IEND":
          guard dataBytes > 0, let info else { throw damaged(.noImageData) }
          try checkCost(info, dataBytes: dataBytes, path: path)
          return info
        default:
          // Bit 5 of the first letter clear: critical, and no decoder may skip it.
          if typeBytes[0] & 0x20 == 0 { throw damaged(.unknownCriticalChunk(type: type, offset: offset)) }
        }
        if dataBytes > 0, type != "IDAT" { dataEnded = true }
      }
      offset += 12 + length
    }
  }

  /// The header chunk's 13 bytes, checked: width, height, bit depth, colour type, compression,
  /// filter and interlace methods.
  private static func imageHeader(_ bytes: [UInt8], path: String) throws(ImageCheckError) -> PNGInfo {
    func big32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let width = big32(0)
    let height = big32(4)
    let depth = Int(bytes[8])
    let colourType = Int(bytes[9])
    guard (1...JPEGInspector.maximumSide).contains(width), (1...JPEGInspector.maximumSide).contains(height)
    else {
      throw .damagedPNG(path: path, damage: .size(width: width, height: height))
    }
    guard let allowed = depths[colourType], allowed.contains(depth) else {
      throw .damagedPNG(path: path, damage: .depth(colourType: colourType, bitDepth: depth))
    }
    guard bytes[10] == 0, bytes[11] == 0, bytes[12] <= 1 else {
      throw .damagedPNG(path: path, damage: .method)
    }
    return PNGInfo(
      width: width, height: height, bitDepth: depth, colourType: colourType, isInterlaced: bytes[12] == 1,
      hasTransparency: false)
  }

  /// Refuses a picture its data cannot hold, or whose bitmap breaks the bounds.
  private static func checkCost(_ info: PNGInfo, dataBytes: Int, path: String) throws(ImageCheckError) {
    // The zlib stream's 2-byte header, 4-byte checksum and a block header or two hold no pixels;
    // the 1032 bytes of slack covers them.
    guard info.filteredBytes <= (dataBytes + 1) * maximumInflation else {
      throw .damagedPNG(
        path: path, damage: .moreThanItsData(width: info.width, height: info.height, dataBytes: dataBytes))
    }
    let limit = info.isInterlaced ? JPEGInspector.maximumDecodeBytes : maximumDecodedBytes
    guard info.decodedBytes <= limit else {
      throw .pngTooCostlyToDecode(
        path: path, width: info.width, height: info.height, bytes: info.decodedBytes, limit: limit,
        interlaced: info.isInterlaced)
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}

/// The bytes of a PNG, read at an offset: a file through `pread` a block at a time, so a chunk's
/// data is read once, for its CRC, and never held whole; or a buffer in memory.
private struct ChunkReader: InspectedReader {
  /// The block a file is read in.
  static let blockSize = 64 * 1024

  let backing: InspectedBytes.Backing
  let count: Int
  let path: String
  private var block: [UInt8] = []

  init(backing: InspectedBytes.Backing, count: Int, path: String) {
    self.backing = backing
    self.count = count
    self.path = path
  }

  /// Up to `length` bytes from `offset`, fewer where the end comes first.
  mutating func bytes(at offset: Int, count length: Int) throws(ImageCheckError) -> [UInt8] {
    let available = max(0, min(length, count - offset))
    guard available > 0 else { return [] }
    switch backing {
    case .memory(let bytes):
      return Array(bytes[offset..<offset + available])
    case .file(let descriptor):
      var result = [UInt8](repeating: 0, count: available)
      let read = try Self.read(descriptor, into: &result, at: offset, path: path)
      result.removeLast(available - read)
      return result
    }
  }

  /// The CRC-32 of the `length` bytes at `offset`, which the caller knows are in the file.
  mutating func checksum(at offset: Int, count length: Int) throws(ImageCheckError) -> UInt32 {
    var crc = CRC32()
    switch backing {
    case .memory(let bytes):
      crc.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]))
    case .file(let descriptor):
      if block.count != Self.blockSize { block = [UInt8](repeating: 0, count: Self.blockSize) }
      var done = 0
      while done < length {
        let want = min(Self.blockSize, length - done)
        let read = try Self.read(descriptor, into: &block, at: offset + done, limit: want, path: path)
        // The file shrank since fstat: what is missing was cut short.
        guard read == want else { throw .damagedPNG(path: path, damage: .truncated) }
        block.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[0..<want])) }
        done += want
      }
    }
    return crc.value
  }

  private static func read(
    _ descriptor: Int32, into buffer: inout [UInt8], at offset: Int, limit: Int? = nil, path: String
  ) throws(ImageCheckError) -> Int {
    let count = limit ?? buffer.count
    let result = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in
        try Syscall.read(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<count]), at: offset)
      }
    }
    switch result {
    case .success(let read): return read
    case .failure(let error): throw .unreadable(path: path, errno: error.code)
    }
  }
}
