/// How a picture fills the screen: the values of `mode` and `--mode`.
package enum WallpaperMode: String, Sendable, CaseIterable {
  /// Leave a desktop's own scaling setting alone; tools that need a flag get `fill`.
  case auto
  /// Cover the screen, cropping what sticks out (keeps the aspect ratio).
  case fill
  /// Show the whole picture, with bars where the aspect ratios differ.
  case fit
  /// Cover the screen exactly, distorting the picture.
  case stretch
  /// The picture at its own size, in the middle.
  case center
  /// Repeat the picture across the screen.
  case tile

  /// The names, in the order help lists them.
  package static let all: [String] = allCases.map(\.rawValue)

  /// `auto` as a flag-only tool must see it.
  var explicit: WallpaperMode { self == .auto ? .fill : self }
}
