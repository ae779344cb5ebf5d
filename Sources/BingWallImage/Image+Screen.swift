import CVips

extension Image {
  /// The picture at `path` covering `size` exactly: resized until it fills the screen, then cut
  /// to the screen's shape around what draws the eye (libvips's attention crop: skin tones,
  /// saturated colour, edges), in memory. `fill` on a screen of any shape, with nothing stretched.
  ///
  /// Read through `vips_thumbnail`, which decodes a large JPEG at 1/2, 1/4 or 1/8 of its size
  /// when that still covers the screen, so a 16384x16384 picture never exists whole in memory.
  /// https://www.libvips.org/API/8.14/libvips-resample.html#vips-thumbnail
  static func cropped(from path: String, to size: PixelSize) throws(ImageError) -> Image {
    try thumbnail(path, size, crop: Int32(BW_VIPS_INTERESTING_ATTENTION), operation: "crop")
  }

  /// The picture at `path` letterboxed into `size`: resized to fit, whole, and centred on bars
  /// of the colour of its edges that face them (the top and bottom rows for bars above and
  /// below), in memory. `fit` on a screen of another shape.
  ///
  /// One colour, the mean of those edges, rather than the edge pixels stretched outwards
  /// (`VIPS_EXTEND_COPY`): a stretched edge turns every detail on it into a stripe.
  static func letterboxed(from path: String, to size: PixelSize) throws(ImageError) -> Image {
    let fitted = try thumbnail(path, size, crop: Int32(BW_VIPS_INTERESTING_NONE), operation: "fit")
    guard fitted.size != size else { return fitted }
    let colour = try fitted.edgeColour(barsBesideIt: fitted.width < size.width)
    let x = (size.width - fitted.width) / 2
    let y = (size.height - fitted.height) / 2
    let api = fitted.api
    var made: OpaquePointer?
    if let message = VipsLibrary.failure(
      of: {
        made = colour.withUnsafeBufferPointer {
          api.pointee.array_double_new($0.baseAddress!, Int32($0.count))
        }
        return made != nil
      }, api)
    {
      throw .operation(operation: "fit", path: path, message: message)
    }
    guard let background = made else {
      throw .operation(operation: "fit", path: path, message: "libvips gave no array")
    }
    defer { bw_vips_array_double_unref(api, background) }
    let boxed = try fitted.derived("fit") {
      bw_vips_embed_background(
        api, fitted.handle, $0, Int32(x), Int32(y), Int32(size.width), Int32(size.height), background)
    }
    return try boxed.inMemory("fit")
  }

  private static func thumbnail(_ path: String, _ size: PixelSize, crop: Int32, operation: String)
    throws(ImageError) -> Image
  {
    // The header first: refuses a picture larger than the store's, or one whose decode would
    // break the memory bound, before any pixel is decoded.
    let info = try checkDecodable(picture: path)
    let original = try load(path, info)
    _ = VipsLibrary.warningLeft(original.api)
    let api = original.api
    let resize: (Int32) throws(ImageError) -> Image
    if info.format == .png, api.pointee.image_hasalpha(original.handle) != 0 {
      // A PNG with alpha is made 8-bit and laid over black as it streams in, before the resize,
      // which would otherwise premultiply it in float: UHD in 16-bit RGBA peaked at 115 MB
      // instead of 80.
      let plain = try original.eightBitColour(operation)
      resize = { (crop) throws(ImageError) in
        try plain.derived(operation) {
          bw_vips_thumbnail_image(api, plain.handle, $0, Int32(size.width), Int32(size.height), crop)
        }
      }
    } else {
      // Opened again by the thumbnail, which shrinks a JPEG while it decodes. Without alpha, a
      // PNG costs less this way than through the steps above (8K in 8-bit RGB: 87 MB, not 100).
      resize = { (crop) throws(ImageError) in
        try original.derived(operation) {
          bw_vips_thumbnail(api, path, $0, Int32(size.width), Int32(size.height), crop)
        }
      }
    }
    // A picture of the screen's shape (UHD for a 2560x1440 screen) resized to fit is already the
    // screen's size, and its crop would cut nothing; the attention search still holds the
    // resized picture whole and scans it (about 25 ms and 11 MB for UHD to 2560x1440, measured).
    // Only the header is read to know: the resize is computed once, below.
    var resized = try resize(Int32(BW_VIPS_INTERESTING_NONE))
    if crop != Int32(BW_VIPS_INTERESTING_NONE), resized.size != size {
      resized = try resize(crop)
    }
    // A 16-bit PNG comes out 16-bit: made 8-bit at the screen's size.
    let made = try resized.eightBitColour(operation).inMemory(operation)
    // Decoded whole: a warning of libjpeg's that data is missing means the picture is damaged,
    // and a picture made from it would show grey where the data stops. Refused here, the crop
    // falls back to the file as it is, with this one warning. Other warnings (extraneous bytes
    // before a marker, which many encoders leave) cost no pixel and keep the crop.
    if let warning = VipsLibrary.warningLeft(original.api), Self.saysDataIsMissing(warning) {
      throw .damaged(path: path, warning: warning)
    }
    return made
  }

