import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// A 160x60 picture of four vertical stripes (red, lime, blue, white) that tells the modes apart on a
/// 320x240 screen, and the colours each mode leaves at a handful of probe points.
///
/// The picture is wider than the screen's aspect ratio and smaller than the screen, so: fill crops the
/// outer stripes away (lime left, blue right); fit leaves black bars above and below; stretch keeps
/// red and white at the corners; center leaves the corners black; tile repeats red every 160 pixels
/// across and every 60 down. Each mode's row of colours below differs from every other row, and each
/// has a colour that only drawing can produce, so a setter that did nothing fails every mode.
package enum StripedPicture {
  package static let red: UInt32 = 0xff0000
  static let lime: UInt32 = 0x00ff00
  package static let blue: UInt32 = 0x0000ff
  package static let white: UInt32 = 0xffffff
  package static let black: UInt32 = 0x000000

  /// PNG, so the colours are exact (a JPEG would smear them at the stripe edges).
  package static func make(at path: String) throws {
    try ExternalTool.run([
      "convert", "-size", "40x60", "xc:#ff0000", "xc:#00ff00", "xc:#0000ff", "xc:#ffffff", "+append",
      "PNG24:\(path)",
    ])
  }

  package static let probes = [
    (5, 5), (315, 5), (5, 120), (85, 120), (165, 5), (5, 65), (125, 5), (85, 5), (315, 235),
  ]

  /// The colour at each probe, in the order of `probes`.
  package static let expected: [WallpaperMode: [UInt32]] = [
    .fill: [lime, blue, lime, lime, blue, lime, lime, lime, blue],
    .fit: [black, black, red, lime, black, red, black, black, black],
    .stretch: [red, white, red, lime, blue, red, lime, lime, white],
    .center: [black, black, black, red, black, black, black, black, black],
    .tile: [red, white, red, blue, red, red, white, blue, white],
  ]

  /// hsetroot tiles from a picture centred on the screen rather than from the top-left corner: the
  /// tiles start 80 pixels across and 30 down, so the stripes fall elsewhere.
  package static let centredTile: [UInt32] = [blue, lime, blue, red, blue, blue, lime, red, lime]

  /// The probe colours of a screenshot, each rounded to the nearest of our five colours when it is
  /// within a small distance (scalers blend at edges), else left as it is so a failure shows it.
  package static func probeColours(of screenshot: some PixelSource) -> [UInt32] {
    probes.map { x, y in
      let colour = screenshot.colour(x: x, y: y)
      return [red, lime, blue, white, black].first { distance($0, colour) <= 48 } ?? colour
    }
  }

  private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
    [16, 8, 0].map { abs(Int((a >> $0) & 0xff) - Int((b >> $0) & 0xff)) }.max()!
  }
}

/// A screenshot, from X11 (xwd) or Wayland (grim): what the probes read.
package protocol PixelSource {
  /// The colour at (`x`, `y`) as `0xRRGGBB`.
  func colour(x: Int, y: Int) -> UInt32
}

extension VirtualXServer.Screenshot: PixelSource {}
