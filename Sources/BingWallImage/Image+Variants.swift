import CVips

extension Image {
  /// The picture at `factor` of its brightness (0.7 keeps 70%), still 8-bit: the dark variant.
  ///
  /// Each stored value is scaled, so the mean of the file's values (what a luminance measured
  /// on the file reads) is `factor` times the plain one.
  /// https://www.libvips.org/API/8.14/libvips-arithmetic.html#vips-linear1
  func dimmed(by factor: Double) throws(ImageError) -> Image {
    try derived("dim") { bw_vips_linear1_uchar(api, handle, $0, factor, 0) }
  }

  /// The picture under a Gaussian blur of `sigma` pixels: the lock variant. A sigma of 0 (or
  /// below) is the picture itself.
  /// https://www.libvips.org/API/8.14/libvips-convolution.html#vips-gaussblur
  func blurred(sigma: Double) throws(ImageError) -> Image {
    guard sigma > 0 else { return self }
    return try derived("blur") { bw_vips_gaussblur(api, handle, $0, sigma) }
  }
}
