import BingWallImage

/// The size a GIF, WebP or BMP file's header declares, from its first bytes, for the bound
/// `apply FILE` puts on pictures the desktop decodes whole (bingwall decodes only JPEG and PNG,
/// which their inspectors check whole).
///
/// Where each format keeps it: GIF's logical screen (little-endian at 6 and 8); BMP's info header (32-bit at 18 and
/// 22, a negative height meaning top-down rows); WebP's first chunk after `RIFF....WEBP`: `VP8 `
/// (14 bits each at 26 and 28), `VP8L` (14 bits each from 21) or `VP8X` (24 bits, minus one, at
/// 24 and 27).
enum PictureHeaderSize {
  /// What `read` needs of the file's start.
  static let headLength = 32

  struct Size: Equatable {
    var width: Int
    var height: Int
  }

  /// The declared size, or nil for a format or a header it does not know.
  static func read(_ head: [UInt8]) -> Size? {
    func little(_ at: Int, _ count: Int) -> Int? {
      guard at + count <= head.count else { return nil }
      return head[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
    if head.starts(with: Array("GIF8".utf8)) {
      guard let width = little(6, 2), let height = little(8, 2) else { return nil }
      return Size(width: width, height: height)
    }
    if head.starts(with: Array("BM".utf8)) {
      guard let width = little(18, 4), let height = little(22, 4) else { return nil }
      // A negative height: rows stored top-down.
      return Size(
        width: abs(Int(Int32(truncatingIfNeeded: width))), height: abs(Int(Int32(truncatingIfNeeded: height)))
      )
    }
    if head.starts(with: Array("RIFF".utf8)), head.count >= 16, Array(head[8..<12]) == Array("WEBP".utf8) {
      switch String(decoding: head[12..<16], as: UTF8.self) {
      case "VP8 ":
        guard let width = little(26, 2), let height = little(28, 2) else { return nil }
        return Size(width: width & 0x3FFF, height: height & 0x3FFF)
      case "VP8L":
        guard let bits = little(21, 4) else { return nil }
        return Size(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
      case "VP8X":
        guard let width = little(24, 3), let height = little(27, 3) else { return nil }
        return Size(width: width + 1, height: height + 1)
      default:
        return nil
      }
    }
    return nil
  }

  /// No side of zero nor beyond the largest JPEG accepted.
  static func isAccepted(_ size: Size) -> Bool {
    (1...JPEGInspector.maximumSide).contains(size.width)
      && (1...JPEGInspector.maximumSide).contains(size.height)
  }
}
