import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// A frame header must describe a picture its file could hold: a forged 65535x65535 over
/// 3840x2160 of data is refused before it is stored, and the flattest real pictures still pass.
@Suite struct JPEGDimensionsTests {
  /// `bytes` with the baseline frame header's height and width replaced.
  static func patched(_ bytes: [UInt8], width: Int, height: Int) throws -> [UInt8] {
    var bytes = bytes
    let frame = try TestJPEG.frameHeaderOffset(bytes)
    bytes[frame + 5] = UInt8(height >> 8)
    bytes[frame + 6] = UInt8(height & 0xFF)
    bytes[frame + 7] = UInt8(width >> 8)
    bytes[frame + 8] = UInt8(width & 0xFF)
    return bytes
  }

  @Test func aForgedHugeHeaderIsRefused() throws {
    let real = Array(try TestJPEG.make(width: 3840, height: 2160))
    let forged = try Self.patched(real, width: 65535, height: 65535)
    #expect(
      throws: ImageCheckError.implausibleDimensions(path: "x", width: 65535, height: 65535, bytes: real.count)
    ) {
      try JPEGInspector.inspect(Data(forged), path: "x")
    }
  }

  /// 16385 pixels wide: beyond any screen and ImageMagick's default limit, even where the pixel
  /// count alone would be plausible.
  @Test func aSideBeyondTheLimitIsRefused() throws {
    let real = Array(try TestJPEG.make(width: 3840, height: 2160))
    let wide = try Self.patched(real, width: JPEGInspector.maximumSide + 1, height: 8)
    #expect(throws: ImageCheckError.self) { try JPEGInspector.inspect(Data(wide), path: "x") }
    let edge = try Self.patched(real, width: JPEGInspector.maximumSide, height: 8)
    #expect(try JPEGInspector.inspect(Data(edge), path: "x") == JPEGInfo(width: 16384, height: 8))
  }

  /// The most a real encoder squeezes into a byte: one flat grey at the lowest quality, about
  /// 255 pixels a byte; and a single pixel.
  @Test func theFlattestRealPicturesPass() throws {
    let folder = try TemporaryDirectory()
    let flat = try JPEGInspectorTests.convert(
      ["-size", "3840x2160", "xc:white", "-colorspace", "gray", "-quality", "10"], to: "flat.jpg", in: folder)
    #expect(try JPEGInspector.inspect(fileAt: flat) == JPEGInfo(width: 3840, height: 2160))
    let one = try JPEGInspectorTests.convert(["-size", "1x1", "xc:white"], to: "one.jpg", in: folder)
    #expect(try JPEGInspector.inspect(fileAt: one) == JPEGInfo(width: 1, height: 1))
  }

  @Test func theMessageSaysWhatTheHeaderClaims() {
    let error = ImageCheckError.implausibleDimensions(
      path: "/p/a.jpg", width: 65535, height: 65535, bytes: 2_400_000)
    #expect(
      told(error)
        == "/p/a.jpg is not a usable JPEG: its frame header declares 65535x65535 pixels, which no picture of "
        + "2400000 bytes has (a forged or damaged header); delete it and download it again later")
  }
}
