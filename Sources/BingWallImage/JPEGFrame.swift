/// What a JPEG's frame and first scan headers say about the work of decoding it: its size, its
/// components and their sampling, and whether libjpeg must hold every coefficient of the picture
/// before it gives out a row.
///
/// A baseline picture in one interleaved scan is decoded as it streams, a few rows of blocks at a
/// time, and libvips's shrink-on-load then keeps even a 16384x16384 one small. A progressive one
/// (or a sequential one whose components come in separate scans) is not: libjpeg keeps a buffer
/// of 64 two-byte coefficients for every 8x8 block of every component, whatever the scale it is
/// asked for, and zeroes it first, so a 300 KB file declaring 16384x16384 costs 768 MB of
/// resident memory (2 GB in CMYK) before its first row. `decodeBytes` is that buffer, computed
/// as libjpeg sizes it (jdcoefct.c: each component's blocks rounded up to its sampling factors),
/// so that `JPEGInspector` can refuse the picture before any decoder sees it.
/// ITU-T T.81, B.2.2 (frame header) and B.2.3 (scan header).
struct JPEGFrame: Sendable, Equatable {
  /// One component's sampling factors, 1 to 4 each.
  struct Component: Sendable, Equatable {
    var horizontal: Int
    var vertical: Int
  }

  var width: Int
  var height: Int
  var components: [Component]
  /// SOF2, SOF6, SOF10 or SOF14: the picture comes in several scans that refine each other.
  var isProgressive: Bool
  /// The first scan carries fewer components than the frame: a sequential picture in several
  /// scans, which libjpeg buffers as it does a progressive one.
  var hasSeparateScans = false
  /// SOF0: baseline sequential, Huffman-coded, 8-bit, the one every decoder reads.
  var isBaseline = false

  /// The size of one block of coefficients in libjpeg (`JBLOCK`, 64 `JCOEF` of 2 bytes).
  static let blockBytes = 128

  /// Whether libjpeg keeps the whole picture's coefficients while it decodes.
  var isBuffered: Bool { isProgressive || hasSeparateScans }

  /// The coefficient buffer libjpeg allocates for the whole picture: for each component, its
  /// width and height in 8x8 blocks at its own sampling, each rounded up to a whole number of its
  /// sampling factor (a whole MCU), times 128 bytes.
  var coefficientBytes: Int {
    let widest = components.map(\.horizontal).max() ?? 1
    let tallest = components.map(\.vertical).max() ?? 1
    return components.reduce(0) { total, component in
      let across = Self.roundedUp(
        Self.blocks(width * component.horizontal, per: widest), to: component.horizontal)
      let down = Self.roundedUp(
        Self.blocks(height * component.vertical, per: tallest), to: component.vertical)
      return total + across * down * Self.blockBytes
    }
  }

  /// The memory decoding it holds beyond the few rows any decode streams through: the
  /// coefficient buffer when it is buffered, else nothing.
  var decodeBytes: Int { isBuffered ? coefficientBytes : 0 }

  /// ceil(ceil(samples / maximum factor) / 8): a component's blocks along one side.
  private static func blocks(_ samples: Int, per factor: Int) -> Int {
    let own = (samples + factor - 1) / factor
    return (own + 7) / 8
  }

  private static func roundedUp(_ value: Int, to multiple: Int) -> Int {
    (value + multiple - 1) / multiple * multiple
  }
}