  /// This picture as every later step expects one, as a JPEG decodes: 8 bits a sample and no
  /// alpha band, computed as it is read. A PNG may have 16 bits (their high byte is kept) and an
  /// alpha band (laid over black, the colour between the screens of a canvas); a picture
  /// already so is itself.
  func eightBitColour(_ operation: String) throws(ImageError) -> Image {
    var image = self
    if api.pointee.image_get_format(image.handle) != Int32(BW_VIPS_FORMAT_UCHAR) {
      let cast = try image.derived(operation) { bw_vips_cast_uchar_shift(api, image.handle, $0) }
      let interpretation = cast.bands <= 2 ? BW_VIPS_INTERPRETATION_B_W : BW_VIPS_INTERPRETATION_SRGB
      image = try cast.derived(operation) {
        bw_vips_copy_interpretation(api, cast.handle, $0, Int32(interpretation))
      }
    }
    if api.pointee.image_hasalpha(image.handle) != 0 {
      image = try image.derived(operation) { bw_vips_flatten(api, image.handle, $0) }
    }
    return image
  }

  /// Whether a warning of libjpeg's says that the picture's data stops short or cannot be
  /// decoded (JWRN_HIT_MARKER, JWRN_JPEG_EOF, JWRN_HUFF_BAD_CODE in libjpeg's jerror.h).
  static func saysDataIsMissing(_ warning: String) -> Bool {
    let text = warning.lowercased()
    return text.contains("premature end") || text.contains("bad huffman code")
  }

  /// The mean colour, one value per band, of the two edges bars will touch: the left and right
  /// columns when `barsBesideIt`, else the top and bottom rows; 4 pixels deep, so one dark line
  /// of JPEG ringing does not decide it.
  func edgeColour(barsBesideIt: Bool) throws(ImageError) -> [Double] {
    let depth = min(4, barsBesideIt ? width : height)
    let edges: [PixelRect] =
      barsBesideIt
      ? [
        PixelRect(x: 0, y: 0, width: depth, height: height),
        PixelRect(x: width - depth, y: 0, width: depth, height: height),
      ]
      : [
        PixelRect(x: 0, y: 0, width: width, height: depth),
        PixelRect(x: 0, y: height - depth, width: width, height: depth),
      ]
    var colour = [Double](repeating: 0, count: bands)
    for edge in edges {
      let strip = try region(edge)
      for band in 0..<bands {
        colour[band] += try strip.mean(band: band) / Double(edges.count)
      }
    }
    return colour
  }
}

extension Image {
  /// The picture at `path` whole, in memory, shrunk to fit a `side`x`side` box when it is
  /// larger (shrunk while decoding, as `cropped` is), never enlarged.
  static func whole(from path: String, within side: Int) throws(ImageError) -> Image {
    let original = try open(picture: path)
    let scale = min(1, Double(side) / Double(max(original.width, original.height)))
    let size = PixelSize(
      width: max(1, Int((Double(original.width) * scale).rounded())),
      height: max(1, Int((Double(original.height) * scale).rounded())))
    return try thumbnail(path, size, crop: Int32(BW_VIPS_INTERESTING_NONE), operation: "read")
  }

  /// This picture at (`x`, `y`) on a black canvas of `size`.
  func placed(at x: Int, _ y: Int, on size: PixelSize) throws(ImageError) -> Image {
    try derived("compose") {
      bw_vips_embed_black(api, handle, $0, Int32(x), Int32(y), Int32(size.width), Int32(size.height))
    }
  }

  /// This picture with `other` over it at (`x`, `y`).
  func inserting(_ other: Image, at x: Int, _ y: Int) throws(ImageError) -> Image {
    try derived("compose") { bw_vips_insert(api, handle, other.handle, $0, Int32(x), Int32(y)) }
  }
}
