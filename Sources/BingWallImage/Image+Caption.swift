import CVips

extension Image {
  /// The picture with `caption` drawn in its calmest corner (`CaptionCorner.calmest`): white
  /// text over a soft black shadow, sized to the picture (a title about a fortieth of its shorter
  /// side high). Only the pixels under the text and its shadow change.
  ///
  /// The text is Pango markup rendered by `vips_text`, the caption's words escaped
  /// (`PangoMarkup`); the patch is composed on its own and put back with `vips_insert`, so the
  /// rest of the picture is copied, not recomputed.
  /// https://www.libvips.org/API/8.14/libvips-create.html#vips-text
  func captioned(_ caption: Caption) throws(ImageError) -> Image {
    let placement = try captionPlacement(caption)
    let layout = placement.layout
    let reach = layout.shadowReach
    let shadow = try softShadow(of: placement.shadowText, layout)
    let under = try region(placement.patch)
    let shadowAt = Int32(reach - layout.shadowBlurPad + layout.shadowOffset)
    let shadowed = try under.derived("caption") {
      bw_vips_composite2_over(api, under.handle, shadow.handle, $0, shadowAt, shadowAt)
    }
    let text = placement.text
    let written = try shadowed.derived("caption") {
      bw_vips_composite2_over(api, shadowed.handle, text.handle, $0, Int32(reach), Int32(reach))
    }
    // The composite has gained an alpha band; the picture has none.
    let opaque = try written.derived("caption") {
      bw_vips_extract_bands(api, written.handle, $0, 0, Int32(bands))
    }
    let eightBit = try opaque.derived("caption") { bw_vips_cast_uchar(api, opaque.handle, $0) }
    let patch = placement.patch
    return try derived("caption") {
      bw_vips_insert(api, handle, eightBit.handle, $0, Int32(patch.x), Int32(patch.y))
    }
  }

  /// Where `caption` goes on this picture, with its text rendered: the corner, and the patch
  /// that the text and its shadow cover, the only pixels `captioned` changes.
  func captionPlacement(_ caption: Caption) throws(ImageError) -> CaptionPlacement {
    let layout = CaptionLayout(for: size)
    let text = try Self.rendered(caption.markup(colour: "white"), layout, api: api, source: source)
    let shadowText = try Self.rendered(caption.markup(colour: "black"), layout, api: api, source: source)
    let block = text.size
    guard block.width + 2 * layout.margin <= width, block.height + 2 * layout.margin <= height else {
      throw .operation(
        operation: "caption", path: source, message: "a \(block) caption does not fit on a \(size) picture")
    }
    let reach = layout.shadowReach
    let corner = try CaptionCorner.calmest(in: self, for: block, margin: layout.margin, reach: reach)
    let origin = corner.origin(of: block, in: size, margin: layout.margin)
    // The margin is wider than the shadow reaches, so the patch lies inside the picture.
    let patch = PixelRect(
      x: origin.x - reach, y: origin.y - reach, width: block.width + 2 * reach,
      height: block.height + 2 * reach)
    return CaptionPlacement(layout: layout, corner: corner, patch: patch, text: text, shadowText: shadowText)
  }

  /// `markup` as RGBA, in the layout's font and wrapped at its width.
  static func rendered(
    _ markup: String, _ layout: CaptionLayout, api: UnsafePointer<bw_vips_api>, source: String
  ) throws(ImageError) -> Image {
    try made("caption", api: api, source: source) {
      bw_vips_text_rgba(api, $0, markup, "sans \(layout.fontSize)", Int32(layout.wrapWidth))
    }
  }

  /// `text` (black) padded with transparency and blurred, at three quarters of its opacity.
  private func softShadow(of text: Image, _ layout: CaptionLayout) throws(ImageError) -> Image {
    let pad = layout.shadowBlurPad
    let padded = try text.derived("caption") {
      bw_vips_embed_black(
        api, text.handle, $0, Int32(pad), Int32(pad), Int32(text.width + 2 * pad),
        Int32(text.height + 2 * pad))
    }
    let blurred = try padded.derived("caption") {
      bw_vips_gaussblur(api, padded.handle, $0, layout.shadowSigma)
    }
    // The colour bands are 0, so scaling every band changes only the alpha.
    return try blurred.derived("caption") { bw_vips_linear1_uchar(api, blurred.handle, $0, 0.75, 0) }
  }
}

/// A caption fitted to one picture: its sizes, its corner, the patch it covers, and its text
/// rendered white and black (for the shadow).
struct CaptionPlacement {
  let layout: CaptionLayout
  let corner: CaptionCorner
  let patch: PixelRect
  let text: Image
  let shadowText: Image
}
