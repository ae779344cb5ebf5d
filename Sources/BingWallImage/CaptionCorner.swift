/// Where on the picture a caption goes: one of the four corners, a margin away from the edges.
///
/// The cases are in the order a tie is settled: bottom right first, where a credit usually sits.
enum CaptionCorner: CaseIterable, Sendable {
  case bottomRight, bottomLeft, topRight, topLeft

  /// The top-left pixel of a `block` in this corner of `picture`, `margin` from both edges.
  func origin(of block: PixelSize, in picture: PixelSize, margin: Int) -> (x: Int, y: Int) {
    let left = margin
    let right = picture.width - margin - block.width
    let top = margin
    let bottom = picture.height - margin - block.height
    switch self {
    case .bottomRight: return (right, bottom)
    case .bottomLeft: return (left, bottom)
    case .topRight: return (right, top)
    case .topLeft: return (left, top)
    }
  }

  /// The calmest corner of `image` for a `block`: the one whose pixels under the block (and
  /// `reach` around it, the shadow's) vary least, so the text lands on sky or water rather than
  /// on a face or a skyline, and stays readable.
  static func calmest(in image: Image, for block: PixelSize, margin: Int, reach: Int) throws(ImageError)
    -> CaptionCorner
  {
    var best: (corner: CaptionCorner, deviation: Double)?
    for corner in allCases {
      let origin = corner.origin(of: block, in: image.size, margin: margin)
      let area = PixelRect(
        x: origin.x - reach, y: origin.y - reach, width: block.width + 2 * reach,
        height: block.height + 2 * reach)
      let deviation = try image.region(area).deviation()
      if best.map({ deviation < $0.deviation }) ?? true { best = (corner, deviation) }
    }
    return best!.corner
  }
}
