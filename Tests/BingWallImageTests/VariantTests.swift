import BingWallTestSupport
import CVips
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

  /// The dark look is looked up in a table of the 256 scaled values: the same bytes as each
  /// sample scaled on its own.
  @Test(arguments: [0.7, 0.33])
  func theDarkTableGivesTheBytesOfTheScaling(factor: Double) throws {
    let folder = try TemporaryDirectory()
    let plain = try Image.open(jpeg: try TestPictures.noise(in: folder, width: 320, height: 200))
      .inMemory("test")
    let scaled = try plain.derived("test") { bw_vips_linear1_uchar(plain.api, plain.handle, $0, factor, 0) }
    func encoded(_ image: Image) throws -> Data {
      try image.withEncodedJPEG(quality: 100) { (data) throws(ImageError) in Data(data) }
    }
    #expect(try encoded(plain.dimmed(by: factor)) == (try encoded(scaled)))
    #expect(try encoded(plain.dimmed(by: factor)) != (try encoded(plain)))
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

  /// A wide blur is made on the picture shrunk k times and enlarged in k×k blocks melted
  /// together: it keeps the exact size, odd sides too, and looks like the blur done whole
  /// (each of 192 areas' mean, near the disc's edge too), on a bright disc whose edge it spreads.
  @Test(arguments: [(20.0, 1001, 667), (7.0, 640, 360), (12.0, 333, 500), (60.0, 1280, 720)])
  func aWideBlurLooksLikeTheBlurDoneWhole(sigma: Double, width: Int, height: Int) throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.disc(
      in: folder, width: width, height: height, x: width / 3, y: height / 2, radius: min(width, height) / 4)
    let plain = try Image.cropped(from: picture, to: PixelSize(width: width, height: height)).inMemory("test")
    let fast = try plain.blurred(sigma: sigma).inMemory("test")
    let whole = try plain.derived("test") { bw_vips_gaussblur(plain.api, plain.handle, $0, sigma) }
      .inMemory("test")
    #expect(fast.size == plain.size)
    func largestDifference(_ one: Image, _ other: Image) throws -> Double {
      var largest = 0.0
      for row in 0..<12 {
        for column in 0..<16 {
          let area = PixelRect(
            x: column * width / 16, y: row * height / 12, width: width / 16, height: height / 12)
          largest = max(largest, abs(try one.region(area).mean() - (try other.region(area).mean())))
        }
      }
      return largest
    }
    // libvips's own Gaussian stops where it falls to a fifth of its peak, so the two blurs
    // differ in their tails; what counts is that the fast one is far nearer the slow one than
    // the sharp picture is (measured: 0.39, 0.05, 0.14 and 0.02 of that distance; the
    // interpolating enlargement it replaced, 0.17, 0.50 and 0.26 for the first three).
    let blurring = try largestDifference(plain, whole)
    let worst = try largestDifference(fast, whole)
    #expect(blurring > 10)
    #expect(worst < 0.6 * blurring, "an area's mean differs by \(worst) of \(blurring)")
  }

  @Test(arguments: [0.0, -1.0])
  func aSigmaOfZeroIsThePictureItself(sigma: Double) throws {
    let folder = try TemporaryDirectory()
    let plain = try Image.open(jpeg: try TestPictures.noise(in: folder, width: 64, height: 48))
    #expect(try plain.blurred(sigma: sigma) === plain)
  }
}
