import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallSystem

/// The PNG check every decode asks first, and the format check in front of it: whole PNGs of
/// every colour type and depth pass, with their size; the hostile set is refused, each with its
/// one line, from a file as from memory.
@Suite struct PNGInspectorTests {
  /// Checks `bytes` both ways, as a file and in memory, and returns what each found.
  static func inspect(_ bytes: [UInt8], name: String = "picture.png") throws -> (PNGInfo, PictureInfo) {
    let folder = try TemporaryDirectory()
    let file = folder.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let fromFile = try PNGInspector.inspect(fileAt: file)
    #expect(try PNGInspector.inspect(Data(bytes), path: file) == fromFile)
    let picture = try PictureInspector.inspect(fileAt: file)
    #expect(try PictureInspector.inspect(Data(bytes), path: file) == picture)
    return (fromFile, picture)
  }

  /// The error `bytes` are refused with, the same from a file (named `path`) and from memory.
  static func refusal(_ bytes: [UInt8], path: String = "hostile.png") throws -> ImageCheckError? {
    let folder = try TemporaryDirectory()
    let file = folder.file(path)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    var fromFile: ImageCheckError?
    do { _ = try PictureInspector.inspect(fileAt: file) } catch { fromFile = error }
    var fromMemory: ImageCheckError?
    do { _ = try PictureInspector.inspect(Data(bytes), path: file) } catch { fromMemory = error }
    #expect(fromFile == fromMemory)
    if let fromFile, fromFile.path == file {
      // Named by the path it was given, so the tests below can name it `hostile.png`.
      return Self.renamed(fromFile, to: path)
    }
    return fromFile
  }

  /// `error` about the file `path` (its description names the path it was given).
  static func renamed(_ error: ImageCheckError, to path: String) -> ImageCheckError {
    switch error {
    case .damagedPNG(_, let damage): .damagedPNG(path: path, damage: damage)
    case .pngTooCostlyToDecode(_, let width, let height, let bytes, let limit, let interlaced):
      .pngTooCostlyToDecode(
        path: path, width: width, height: height, bytes: bytes, limit: limit, interlaced: interlaced)
    case .unsupportedFormat(_, let format): .unsupportedFormat(path: path, format: format)
    case .htmlPage: .htmlPage(path: path)
    case .empty: .empty(path: path)
    case .truncated: .truncated(path: path)
    default: error
    }
  }

  // MARK: - Accepted

  @Test(arguments: [
    (TestPNG.Colour.rgb, 8, [0xE0, 0x30, 0x20], false),
    (.rgb, 16, [0xE000, 0x3000, 0x2000], false),
    (.rgba, 16, [0xE000, 0x3000, 0x2000, 0xFFFF], false),
    (.rgba, 8, [0xE0, 0x30, 0x20, 0x80], true),
    (.palette, 8, [0xE0, 0x30, 0x20], false),
    (.palette, 1, [0xE0, 0x30, 0x20], false),
    (.grey, 1, [1], false),
    (.grey, 16, [0x8000], true),
    (.greyAlpha, 8, [0x80, 0xFF], false),
  ])
  func wholePicturesOfEveryKindPassWithTheirSize(
    colour: TestPNG.Colour, depth: Int, pixel: [Int], interlaced: Bool
  ) throws {
    let bytes = TestPNG.make(
      width: 97, height: 61, colour: colour, depth: depth, pixel: pixel, interlaced: interlaced)
    let (png, picture) = try Self.inspect(bytes)
    #expect(png.width == 97 && png.height == 61)
    #expect(png.bitDepth == depth)
    #expect(png.colourType == Int(colour.rawValue))
    #expect(png.isInterlaced == interlaced)
    #expect(picture == PictureInfo(format: .png, width: 97, height: 61))
  }

