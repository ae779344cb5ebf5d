import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// The bitmaps `make icons` renders from bingwall.svg, as committed: each of the side its folder
/// names (its IHDR, read by PNGInspector) with an alpha channel, and the drawing in it, decoded by
/// libvips: mostly opaque, the sun's colour at the sun's centre, nothing in the corner the rounded
/// frame cuts off. A PNG left empty or at the wrong size by a renderer fails here.
@Suite struct IconBitmapTests {
  @Test(arguments: CommittedIcons.bitmapSizes)
  func eachBitmapIsItsSizeAndHoldsTheDrawing(size: Int) throws {
    let path = CommittedIcons.path(CommittedIcons.bitmap(size))
    let header = try PNGInspector.inspect(fileAt: path)
    #expect(header.width == size && header.height == size, "\(header)")
    #expect(header.colourType == 6, "RGB and alpha: \(header)")

    let image = try Image.open(picture: path).inMemory("read")
    #expect(image.bands == 4)
    // The rounded square covers 74 % of the 32 grid; a fully transparent picture has 0.
    let alpha = try image.mean(band: 3)
    #expect(alpha > 0.6 * 255, "mean alpha \(alpha)")

    // On the 32 grid: the sun's centre is (11, 10); the frame starts at (2, 2).
    let scale = Double(size) / 32
    let sun = try image.region(PixelRect(x: Int(11 * scale), y: Int(10 * scale), width: 1, height: 1))
    let colour = try (0..<4).map { try sun.mean(band: $0) }
    for (band, expected) in [0xFF, 0xC8, 0x3D, 0xFF].enumerated() {
      #expect(abs(colour[band] - Double(expected)) < 3, "sun \(colour), band \(band)")
    }
    let corner = try image.region(PixelRect(x: 0, y: 0, width: 1, height: 1))
    #expect(try corner.mean(band: 3) == 0, "the corner outside the frame is transparent")
  }
}
