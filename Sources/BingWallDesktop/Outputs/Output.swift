/// One connected screen as its compositor or X server lays it out.
///
/// `width` and `height` are the pixels the screen shows, already turned by its rotation (a
/// 1920x1080 panel turned 90° is 1080x1920): the size of the picture made for it. `x` and `y`
/// place it in the layout, in the same pixels, so that one canvas can hold every screen.
package struct Output: Sendable, Equatable {
  /// The name the desktop's own tools use: `HDMI-A-1`, `eDP-1`, `HEADLESS-2`.
  package var name: String
  package var width: Int
  package var height: Int
  package var x: Int
  package var y: Int
  /// Device pixels per layout pixel (2 on a HiDPI screen); 1 where the tool does not say.
  package var scale: Double
  /// Clockwise degrees the picture is turned on the panel (0, 90, 180, 270); nil where the
  /// tool does not say (`xrandr --listactivemonitors`), where only the shape tells.
  package var rotation: Int?
  /// The screen the desktop calls primary; where the tool has no such notion, the first.
  package var primary: Bool
  /// A RandR monitor someone drew with `xrandr --setmonitor`, not one the X server made for an
  /// output: it may be part of an output (one wide panel split in two) or span several, so a tool
  /// that addresses outputs by name (xwallpaper's `--output`) cannot reach it alone. Xinerama,
  /// which feh and nitrogen number their heads by, lists it like any other.
  var isUserMonitor = false

  package init(
    name: String, width: Int, height: Int, x: Int = 0, y: Int = 0, scale: Double = 1, rotation: Int? = 0,
    primary: Bool = false
  ) {
    self.name = name
    self.width = width
    self.height = height
    self.x = x
    self.y = y
    self.scale = scale
    self.rotation = rotation
    self.primary = primary
  }

  /// A screen from its panel's mode (`panelWidth`x`panelHeight`, as the panel is built) turned
  /// `rotation` degrees clockwise: a quarter turn swaps the sides.
  init(
    name: String, panelWidth: Int, panelHeight: Int, x: Int, y: Int, scale: Double, rotation: Int,
    primary: Bool = false
  ) {
    let turned = rotation == 90 || rotation == 270
    self.init(
      name: name, width: turned ? panelHeight : panelWidth, height: turned ? panelWidth : panelHeight, x: x,
      y: y,
      scale: scale, rotation: rotation, primary: primary)
  }

  /// Taller than wide: the screen of a monitor turned on its side.
  package var isPortrait: Bool { height > width }

  /// `1920x1080`.
  package var sizeText: String { "\(width)x\(height)" }
}

extension [Output] {
  /// The outputs with exactly one primary: the one the tool named, else the first; in the
  /// tool's order. Sizes beyond any screen (zero, negative, above 16384 a side) are dropped,
  /// as are outputs a hostile or broken tool lists twice, and any beyond `maximumCount`.
  func normalised() -> [Output] {
    var seen = Set<String>()
    var kept = prefix(Output.maximumCount).filter { output in
      (1...Output.maximumSide).contains(output.width) && (1...Output.maximumSide).contains(output.height)
        && !output.name.isEmpty && seen.insert(output.name).inserted
    }
    let primary = kept.firstIndex(where: \.primary) ?? kept.startIndex
    for index in kept.indices { kept[index].primary = index == primary }
    return kept
  }
}

extension Output {
  /// The largest side of a screen taken: what the picture store accepts as a picture, and far
  /// beyond any panel made.
  static let maximumSide = 16384
  /// More outputs than this in one tool's answer is not a desk but a broken tool.
  package static let maximumCount = 16
}
