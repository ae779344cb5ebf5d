/// What ImageMagick reads in a picture, for tests that check what a screen or a page shows.
package enum ImageMagick {
  /// The share of a PNG's pixels within 15% of `colour`.
  package static func share(of colour: String, in png: String) throws -> Double {
    let text = try ExternalTool.text([
      "convert", png, "-fuzz", "15%", "-fill", "black", "+opaque", colour, "-fill", "white", "-opaque",
      colour,
      "-colorspace", "Gray", "-format", "%[fx:mean]", "info:",
    ])
    return Double(text) ?? -1
  }
}