  /// The bitmap a decoder makes: palette indices become RGB, tRNS an alpha band, 16 bits two bytes.
  @Test func theDecodedSizeCountsBandsAsTheDecoderMakesThem() throws {
    let palette = try Self.inspect(TestPNG.make(width: 10, height: 10, colour: .palette, depth: 1)).0
    #expect(palette.decodedBytes == 10 * 10 * 3)
    let keyed = try Self.inspect(
      TestPNG.make(width: 10, height: 10, colour: .palette, depth: 4, transparent: true)
    ).0
    #expect(keyed.hasTransparency)
    #expect(keyed.decodedBytes == 10 * 10 * 4)
    let deep = try Self.inspect(
      TestPNG.make(width: 10, height: 10, colour: .rgba, depth: 16, pixel: [1, 2, 3, 4])
    ).0
    #expect(deep.decodedBytes == 10 * 10 * 4 * 2)
  }

  @Test func theLargestSideAcceptedIsTheJPEGs() throws {
    let side = JPEGInspector.maximumSide
    // Enough data for the size to be plausible (the check does not inflate it).
    let data = TestPNG.chunk("IDAT", TestPNG.filler(4 * (1 + side * 3) / 1032 + 1))
    let edge = TestPNG.forged(width: side, height: 4, [data, TestPNG.chunk("IEND", [])])
    #expect(try Self.inspect(edge).0.width == side)
    let wide = TestPNG.forged(width: side + 1, height: 4, [data, TestPNG.chunk("IEND", [])])
    #expect(
      try Self.refusal(wide) == .damagedPNG(path: "hostile.png", damage: .size(width: side + 1, height: 4)))
  }

  // MARK: - The hostile set

  /// A bomb: 80 bytes declaring 60000x60000 (10 GB as RGB), refused at its header.
  @Test func aTinyFileDeclaring60000x60000IsRefused() throws {
    let bomb = TestPNG.forged(
      width: 60000, height: 60000,
      [TestPNG.chunk("IDAT", TestPNG.zlib([0, 0, 0, 0])), TestPNG.chunk("IEND", [])])
    #expect(bomb.count < 100)
    #expect(
      try Self.refusal(bomb) == .damagedPNG(path: "hostile.png", damage: .size(width: 60000, height: 60000)))
  }

  @Test func twentyThousandOnASideIsRefused() throws {
    let huge = TestPNG.forged(
      width: 20000, height: 20000,
      [TestPNG.chunk("IDAT", TestPNG.filler(400_000)), TestPNG.chunk("IEND", [])])
    #expect(
      try Self.refusal(huge) == .damagedPNG(path: "hostile.png", damage: .size(width: 20000, height: 20000)))
  }

  /// Within the side, a header claiming more pixels than its data could ever inflate to.
  @Test func aSizeItsDataCannotHoldIsRefused() throws {
    let forged = TestPNG.forged(
      width: 16000, height: 16000, [TestPNG.chunk("IDAT", TestPNG.filler(1000)), TestPNG.chunk("IEND", [])])
    #expect(
      try Self.refusal(forged)
        == .damagedPNG(
          path: "hostile.png", damage: .moreThanItsData(width: 16000, height: 16000, dataBytes: 1000)))
  }

  /// A real bomb: data enough to inflate to a 16384x16384 16-bit RGBA bitmap (2 GB), far beyond
  /// the bound; an interlaced picture, held whole, is held to the JPEG's decode bound.
  @Test func aBitmapBeyondTheBoundIsRefused() throws {
    let side = 16384
    let filtered = side * (1 + side * 8)
    let bomb = TestPNG.forged(
      width: side, height: side, depth: 16, colour: .rgba,
      [TestPNG.chunk("IDAT", TestPNG.filler(filtered / 1032 + 1)), TestPNG.chunk("IEND", [])])
    #expect(
      try Self.refusal(bomb)
        == .pngTooCostlyToDecode(
          path: "hostile.png", width: side, height: side, bytes: side * side * 8,
          limit: PNGInspector.maximumDecodedBytes, interlaced: false))

    let interlaced = TestPNG.forged(
      width: 4000, height: 4000, colour: .rgba, interlaced: true,
      [TestPNG.chunk("IDAT", TestPNG.filler(4000 * 16001 / 1032 + 1)), TestPNG.chunk("IEND", [])])
    #expect(
      try Self.refusal(interlaced)
        == .pngTooCostlyToDecode(
          path: "hostile.png", width: 4000, height: 4000, bytes: 4000 * 4000 * 4,
          limit: JPEGInspector.maximumDecodeBytes, interlaced: true))
    // The same picture not interlaced streams through the decoder: accepted.
    let streamed = TestPNG.forged(
      width: 4000, height: 4000, colour: .rgba,
      [TestPNG.chunk("IDAT", TestPNG.filler(4000 * 16001 / 1032 + 1)), TestPNG.chunk("IEND", [])])
    #expect(try Self.inspect(streamed).0.decodedBytes == 4000 * 4000 * 4)
  }

  /// Cut short anywhere: in the signature, in a chunk, or after the data but before IEND.
  @Test(arguments: [4, 20, 60, -12, -1])
  func aFileCutShortIsTruncated(cut: Int) throws {
    let whole = TestPNG.make(width: 32, height: 8)
    let kept = cut > 0 ? Array(whole.prefix(cut)) : Array(whole.dropLast(-cut))
    #expect(try Self.refusal(kept) == .damagedPNG(path: "hostile.png", damage: .truncated))
  }

  /// One bit flipped in the image data, or in the header: its chunk's CRC says so.
  @Test func aBadChecksumIsRefusedNamingTheChunk() throws {
    var bytes = TestPNG.make(width: 32, height: 8)
    let data = try #require(TestPNG.offset(of: "IDAT", in: bytes))
    bytes[data + 8 + 10] ^= 0x01
    #expect(
      try Self.refusal(bytes)
        == .damagedPNG(path: "hostile.png", damage: .checksum(type: "IDAT", offset: data)))

    var header = TestPNG.make(width: 32, height: 8)
    header[8 + 8 + 3] ^= 0x40  // the width's low byte
    #expect(
      try Self.refusal(header) == .damagedPNG(path: "hostile.png", damage: .checksum(type: "IHDR", offset: 8))
    )
  }

  /// Structure a decoder refuses, each refused here first.
  static let damaged: [(String, [UInt8], PNGDamage)] = {
    let data = TestPNG.chunk("IDAT", TestPNG.zlib([0, 0, 0, 0]))
    let end = TestPNG.chunk("IEND", [])
    var lineEndings = TestPNG.make(width: 1, height: 1)
    lineEndings.remove(at: 4)  // "\r\n" made "\n"
    return [
      ("line endings", lineEndings, .signature),
      ("no header", TestPNG.signature + data + end, .header),
      (
        "short header", TestPNG.signature + TestPNG.chunk("IHDR", Array(TestPNG.big32(1) + TestPNG.big32(1))),
        .headerLength(8)
      ),
      (
        "two headers",
        TestPNG.forged(
          width: 1, height: 1,
          [TestPNG.chunk("IHDR", TestPNG.header(width: 1, height: 1, depth: 8, colour: .rgb))]), .header
      ),
      ("zero width", TestPNG.forged(width: 0, height: 1, [data, end]), .size(width: 0, height: 1)),
      (
        "4-bit RGB", TestPNG.forged(width: 1, height: 1, depth: 4, colour: .rgb, [data, end]),
        .depth(colourType: 2, bitDepth: 4)
      ),
      (
        "16-bit palette", TestPNG.forged(width: 1, height: 1, depth: 16, colour: .palette, [data, end]),
        .depth(colourType: 3, bitDepth: 16)
      ),
      (
        "interlace method 2",
        TestPNG.signature + TestPNG.chunk("IHDR", TestPNG.big32(1) + TestPNG.big32(1) + [8, 2, 0, 0, 2]),
        .method
      ),
      ("no data", TestPNG.forged(width: 1, height: 1, [end]), .noImageData),
      ("palette missing", TestPNG.forged(width: 1, height: 1, colour: .palette, [data, end]), .palette),
      (
        "palette of 257",
        TestPNG.forged(
          width: 1, height: 1, colour: .palette,
          [TestPNG.chunk("PLTE", [UInt8](repeating: 1, count: 771)), data, end]),
        .palette
      ),
      (
        "unknown critical chunk",
        TestPNG.forged(width: 1, height: 1, [TestPNG.chunk("BWXX", []), data, end]),
        .unknownCriticalChunk(type: "BWXX", offset: 33)
      ),
      (
        "split data",
        TestPNG.forged(width: 1, height: 1, [data, TestPNG.chunk("tEXt", Array("a\0b".utf8)), data, end]),
        .splitImageData(offset: 33 + data.count + 15)
      ),
      (
        "length over 2^31-1", TestPNG.forged(width: 1, height: 1, [[0x80, 0, 0, 0] + Array("IDAT".utf8)]),
        .chunk(offset: 33)
      ),
      (
        "type not letters", TestPNG.forged(width: 1, height: 1, [TestPNG.chunk("ID@T", []), data, end]),
        .chunk(offset: 33)
      ),
    ]
  }()

  @Test(arguments: damaged.indices)
  func damagedStructureIsRefusedWithItsReason(index: Int) throws {
    let (name, bytes, damage) = Self.damaged[index]
    #expect(try Self.refusal(bytes) == .damagedPNG(path: "hostile.png", damage: damage), "\(name)")
  }

  /// A million empty chunks cost a million CRCs: more than `maximumChunks` is a forged file.
  @Test func moreChunksThanTheBoundAreRefused() throws {
    let empty = TestPNG.chunk("prVt", [])
    var bytes = TestPNG.forged(width: 1, height: 1, [])
    bytes.reserveCapacity(bytes.count + empty.count * PNGInspector.maximumChunks)
    for _ in 0..<PNGInspector.maximumChunks { bytes += empty }
    bytes += TestPNG.chunk("IDAT", TestPNG.zlib([0, 0, 0, 0])) + TestPNG.chunk("IEND", [])
    #expect(
      try Self.refusal(bytes)
        == .damagedPNG(path: "hostile.png", damage: .tooManyChunks(limit: PNGInspector.maximumChunks)))
  }

  // MARK: - Other formats

  static let formats: [(String, [UInt8], String)] = [
    (
      "GIF", Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0],
      "is a GIF picture; bingwall reads only JPEG and PNG pictures"
    ),
    (
      "TIFF", Array("II*\0".utf8) + [8, 0, 0, 0],
      "is a TIFF picture; bingwall reads only JPEG and PNG pictures"
    ),
    (
      "TIFF big-endian", Array("MM\0*".utf8) + [0, 0, 0, 8],
      "is a TIFF picture; bingwall reads only JPEG and PNG pictures"
    ),
    (
      "WebP", Array("RIFF".utf8) + [26, 0, 0, 0] + Array("WEBPVP8L".utf8) + [13, 0, 0, 0, 0x2F, 0, 0, 0, 0],
      "is a WebP picture; bingwall reads only JPEG and PNG pictures"
    ),
    (
      "SVG", Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\"/>".utf8),
      "is an SVG drawing; bingwall reads only JPEG and PNG pictures"
    ),
    (
      "BMP", Array("BM".utf8) + [UInt8](repeating: 0, count: 52),
      "is a BMP picture; bingwall reads only JPEG and PNG pictures"
    ),
    (
      "HTML", Array("<!DOCTYPE html><html><head><title>Moved</title>".utf8),
      "is not a picture: the server sent an HTML page instead (a redirect or an error page)"
    ),
    (
      "JSON", Array("{\"media_type\":\"video\"}".utf8),
      "is not a JPEG or PNG picture: it starts with \"{\"me\""
    ),
    ("binary", [0x00, 0x01, 0x02, 0x03, 0x04], "is not a JPEG or PNG picture: it starts with 00 01 02 03"),
  ]

  /// Every other format is refused with one line naming it, before any decoder sees it.
  @Test(arguments: formats.indices)
  func otherFormatsAreRefusedWithOneLineNamingThem(index: Int) throws {
    let (name, bytes, reason) = Self.formats[index]
    let error = try #require(try Self.refusal(bytes, path: "picture"), "\(name)")
    #expect(error.reason == reason, "\(name)")
    #expect(error.description == "picture " + reason, "\(name)")
    #expect(!error.description.contains("\n"))
    // Asked of the PNG inspector directly, the same refusal.
    #expect(throws: error) { try PNGInspector.inspect(Data(bytes), path: "picture") }
  }

  @Test func aJPEGGoesToTheJPEGInspector() throws {
    let jpeg = try TestJPEG.make(width: 64, height: 48)
    #expect(
      try PictureInspector.inspect(jpeg, path: "a.jpg") == PictureInfo(format: .jpeg, width: 64, height: 48))
    // Refused as the JPEG check refuses it: cut in half.
    let half = Data(jpeg.prefix(jpeg.count / 2))
    var refusal: ImageCheckError?
    do { _ = try JPEGInspector.inspect(half, path: "a.jpg") } catch { refusal = error }
    #expect(throws: try #require(refusal)) { try PictureInspector.inspect(half, path: "a.jpg") }
    #expect(throws: ImageCheckError.empty(path: "a.jpg")) {
      try PictureInspector.inspect(Data(), path: "a.jpg")
    }
  }

  /// Every refusal is one line that names the file; the decode bound's has its fix.
  @Test func everyReasonIsOneLine() throws {
    let errors: [ImageCheckError] =
      Self.damaged.map { .damagedPNG(path: "/p/a.png", damage: $0.2) } + [
        .damagedPNG(path: "/p/a.png", damage: .truncated),
        .damagedPNG(path: "/p/a.png", damage: .checksum(type: "IDAT", offset: 33)),
        .damagedPNG(path: "/p/a.png", damage: .moreThanItsData(width: 9, height: 9, dataBytes: 1)),
        .damagedPNG(path: "/p/a.png", damage: .tooManyChunks(limit: 65536)),
        .pngTooCostlyToDecode(
          path: "/p/a.png", width: 9, height: 9, bytes: 1 << 30, limit: 1 << 28, interlaced: true),
      ]
    for error in errors {
      #expect(error.description.hasPrefix("/p/a.png is"), "\(error)")
      #expect(!error.description.contains("\n"))
    }
    #expect(
      ImageCheckError.damagedPNG(path: "/p/a.png", damage: .truncated).description
        == "/p/a.png is cut short: it ends before its PNG end chunk (IEND)")
    let costly = ImageCheckError.pngTooCostlyToDecode(
      path: "/p/a.png", width: 16384, height: 16384, bytes: 1 << 31, limit: PNGInspector.maximumDecodedBytes,
      interlaced: false)
    #expect(
      costly.description
        == "/p/a.png is a PNG of 16384x16384 pixels, which would take 2.0 GB of memory as a bitmap (the limit is 256.0 MB)"
    )
    #expect(costly.hint == "save it again smaller, or as a JPEG")
  }

  @Test func crc32MatchesThePublishedCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    // IEND's CRC, as every PNG ends.
    #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    var split = CRC32()
    Array("1234".utf8).withUnsafeBytes { split.update($0) }
    split.update(Array("56789".utf8))
    #expect(split.value == 0xCBF4_3926)
  }
}
