/// What one picture set by a backend covers, which decides the shape bingwall makes it in.
package enum PictureScope: String, Sendable, CaseIterable {
  /// Each screen its own picture (`setEach`), made at the screen's size: sway, swaybg, XFCE,
  /// KDE, Hyprland, swww, wpaperd, feh, nitrogen, xwallpaper.
  case eachOutput = "each"
  /// One picture over the whole layout (the X root window, GNOME's `spanned`): made as one
  /// canvas, each screen's crop at its place.
  case layout
  /// One picture shown on every screen, each scaling it itself: made at the primary screen's
  /// shape, so that screen stretches nothing.
  case everyOutput = "every"
  /// The file is given as it is and the desktop scales it.
  case asIs = "as-is"

  /// What the man page says the backends of this scope are given with fill or fit.
  package var manualPhrase: String {
    switch self {
    case .eachOutput: "each screen a picture of its own, made at its size"
    case .layout: "one canvas as large as the layout, each screen's picture at its place"
    case .everyOutput: "one picture at the primary screen's shape, which every screen scales"
    case .asIs: "the file as it is"
    }
  }

  /// What `bingwall outputs` says of a backend with this scope.
  package func sentence(backend: String) -> String {
    switch self {
    case .eachOutput: "\(backend) gives each output a picture of its own, made at its size."
    case .layout: "\(backend) sets one picture across every output, made as one canvas of them all."
    case .everyOutput: "\(backend) shows one picture on every output, made at the primary output's shape."
    case .asIs: "\(backend) sets the picture as it is on every output."
    }
  }
}

/// A picture to make from a file for the screens: what a `ScreenPictureMaker` is asked.
package struct PictureRecipe: Sendable, Equatable {
  /// The file it is made from.
  package var source: String
  /// The screens it covers, in the layout's pixels: one (a screen's own picture), several (one
  /// canvas spanning them), none (the picture at its own size, for a variant or a caption).
  package var outputs: [Output]
  /// `fill` (cropped to each screen's shape) or `fit` (letterboxed).
  package var mode: WallpaperMode
  package var variant: Variant
  /// The file each output named here shows instead of `source` (`ScreenAssignment`).
  package var sources: [String: String]
  /// The file read for each output named here instead of the picture it shows: that picture's
  /// own rendition for the output's shape (Bing's portrait file, for a screen on its side). It
  /// is the same picture, so it keeps the caption.
  package var renditions: [String: String]

  /// Which of the picture's looks: as it is, dimmed for dark style, blurred for the lock screen.
  package enum Variant: String, Sendable {
    case plain, dark, lock
  }

  package init(
    source: String, outputs: [Output], mode: WallpaperMode, variant: Variant = .plain,
    sources: [String: String] = [:], renditions: [String: String] = [:]
  ) {
    self.source = source
    self.outputs = outputs
    self.mode = mode
    self.variant = variant
    self.sources = sources
    self.renditions = renditions
  }

  /// The file `output` shows.
  package func source(of output: Output) -> String { sources[output.name] ?? source }
}

/// Makes the picture `recipe` describes: the made file's path (the source itself when the recipe
/// changes nothing), or why not.
package typealias ScreenPictureMaker =
  @Sendable (_ recipe: PictureRecipe) -> Result<String, WallpaperApplier.ScreenProblem>
