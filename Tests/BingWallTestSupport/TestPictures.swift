import Foundation
import Testing

@testable import BingWallImage

/// Pictures for the image tests, drawn by ImageMagick into a test's temporary folder.
///
/// Each is a real JPEG the way Bing's are (baseline, sRGB, 8-bit); small, so a test runs in
/// milliseconds, except where the size is the point.
package enum TestPictures {
  /// `convert ARGUMENTS... PATH`, returning the path of the JPEG written to `name` in `folder`.
  package static func draw(_ name: String, in folder: TemporaryDirectory, _ arguments: [String]) throws
    -> String
  {
    let path = folder.file(name)
    try ExternalTool.run(["convert"] + arguments + ["-quality", "95", path])
    return path
  }

  /// A dark picture with one bright yellow disc, `radius` pixels, centred at (`x`, `y`).
  package static func disc(
    in folder: TemporaryDirectory, width: Int, height: Int, x: Int, y: Int, radius: Int,
    background: String = "#1e2a36", colour: String = "#ffe14d"
  ) throws -> String {
    try draw(
      "disc-\(width)x\(height).jpg", in: folder,
      [
        "-size", "\(width)x\(height)", "xc:\(background)", "-fill", colour,
        "-draw", "circle \(x),\(y) \(x + radius),\(y)",
      ])
  }

  /// Noise everywhere: a picture with detail in every corner.
  package static func noise(in folder: TemporaryDirectory, width: Int, height: Int) throws -> String {
    try draw(
      "noise-\(width)x\(height).jpg", in: folder,
      ["-size", "\(width)x\(height)", "xc:gray50", "-seed", "21", "+noise", "Random"])
  }

  /// A left-to-right blend of two colours: no flat area, nothing at an extreme.
  package static func gradient(in folder: TemporaryDirectory, width: Int, height: Int) throws -> String {
    try draw(
      "gradient-\(width)x\(height).jpg", in: folder,
      ["-size", "\(height)x\(width)", "gradient:#2a4a80-#e8c89a", "-rotate", "-90"])
  }

  /// `path`'s bytes up to the end of its scan header: a JPEG whose header is whole and whose
  /// pixels are all missing, as a download cut short right after the header leaves it.
  package static func truncatedAfterHeader(_ path: String, in folder: TemporaryDirectory) throws -> String {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let scan = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
    let headerLength = Int(bytes[scan + 2]) << 8 | Int(bytes[scan + 3])
    let truncated = folder.file("truncated.jpg")
    try Data(bytes[..<(scan + 2 + headerLength)]).write(to: URL(fileURLWithPath: truncated))
    return truncated
  }

  /// A copy of the JPEG at `path` whose frame header (SOF0) claims `width`x`height`: what the
  /// header check sees, without a picture ImageMagick refuses to draw (its limit is 16K a side).
  package static func claiming(width: Int, height: Int, from path: String, in folder: TemporaryDirectory)
    throws
    -> String
  {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let frame = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes[frame + 5] = UInt8(height >> 8)
    bytes[frame + 6] = UInt8(height & 0xFF)
    bytes[frame + 7] = UInt8(width >> 8)
    bytes[frame + 8] = UInt8(width & 0xFF)
    let claimed = folder.file("claiming-\(width)x\(height).jpg")
    try Data(bytes).write(to: URL(fileURLWithPath: claimed))
    return claimed
  }

  /// The picture at `path` after a JPEG round trip through `image.saveJPEG`, opened again: what
  /// a desktop reads.
  package static func saved(_ image: Image, as name: String, in folder: TemporaryDirectory) throws -> Image {
    let path = folder.file(name)
    try image.saveJPEG(to: path)
    // In memory: a sequential read serves one measurement, and these are measured per band.
    return try Image.open(jpeg: path).inMemory("measure")
  }

  /// Rec. 709 luma of the mean colour, 0–255: the brightness the eye reads off the stored values.
  package static func luma(_ image: Image) throws -> Double {
    let weights = [0.2126, 0.7152, 0.0722]
    return try (0..<3).reduce(0) { $0 + weights[$1] * (try image.mean(band: $1)) }
  }
}
