import CVips
import Synchronization

/// A stored picture made for the screens, the one door the use cases have into this target.
package enum ScreenPicture {
  /// How the picture meets a screen of another shape.
  package enum Fit: String, Sendable {
    /// Cut to the screen's shape around what draws the eye, then resized: `fill`.
    case crop
    /// Resized whole onto bars of its edges' colour: `fit`.
    case letterbox
  }

  /// One screen's place on the picture made, in its pixels from the top-left corner.
  package struct Screen: Sendable, Equatable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    /// The picture this screen shows; nil: the one `make` is given.
    package var source: String?
    /// The file read for that picture: its rendition in this screen's shape (Bing's portrait
    /// file); nil: the picture's own file.
    package var rendition: String?

    package init(
      x: Int, y: Int, width: Int, height: Int, source: String? = nil, rendition: String? = nil
    ) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
      self.source = source
      self.rendition = rendition
    }

    /// The file this screen's picture is cut from.
    func file(given source: String) -> String { rendition ?? self.source ?? source }
  }

  /// What is done to each screen's picture once it has the screen's shape: the variants. The
  /// default look changes nothing.
  package struct Look: Sendable, Equatable {
    /// Drawn in the calmest corner of each screen showing the picture `make` is given; nil:
    /// none.
    package var caption: Caption?
    /// Brightness kept, 0–1 (the dark variant); 1: as it is.
    package var dim: Double
    /// Gaussian blur sigma in pixels (the lock variant); 0: sharp.
    package var blur: Double

    package init(caption: Caption? = nil, dim: Double = 1, blur: Double = 0) {
      self.caption = caption
      self.dim = dim
      self.blur = blur
    }

    /// The look on `screen`: a caption names the picture being set, so a screen showing another
    /// one goes without.
    package func on(_ screen: Screen) -> Look {
      var look = self
      if screen.source != nil { look.caption = nil }
      return look
    }
  }

  /// The last two single-screen pictures made (`shape`, `make`, `restyle`), kept in memory for
  /// their variants: a dark, lock or captioned look then costs no decode of a file, and can start
  /// while the picture it comes from is still being encoded and written. Two: a screen's crop and
  /// its captioned look, which the others may be made from at the same time. One per apply (its
  /// owner's lifetime), so a daemon holds no picture between changes.
  package final class Kept: Sendable {
    private let last = Mutex<[(path: String, image: Image)]>([])

    package init() {}

    func keep(_ image: Image, as path: String) {
      last.withLock { kept in
        kept.removeAll { $0.path == path }
        kept.append((path, image))
        if kept.count > 2 { kept.removeFirst() }
      }
    }

    func image(at path: String) -> Image? {
      last.withLock { kept in kept.last { $0.path == path }?.image }
    }

    /// Whether the picture for `path` is in memory.
    package func holds(_ path: String) -> Bool { image(at: path) != nil }

    /// True until a picture is kept: the first screen's crop of an apply is still to be made.
    package var isEmpty: Bool { last.withLock { $0.isEmpty } }
  }

  /// The longest side of a picture made for no screen in particular (the screens are unknown):
  /// the largest Bing sends (UHD), so a 16384x16384 file of a user's never lives whole in memory.
  static let wholeMaximumSide = 3840

  /// Makes the picture at `source` (or each screen's own) for `screens` with `look` and saves
  /// it, atomically, at `path`.
  ///
  /// One screen: the picture at its exact size. Several: one canvas as large as their bounding
  /// box, black between them, each screen's own crop at its place (the layout of a desktop
  /// that spans one picture over every screen). None: the whole picture, no larger than
  /// `wholeMaximumSide`, for the look alone.
  package static func make(
    from source: String, screens: [Screen], fit: Fit, look: Look = Look(), to path: String,
    keeping kept: Kept? = nil
  ) throws(ImageError) {
    guard let first = screens.first else {
      try styled(try Image.whole(from: source, within: wholeMaximumSide), look).saveJPEG(to: path)
      return
    }
    if screens.count == 1, let kept {
      // Shaped already (`shape`): only encoded and written.
      if let image = kept.image(at: path) { return try image.saveJPEG(to: path) }
      let canvas = try Self.shaped(first, from: source, fit: fit, look: look).inMemory("make")
      kept.keep(canvas, as: path)
      return try canvas.saveJPEG(to: path)
    }
    let left = screens.map(\.x).min()!
    let top = screens.map(\.y).min()!
    let right = screens.map { $0.x + $0.width }.max()!
    let bottom = screens.map { $0.y + $0.height }.max()!
    func shaped(_ screen: Screen) throws(ImageError) -> Image {
      try Self.shaped(screen, from: source, fit: fit, look: look)
    }
    var canvas = try shaped(first)
    if screens.count > 1 {
      canvas = try canvas.placed(
        at: first.x - left, first.y - top, on: PixelSize(width: right - left, height: bottom - top))
      for screen in screens.dropFirst() {
        canvas = try canvas.inserting(try shaped(screen), at: screen.x - left, screen.y - top)
      }
    }
    try canvas.saveJPEG(to: path)
  }

  /// The picture `make` saves at `path` for one `screen`, made in memory and kept in `kept`
  /// under that path, not yet written: its looks are made from it (`restyle` from `path`) while
  /// `make` (which finds it kept) encodes and writes it.
  package static func shape(
    from source: String, screen: Screen, fit: Fit, look: Look = Look(), as path: String, in kept: Kept
  ) throws(ImageError) {
    guard !kept.holds(path) else { return }
    kept.keep(try shaped(screen, from: source, fit: fit, look: look).inMemory("make"), as: path)
  }

  /// The picture for `screen`, cut (or letterboxed) to its size from its file, with `look`.
  private static func shaped(_ screen: Screen, from source: String, fit: Fit, look: Look) throws(ImageError)
    -> Image
  {
    let size = PixelSize(width: screen.width, height: screen.height)
    let image =
      switch fit {
      case .crop: try Image.cropped(from: screen.file(given: source), to: size)
      case .letterbox: try Image.letterboxed(from: screen.file(given: source), to: size)
      }
    return try styled(image, look.on(screen))
  }

  /// The picture at `made` (already made for its screen, so only decoded, not cut again; or
  /// only in memory yet, kept by `shape`) with `look`, saved atomically at `path`: a screen's
  /// variants cost no decode of the source, nor its crop.
  /// `kept`: where `make` may have left that picture in memory; `keepingResult`: the picture
  /// made is left there in its place, for the looks made from it next.
  package static func restyle(
    from made: String, look: Look, to path: String, kept: Kept? = nil, keepingResult: Bool = false
  ) throws(ImageError) {
    let image: Image
    if let memory = kept?.image(at: made) {
      image = memory
    } else {
      image = try Image.open(jpeg: made).inMemory("read")
    }
    guard keepingResult, let kept else { return try styled(image, look).saveJPEG(to: path) }
    // A caption or a dim over the picture in memory is kept as its recipe, computed again by
    // each look made from it: a copy in memory would cost a second screen's worth of pixels
    // (11 MB at 2560x1440) and its copying, for work that is a patch and a table. A blur is not.
    var result = try styled(image, look)
    if look.blur > 0 || !image.isComputed { result = try result.inMemory("restyle") }
    try result.saveJPEG(to: path)
    kept.keep(result, as: path)
  }

  /// Renders a word in the caption's font and drops it: the first text libvips renders loads
  /// fontconfig's configuration and the font (tens of milliseconds), which this pays on
  /// another thread while the screen's crop is made. A failure is left for the caption itself
  /// to report.
  package static func prepareText() {
    guard let api = try? VipsLibrary.api() else { return }
    _ = try? Image.made("caption", api: api, source: "caption") {
      bw_vips_text_rgba(api, $0, "Bing", "sans 12", 200)
    }
  }

  /// `image` captioned, then dimmed and blurred, as `look` asks.
  private static func styled(_ image: Image, _ look: Look) throws(ImageError) -> Image {
    var image = image
    if let caption = look.caption { image = try image.captioned(caption) }
    if look.dim < 1 { image = try image.dimmed(by: max(0, look.dim)) }
    if look.blur > 0 { image = try image.blurred(sigma: look.blur) }
    return image
  }
}
