import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// A picture made for a screen's shape: the attention crop (`fill`) and the letterbox (`fit`).
@Suite struct ScreenPictureTests {
  @Test(arguments: [
    PixelSize(width: 2560, height: 1440), PixelSize(width: 1920, height: 1200),
    PixelSize(width: 1080, height: 1920), PixelSize(width: 5120, height: 1440),
    PixelSize(width: 7, height: 5),
  ])
  func theCropHasExactlyTheSizeAsked(size: PixelSize) throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 1920, height: 1080)
    let cropped = try Image.cropped(from: picture, to: size)
    #expect(cropped.size == size)
    #expect(try TestPictures.saved(cropped, as: "cropped.jpg", in: folder).size == size)
  }

  /// A wide picture cut to a square: the centre would miss the disc near the right edge; the
  /// attention crop keeps it whole.
  @Test func theAttentionCropKeepsABrightObjectOffCentre() throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.disc(in: folder, width: 1200, height: 400, x: 1000, y: 200, radius: 60)
    let cropped = try Image.cropped(from: picture, to: PixelSize(width: 400, height: 400))
    // A centre crop (columns 400–800) would be all background, about 40.
    let corner = try cropped.region(PixelRect(x: 0, y: 0, width: 20, height: 20)).mean()
    #expect(corner < 60)
    let column = try #require(try Self.brightestColumn(cropped), "the disc is in the crop")
    #expect(column > 60 && column < 340, "the whole disc, not a sliver at the edge: \(column)")
  }

  /// The centre of the columns, in steps of 10 pixels, whose middle row is brightest.
  static func brightestColumn(_ image: Image) throws -> Int? {
    var best: (column: Int, mean: Double)?
    for column in stride(from: 0, to: image.width - 10, by: 10) {
      let mean = try image.region(PixelRect(x: column, y: image.height / 2 - 5, width: 10, height: 10)).mean()
      if mean > 150, best.map({ mean > $0.mean }) ?? true { best = (column + 5, mean) }
    }
    return best?.column
  }

  /// A round disc stays round (the aspect kept) and the bars are not told apart from the
  /// picture's own edge: ImageMagick's trim, which cuts away what has the corner's colour, finds
  /// only the disc. Bars above and below, then beside.
  @Test(arguments: [(640, 360), (360, 640)])
  func theLetterboxKeepsTheAspectAndTheEdgeColour(width: Int, height: Int) throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.disc(
      in: folder, width: width, height: height, x: width / 2, y: height / 2, radius: 80,
      background: "#3366cc", colour: "#ffffff")
    let boxed = try Image.letterboxed(from: picture, to: PixelSize(width: 400, height: 400))
    #expect(boxed.size == PixelSize(width: 400, height: 400))
    let path = folder.file("boxed.jpg")
    try boxed.saveJPEG(to: path)
    // The disc's 160 pixels, scaled by 400/640.
    let box = try ExternalTool.text(["convert", path, "-fuzz", "15%", "-format", "%@", "info:"])
    let numbers = box.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
    #expect(numbers.count == 4, "\(box)")
    #expect(abs(numbers[0] - 100) <= 3 && abs(numbers[1] - 100) <= 3, "\(box)")
    #expect(
      abs(numbers[2] + numbers[0] / 2 - 200) <= 2 && abs(numbers[3] + numbers[1] / 2 - 200) <= 2, "\(box)")
    // The bars have the blue of the picture's edges, within JPEG's error.
    let bar = try boxed.region(PixelRect(x: 0, y: 0, width: 10, height: 10))
    let (red, blue) = (try bar.mean(band: 0), try bar.mean(band: 2))
    #expect(abs(red - 0x33) < 6 && abs(blue - 0xcc) < 6, "\(red), \(blue)")
  }

  @Test func aPictureOfTheScreensShapeIsOnlyResized() throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 1920, height: 1080)
    let boxed = try Image.letterboxed(from: picture, to: PixelSize(width: 1280, height: 720))
    #expect(boxed.size == PixelSize(width: 1280, height: 720))
    // No bar: the gradient's dark left edge is still there.
    #expect(try boxed.region(PixelRect(x: 0, y: 0, width: 4, height: 720)).mean() < 100)
  }
}
