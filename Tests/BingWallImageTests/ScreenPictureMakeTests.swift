import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallSystem

/// What `ScreenPicture.make` writes: one screen's picture, a canvas for several, the whole
/// picture for a look alone, and the caption, read back by OCR.
@Suite struct ScreenPictureMakeTests {
  /// Two screens side by side, the second taller: one canvas their bounding box, each screen's
  /// crop at its place, black where no screen is.
  @Test func severalScreensMakeOneCanvasEachCropAtItsPlace() throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 1600, height: 900)
    let path = folder.file("canvas.jpg")
    try ScreenPicture.make(
      from: picture,
      screens: [
        .init(x: 0, y: 0, width: 320, height: 180), .init(x: 320, y: 0, width: 180, height: 320),
      ], fit: .crop, to: path)
    let canvas = try TestPictures.saved(try Image.open(jpeg: path), as: "read.jpg", in: folder)
    #expect(canvas.size == PixelSize(width: 500, height: 320))
    // Below the first screen, nothing: black.
    #expect(try canvas.region(PixelRect(x: 10, y: 200, width: 300, height: 110)).mean() < 3)
    // Both screens hold the picture, whose gradient never reaches black.
    #expect(try canvas.region(PixelRect(x: 10, y: 10, width: 300, height: 160)).mean() > 20)
    #expect(try canvas.region(PixelRect(x: 330, y: 10, width: 160, height: 300)).mean() > 20)
  }

  /// A screen with its own source (policy `different` on a canvas) shows that picture.
  @Test func aScreenWithItsOwnSourceShowsIt() throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 1600, height: 900)
    let green = try TestPictures.draw("green.jpg", in: folder, ["-size", "800x450", "xc:#00ff00"])
    let path = folder.file("canvas.jpg")
    try ScreenPicture.make(
      from: picture,
      screens: [
        .init(x: 0, y: 0, width: 320, height: 180),
        .init(x: 320, y: 0, width: 320, height: 180, source: green),
      ], fit: .crop, to: path)
    let canvas = try TestPictures.saved(try Image.open(jpeg: path), as: "read.jpg", in: folder)
    let right = try canvas.region(PixelRect(x: 330, y: 10, width: 300, height: 160))
    #expect(try right.mean(band: 1) > 240 && right.mean(band: 0) < 15)
    let left = try canvas.region(PixelRect(x: 10, y: 10, width: 300, height: 160))
    #expect(try left.mean(band: 0) > 60, "the gradient, not green")
  }

  /// No screen: the picture at its own size, or shrunk into `wholeMaximumSide` when larger, with
  /// its look; here dimmed.
  @Test(arguments: [(640, 360, 640, 360), (5000, 1000, 3840, 768)])
  func noScreenIsTheWholePictureBoundedInSize(width: Int, height: Int, madeWidth: Int, madeHeight: Int) throws
  {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: width, height: height)
    let path = folder.file("dark.jpg")
    try ScreenPicture.make(from: picture, screens: [], fit: .crop, look: .init(dim: 0.5), to: path)
    let made = try TestPictures.saved(try Image.open(jpeg: path), as: "read.jpg", in: folder)
    #expect(made.size == PixelSize(width: madeWidth, height: madeHeight))
    let plain = try TestPictures.saved(try Image.open(jpeg: picture), as: "plain.jpg", in: folder)
    let ratio = try TestPictures.luma(made) / TestPictures.luma(plain)
    #expect(abs(ratio - 0.5) <= 0.03 * 0.5, "\(ratio)")
  }

  /// tesseract reads the title's words off the captioned file; a title that looks like markup
  /// is drawn, not obeyed.
  @Test(
    .enabled(
      if: PosixProcessRunner.which("tesseract", path: "/usr/bin:/bin") != nil,
      "tesseract-ocr (make test-deps)"))
  func theCaptionIsReadableText() throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 1600, height: 900)
    let path = folder.file("captioned.jpg")
    try ScreenPicture.make(
      from: picture, screens: [.init(x: 0, y: 0, width: 1600, height: 900)], fit: .crop,
      look: .init(caption: Caption(title: "Morning Lake <b>& Hills", credit: "Photo Ansel Example")), to: path
    )
    // Only the white text kept, black on white, as OCR reads best; the gradient never gets that
    // light.
    let ink = folder.file("ink.png")
    try ExternalTool.run(["convert", path, "-colorspace", "gray", "-threshold", "92%", "-negate", ink])
    let text = String(decoding: try ExternalTool.run(["tesseract", ink, "stdout"]), as: UTF8.self)
    for word in ["Morning", "Lake", "Hills", "Ansel", "Example"] {
      #expect(text.contains(word), "OCR read: \(text)")
    }
    #expect(text.contains("<b>&"), "the markup's characters are drawn: \(text)")
  }
}
