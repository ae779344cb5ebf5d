/// The panel icon drawn in code, as the ARGB pixmap of StatusNotifierItem's `IconPixmap`: the
/// fallback for a host that cannot find the themed icon `bingwall` (installed in the hicolor
/// theme by `make install`, the .deb and the tarball). The same drawing as
/// data/icons/hicolor/scalable/apps/bingwall.svg: a sky with a sun over two hills, in a
/// rounded frame. Full colour, so it reads on a light panel and a dark one.
enum TrayIcon {
  /// The themed icon's name; `bingwall-symbolic` is its one-colour form for hosts that ask for
  /// symbolic icons and colour them to the panel's text.
  static let name = "bingwall"

  /// The sizes sent: hosts pick the nearest to their panel.
  static let sizes = [22, 32, 48]

  static let sky: UInt32 = 0xFF2F_80ED
  static let sun: UInt32 = 0xFFFF_C83D
  static let hill: UInt32 = 0xFF1E_8F5A
  static let farHill: UInt32 = 0xFF5F_B98A

  /// One size's pixels, row by row, each ARGB in network byte order as the specification asks.
  static func pixmap(size: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size * size * 4)
    let scale = Double(size) / 32
    for row in 0..<size {
      for column in 0..<size {
        // The drawing is on a 32×32 grid; each pixel is looked at its centre.
        let x = (Double(column) + 0.5) / scale
        let y = (Double(row) + 0.5) / scale
        let colour = colourAt(x: x, y: y)
        bytes += [
          UInt8(colour >> 24), UInt8(colour >> 16 & 0xFF), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF),
        ]
      }
    }
    return bytes
  }

  /// The drawing at a point of the 32×32 grid (0 is transparent).
  static func colourAt(x: Double, y: Double) -> UInt32 {
    // The frame: a square from 2 to 30 with corners of radius 5.
    let (left, right, top, bottom, radius) = (2.0, 30.0, 2.0, 30.0, 5.0)
    guard x >= left, x <= right, y >= top, y <= bottom else { return 0 }
    let cornerX = min(max(x, left + radius), right - radius)
    let cornerY = min(max(y, top + radius), bottom - radius)
    if (x - cornerX) * (x - cornerX) + (y - cornerY) * (y - cornerY) > radius * radius { return 0 }
    // The near hill, then the far one, then the sun, over the sky: each hill a parabola.
    if y >= 21 + 0.03 * (x - 9) * (x - 9) { return hill }
    if y >= 17 + 0.04 * (x - 23) * (x - 23) { return farHill }
    if (x - 11) * (x - 11) + (y - 10) * (y - 10) <= 16 { return sun }
    return sky
  }
}
