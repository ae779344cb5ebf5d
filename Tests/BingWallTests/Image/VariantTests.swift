import Foundation
import Testing

@testable import BingWallImage

/// The dark and lock variants of a screen's picture.
@Suite struct VariantTests {
  /// Measured on the saved files, as a desktop reads them.
  @Test(arguments: [0.7, 0.5, 0.25])
  func theDarkVariantHasTheFactorOfTheLuminance(factor: Double) throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.gradient(in: folder, width: 640, height: 360)
    let plain = try Image.cropped(from: picture, to: PixelSize(width: 480, height: 360))
    let dark = try TestPictures.saved(try plain.dimmed(by: factor), as: "dark.jpg", in: folder)
    let reference = try TestPictures.saved(plain, as: "plain.jpg", in: folder)
    let ratio = try TestPictures.luma(dark) / (try TestPictures.luma(reference))
    #expect(abs(ratio - factor) <= 0.03 * factor, "\(ratio)")
  }

  @Test func theBlurLowersTheDetail() throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.noise(in: folder, width: 400, height: 300)
    let plain = try Image.cropped(from: picture, to: PixelSize(width: 400, height: 300))
    let blurred = try plain.blurred(sigma: 8)
    #expect(blurred.size == plain.size)
    #expect(try blurred.deviation() < (try plain.deviation()) / 2)
    // Blurred, not darkened: the mean stays.
    #expect(abs(try blurred.mean() - (try plain.mean())) < 2)
  }

  @Test(arguments: [0.0, -1.0])
  func aSigmaOfZeroIsThePictureItself(sigma: Double) throws {
    let folder = try TemporaryDirectory()
    let plain = try Image.open(jpeg: try TestPictures.noise(in: folder, width: 64, height: 48))
    #expect(try plain.blurred(sigma: sigma) === plain)
  }
}
