/// A picture to make from a file for the screens: what a `ScreenPictureMaker` is asked.
package struct PictureRecipe: Sendable, Equatable {
  /// The picture it is made from.
  package var picture: PictureFile
  /// The screens it covers, in the layout's pixels: one (a screen's own picture), several (one
  /// canvas spanning them), none (the picture at its own size, for a variant or a caption).
  package var outputs: [Output]
  /// `fill` (cropped to each screen's shape) or `fit` (letterboxed).
  package var mode: WallpaperMode
  package var variant: Variant
  /// The picture each output named here shows instead of `picture` (`ScreenAssignment`).
  package var sources: [String: PictureFile]

  /// Which of the picture's looks: as it is, dimmed for dark style, blurred for the lock screen.
  package enum Variant: String, Sendable {
    case plain, dark, lock
  }

  package init(
    picture: PictureFile, outputs: [Output], mode: WallpaperMode, variant: Variant = .plain,
    sources: [String: PictureFile] = [:]
  ) {
    self.picture = picture
    self.outputs = outputs
    self.mode = mode
    self.variant = variant
    self.sources = sources
  }

  /// The file it is made from.
  package var source: String { picture.path }

  /// The file `output` shows instead of `source`, if another.
  package func source(of output: Output) -> String? { sources[output.name]?.path }

  /// The file read for `output` instead of the picture it shows: that picture's own rendition
  /// for the output's shape (Bing's portrait file, for a screen on its side). It is the same
  /// picture, so it keeps the caption.
  package func rendition(of output: Output) -> String? {
    (sources[output.name] ?? picture).rendition(for: output)
  }
}

/// Makes the picture `recipe` describes: the made file's path (the source itself when the recipe
/// changes nothing), or why not.
package typealias ScreenPictureMaker =
  @Sendable (_ recipe: PictureRecipe) -> Result<String, ScreenProblem>
