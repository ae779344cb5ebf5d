/// A picture's or a screen's size in pixels.
struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  let width: Int
  let height: Int

  /// `2560x1440`, as screen sizes are written.
  var description: String { "\(width)x\(height)" }
}
