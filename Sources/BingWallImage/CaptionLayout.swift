/// The sizes of a caption on a picture of a given size, all in pixels.
struct CaptionLayout {
  /// The title's font size (72 dpi, so points are pixels): a fortieth of the shorter side.
  let fontSize: Int
  /// From the picture's edges to the text: one line's height.
  let margin: Int
  /// Where lines wrap: under half the width of a landscape picture, the width less the margins
  /// of a portrait one.
  let wrapWidth: Int
  let shadowOffset: Int
  let shadowSigma: Double
  /// Transparent room around the shadow's text so the blur is not cut: three sigmas.
  let shadowBlurPad: Int

  init(for picture: PixelSize) {
    fontSize = max(12, min(picture.width, picture.height) / 40)
    margin = fontSize
    wrapWidth =
      picture.width > picture.height ? picture.width * 45 / 100 : max(fontSize, picture.width - 2 * margin)
    shadowOffset = max(1, fontSize / 12)
    shadowSigma = max(1, Double(fontSize) / 10)
    shadowBlurPad = Int((3 * shadowSigma).rounded(.up))
  }

  /// How far past the text the shadow can reach: its offset and its blur.
  var shadowReach: Int { shadowOffset + shadowBlurPad }
}
