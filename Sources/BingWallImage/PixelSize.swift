/// A picture's or a screen's size in pixels.
package struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  package let width: Int
  package let height: Int

  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `2560x1440`, as screen sizes are written.
  package var description: String { "\(width)x\(height)" }
}
