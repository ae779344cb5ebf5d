import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallSystem

/// A PNG made for a screen through libvips's PNG loader: every colour type and depth comes out
/// as the JPEG pictures do (8 bits, no alpha), cut to the screen, with its looks; one whose data
/// stops short fails instead of showing grey, and the check refuses a hostile one before libvips.
@Suite struct PNGScreenPictureTests {
  static func write(_ bytes: [UInt8], _ name: String, in folder: TemporaryDirectory) throws -> String {
    let path = folder.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `made`, read back: its size, bands and the mean of its first band.
  static func read(_ made: String) throws -> (size: PixelSize, bands: Int, red: Double) {
    let image = try Image.open(jpeg: made).inMemory("read")
    return (image.size, image.bands, try image.mean(band: 0))
  }

  /// Red 224 in each form: 8 and 16 bits, a palette, interlaced, half transparent over black
  /// (112), and grey (its one band 128).
  @Test(arguments: [
    ("rgb8", TestPNG.Colour.rgb, 8, [0xE0, 0x30, 0x20], false, 3, 224.0),
    ("rgb16", .rgb, 16, [0xE000, 0x3000, 0x2000], false, 3, 224),
    ("rgba16", .rgba, 16, [0xE000, 0x3000, 0x2000, 0xFFFF], false, 3, 224),
    ("palette", .palette, 8, [0xE0, 0x30, 0x20], false, 3, 224),
    ("palette 2-bit", .palette, 2, [0xE0, 0x30, 0x20], false, 3, 224),
    ("interlaced", .rgb, 8, [0xE0, 0x30, 0x20], true, 3, 224),
    ("half transparent", .rgba, 8, [0xE0, 0x30, 0x20, 0x80], false, 3, 112),
    ("grey16", .grey, 16, [0x8000], false, 1, 128),
    ("grey and alpha", .greyAlpha, 8, [0x80, 0xFF], false, 1, 128),
  ])
  func everyKindIsCutToTheScreenAsAJPEGIs(
    name: String, colour: TestPNG.Colour, depth: Int, pixel: [Int], interlaced: Bool, bands: Int,
    red: Double
  ) throws {
    let folder = try TemporaryDirectory()
    let png = try Self.write(
      TestPNG.make(
        width: 160, height: 90, colour: colour, depth: depth, pixel: pixel, interlaced: interlaced),
      "picture.png", in: folder)
    let path = folder.file("screen.jpg")
    try ScreenPicture.make(
      from: png, screens: [.init(x: 0, y: 0, width: 64, height: 64)], fit: .crop, to: path)
    let made = try Self.read(path)
    #expect(made.size == PixelSize(width: 64, height: 64), "\(name)")
    #expect(made.bands == bands, "\(name)")
    #expect(abs(made.red - red) < 4, "\(name): \(made.red)")
  }

  /// The dark look of a 16-bit picture dims it, as it does an 8-bit one (a 16-bit value cast
  /// to 8 bits unscaled would come out white).
  @Test func aSixteenBitPicturesLooksAreMadeFromItsColour() throws {
    let folder = try TemporaryDirectory()
    let png = try Self.write(
      TestPNG.make(width: 160, height: 90, depth: 16, pixel: [0xE000, 0x3000, 0x2000]), "deep.png", in: folder
    )
    let dark = folder.file("dark.jpg")
    try ScreenPicture.make(
      from: png, screens: [.init(x: 0, y: 0, width: 80, height: 45)], fit: .letterbox, look: .init(dim: 0.5),
      to: dark)
    let made = try Self.read(dark)
    #expect(made.size == PixelSize(width: 80, height: 45))
    #expect(abs(made.red - 112) < 4, "\(made.red)")
    // No screen: the whole picture, its own size.
    let whole = folder.file("whole.jpg")
    try ScreenPicture.make(from: png, screens: [], fit: .crop, look: .init(dim: 0.5), to: whole)
    #expect(try Self.read(whole).size == PixelSize(width: 160, height: 90))
  }

  /// Data that stops short inside a stream whose chunks are all whole (so the check passes):
  /// libvips's PNG loader fails, as the JPEG one does, and nothing is written.
  @Test func dataThatStopsShortFailsTheLoadInsteadOfShowingGrey() throws {
    let folder = try TemporaryDirectory()
    let rows = TestPNG.rows(width: 160, height: 90, depth: 8, pixel: [0xE0, 0x30, 0x20], interlaced: false)
    let bytes = TestPNG.forged(
      width: 160, height: 90,
      [TestPNG.chunk("IDAT", TestPNG.zlib(Array(rows.prefix(rows.count / 2)))), TestPNG.chunk("IEND", [])])
    let png = try Self.write(bytes, "short.png", in: folder)
    #expect(try PNGInspector.inspect(fileAt: png).width == 160)
    let path = folder.file("screen.jpg")
    #expect(throws: ImageError.self) {
      try ScreenPicture.make(
        from: png, screens: [.init(x: 0, y: 0, width: 64, height: 64)], fit: .crop, to: path)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// A bomb never reaches libvips: the check every decode asks refuses it with its one line.
  @Test func aBombIsRefusedBeforeLibvips() throws {
    let folder = try TemporaryDirectory()
    let bomb = try Self.write(
      TestPNG.forged(
        width: 60000, height: 60000, [TestPNG.chunk("IDAT", TestPNG.zlib([0])), TestPNG.chunk("IEND", [])]),
      "bomb.png", in: folder)
    #expect(throws: ImageError.refused(.damagedPNG(path: bomb, damage: .size(width: 60000, height: 60000)))) {
      try ScreenPicture.make(
        from: bomb, screens: [.init(x: 0, y: 0, width: 64, height: 64)], fit: .crop, to: folder.file("x.jpg"))
    }
  }

  /// A GIF is refused as a GIF; libvips's GIF loader stays blocked.
  @Test func aGIFIsRefusedNamingIt() throws {
    let folder = try TemporaryDirectory()
    let gif = try Self.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B], "a.gif", in: folder)
    #expect(throws: ImageError.refused(.unsupportedFormat(path: gif, format: .gif))) {
      try ScreenPicture.make(
        from: gif, screens: [.init(x: 0, y: 0, width: 64, height: 64)], fit: .crop, to: folder.file("x.jpg"))
    }
  }
}
