import Foundation

/// JPEG files written byte by byte: a frame header declaring any size, components and mode, over
/// scans of a picture of one flat grey, so that a file of a few hundred KB declares 16384x16384.
///
/// Every table is the smallest that decodes: one quantisation table of ones; one DC and one AC
/// Huffman table, each with a single one-bit code (`0`) for the symbol 0 (a DC difference of 0;
/// an end of block). A zero bit is then a whole block of a DC-only (progressive) scan, and two
/// one of a baseline scan, so a scan is `ceil(blocks / 8)` or `ceil(blocks / 4)` zero bytes;
/// fewer make a scan cut short, which libjpeg decodes with a warning and grey for the rest.
/// ITU-T T.81, annex B.
package enum ForgedJPEG {
  /// One component's sampling factors.
  package typealias Sampling = (horizontal: Int, vertical: Int)

  package static let yuv420: [Sampling] = [(2, 2), (1, 1), (1, 1)]
  package static let yuv444: [Sampling] = [(1, 1), (1, 1), (1, 1)]
  package static let cmyk: [Sampling] = [(1, 1), (1, 1), (1, 1), (1, 1)]
  package static let gray: [Sampling] = [(1, 1)]

  /// A `width`x`height` JPEG of `components`, progressive (SOF2, DC-first scans) or baseline
  /// (SOF0, one interleaved scan), in `scans` scans of `scanBytes` zero bytes each (nil: exactly
  /// what one scan of the whole picture needs).
  package static func make(
    width: Int, height: Int, components: [Sampling] = yuv420, progressive: Bool = true, scans: Int = 1,
    scanBytes: Int? = nil
  ) -> Data {
    var file = Data([0xFF, 0xD8])
    file += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
    var frame: [UInt8] = [
      8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
    ]
    frame.append(UInt8(components.count))
    for (index, sampling) in components.enumerated() {
      frame += [UInt8(index + 1), UInt8(sampling.horizontal << 4 | sampling.vertical), 0]
    }
    file += segment(progressive ? 0xC2 : 0xC0, frame)
    let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
    file += segment(0xC4, [0x00] + oneCode)
    file += segment(0xC4, [0x10] + oneCode)
    var scan: [UInt8] = [UInt8(components.count)]
    for index in components.indices { scan += [UInt8(index + 1), 0x00] }
    // Progressive: Ss = Se = 0 (the DC coefficients); baseline: the whole band, 0 to 63.
    scan += progressive ? [0, 0, 0] : [0, 63, 0]
    let bits = blocks(width: width, height: height, components) * (progressive ? 1 : 2)
    let data = Data(count: scanBytes ?? (bits + 7) / 8)
    for _ in 0..<scans {
      file += segment(0xDA, scan)
      file += data
    }
    file += Data([0xFF, 0xD9])
    return file
  }

  /// The blocks of one interleaved scan: whole MCUs, each of every component's h x v blocks.
  package static func blocks(width: Int, height: Int, _ components: [Sampling]) -> Int {
    let widest = components.map(\.horizontal).max()!
    let tallest = components.map(\.vertical).max()!
    let across = (width + 8 * widest - 1) / (8 * widest)
    let down = (height + 8 * tallest - 1) / (8 * tallest)
    return across * down * components.reduce(0) { $0 + $1.horizontal * $1.vertical }
  }

  private static func segment(_ code: UInt8, _ payload: [UInt8]) -> Data {
    let length = payload.count + 2
    return Data([0xFF, code, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
  }
}
