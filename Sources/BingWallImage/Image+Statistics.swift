import CVips

extension Image {
  /// The pixels inside `rect`, which must lie inside the picture.
  func region(_ rect: PixelRect) throws(ImageError) -> Image {
    try derived("measure") {
      bw_vips_extract_area(
        api, handle, $0, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }
  }

  /// The mean of every pixel, over all bands when `band` is nil (0–255 for an 8-bit picture).
  func mean(band: Int? = nil) throws(ImageError) -> Double {
    let measured =
      try band.map { (band) throws(ImageError) in
        try derived("measure") { bw_vips_extract_bands(api, handle, $0, Int32(band), 1) }
      } ?? self
    var value = 0.0
    if let message = VipsLibrary.failure(of: { bw_vips_avg(api, measured.handle, &value) == 0 }, api) {
      throw .operation(operation: "measure", path: source, message: message)
    }
    return value
  }

  /// The standard deviation of every pixel over all bands: how much detail the picture holds.
  func deviation() throws(ImageError) -> Double {
    var value = 0.0
    if let message = VipsLibrary.failure(of: { bw_vips_deviate(api, handle, &value) == 0 }, api) {
      throw .operation(operation: "measure", path: source, message: message)
    }
    return value
  }
}
