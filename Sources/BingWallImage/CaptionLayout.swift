/// The sizes of a caption on a picture of a given size, all in pixels, each from the font size
/// and the picture's.
struct CaptionLayout {
  /// The title's font size (72 dpi, so points are pixels): a fortieth of the shorter side.
  let fontSize: Int
  let picture: PixelSize

  init(for picture: PixelSize) {
    self.picture = picture
    fontSize = max(12, min(picture.width, picture.height) / 40)
  }

  /// From the picture's edges to the text: one line's height.
  var margin: Int { fontSize }

  /// Where lines wrap: under half the width of a landscape picture, the width less the margins
  /// of a portrait one.
  var wrapWidth: Int {
    picture.width > picture.height ? picture.width * 45 / 100 : max(fontSize, picture.width - 2 * margin)
  }

  var shadowOffset: Int { max(1, fontSize / 12) }

  var shadowSigma: Double { max(1, Double(fontSize) / 10) }

  /// Transparent room around the shadow's text so the blur is not cut: three sigmas.
  var shadowBlurPad: Int { Int((3 * shadowSigma).rounded(.up)) }

  /// How far past the text the shadow can reach: its offset and its blur.
  var shadowReach: Int { shadowOffset + shadowBlurPad }
}
