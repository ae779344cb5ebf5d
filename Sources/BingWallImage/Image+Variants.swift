import CVips

extension Image {
  /// The picture at `factor` of its brightness (0.7 keeps 70%), still 8-bit: the dark variant.
  ///
  /// Each stored value is scaled, so the mean of the file's values (what a luminance measured
  /// on the file reads) is `factor` times the plain one.
  ///
  /// The scaling is computed once for each of the 256 values a sample can have, then looked up
  /// for every sample: the same bytes as scaling every sample (`vips_linear1` with `uchar`), which
  /// goes through float and a libm call per sample and took 30–45 ms on a 2560x1440 picture
  /// against about 5 for the table.
  /// https://www.libvips.org/API/8.14/libvips-histogram.html#vips-maplut
  func dimmed(by factor: Double) throws(ImageError) -> Image {
    // Every picture made is 8-bit by now (`eightBitColour`); anything else is scaled as it is.
    guard api.pointee.image_get_format(handle) == Int32(BW_VIPS_FORMAT_UCHAR) else {
      return try derived("dim") { bw_vips_linear1_uchar(api, handle, $0, factor, 0) }
    }
    let values = try Self.made("dim", api: api, source: source) { bw_vips_identity(api, $0) }
    let table = try values.derived("dim") { bw_vips_linear1_uchar(api, values.handle, $0, factor, 0) }
    return try derived("dim") { bw_vips_maplut(api, handle, $0, table.handle) }
  }

  /// The picture under a Gaussian blur of `sigma` pixels: the lock variant. A sigma of 0 (or
  /// below) is the picture itself.
  ///
  /// A wide blur leaves nothing finer than a few sigmas, so beyond `sharpSigma` it is done on
  /// the picture shrunk a whole number of times, k, until the sigma is about `sharpSigma`
  /// again, then enlarged back by repeating each pixel in a k×k block, whose edges a
  /// Gaussian of k/2 melts: the same look at a fraction of the cost (a sigma of 20 on
  /// 2560x1440 took 330 ms whole; a kernel's cost grows with the sigma, the shrunk picture's
  /// pixels with its square; the blocks' blur costs 30 ms with the encode where enlarging
  /// with an interpolating resize took 70, measured on 2 cores).
  /// https://www.libvips.org/API/8.14/libvips-convolution.html#vips-gaussblur
  func blurred(sigma: Double) throws(ImageError) -> Image {
    guard sigma > 0 else { return self }
    // At most 8, so that the blocks' blur, done at full size, stays within `sharpSigma`; a wider
    // blur is left to the shrunk picture, which is then a sixty-fourth of the pixels.
    let factor = min(Self.widestBlock, Int((sigma / Self.sharpSigma).rounded(.up)))
    guard factor >= 2, width >= 64, height >= 64 else {
      return try derived("blur") { bw_vips_gaussblur(api, handle, $0, sigma) }
    }
    // Shrunk to the whole number of k×k blocks that covers the picture, so that the blocks
    // enlarged cover it too; the extra pixels are cut off at the end.
    let smallWidth = (width + factor - 1) / factor
    let smallHeight = (height + factor - 1) / factor
    var small = try derived("blur") {
      bw_vips_reduce_linear(
        api, handle, $0, Double(width) / Double(smallWidth), Double(height) / Double(smallHeight))
    }
    // The reduce rounds its size; where that falls short of the blocks' cover, the resize is
    // asked instead, which scales to it exactly.
    if small.width < smallWidth || small.height < smallHeight {
      small = try derived("blur") {
        bw_vips_resize_linear(
          api, handle, $0, Double(smallWidth) / Double(width), Double(smallHeight) / Double(height))
      }
    }
    let shrunk = small
    // Computed once into memory (a few hundred kilobytes): enlarged lazily, every output tile
    // would shrink and blur its part of the picture again, which doubled the variant's cost.
    let soft = try shrunk.derived("blur") {
      bw_vips_gaussblur(api, shrunk.handle, $0, sigma / Double(factor))
    }
    .inMemory("blur")
    let blocks = try soft.derived("blur") { bw_vips_zoom(api, soft.handle, $0, Int32(factor)) }
    let smooth = try blocks.derived("blur") {
      bw_vips_gaussblur(api, blocks.handle, $0, Double(factor) / 2)
    }
    return try smooth.region(PixelRect(x: 0, y: 0, width: width, height: height))
  }

  /// The widest blur done at full size.
  static let sharpSigma = 4.0
  /// The largest k: its blocks are melted by a Gaussian of k/2, `sharpSigma`.
  static let widestBlock = 8
}
