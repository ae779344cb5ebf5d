import BingWallSystem
import FoundationEssentials
import Glibc

/// The size a JPEG's frame header declares, so callers can tell a UHD picture from a fallback.
package struct JPEGInfo: Sendable, Equatable {
  package var width: Int
  package var height: Int
}

/// Tells a whole JPEG picture from what a server may send in its place, without decoding it.
///
/// Bing sometimes answers 200 with an HTML page, and transfers get cut short; a file that fails
/// here must never be kept. The check reads only the marker segments up to the first scan header
/// and the last bytes of the file, so a 200 MB file costs a few `pread` calls:
///
/// - the file starts with SOI and a marker, `FF D8 FF`;
/// - the segments before the frame header are well formed (fill bytes `FF` and the standalone
///   markers RSTn and TEM allowed) and stay inside the file;
/// - a frame header SOF0…SOF15 (not DHT `C4`, JPG `C8`, DAC `CC`) comes before the first scan
///   header (SOS) and declares a width and height above zero;
/// - the file ends with EOI, `FF D9`. Up to `maximumTrailingZeros` zero bytes after it are
///   tolerated, because some tools pad files to a block size; Bing's own files end exactly.
///   More would hide a body cut short into a preallocated file, so that stays refused.
///
/// - decoding it costs no more memory than `maximumDecodeBytes` (`JPEGFrame.decodeBytes`: a
///   progressive picture's coefficient buffer), and a picture buffered that way comes in at most
///   `maximumScans` scans. Every decode of a JPEG asks this first (`Image.open(picture:)`), as
///   do the download, import and `apply FILE` checks, so a picture that would break the memory
///   bound is never stored nor decoded.
///
/// The scan data in between is not decoded: that would mean decoding the picture. Only a buffered
/// picture's is read, for its markers, to count its scans.
/// Marker codes: ITU-T T.81, table B.1.
package enum JPEGInspector {
  /// How many `00` bytes may follow the end-of-image marker.
  static let maximumTrailingZeros = 16

  /// How much of the start of a file `looksLikeHTML` gets to see for messages.
  static let sniffLength = 512

  /// Checks the JPEG file at `path` and returns the size its frame header declares.
  package static func inspect(fileAt path: String) throws(ImageCheckError) -> JPEGInfo {
    try InspectedBytes.inspect(fileAt: path, inspect)
  }

  /// Checks bytes already in memory; `path` is the name the errors use (a file or a URL).
  package static func inspect(_ bytes: UnsafeRawBufferPointer, path: String) throws(ImageCheckError)
    -> JPEGInfo
  {
    try InspectedBytes.inspect(bytes, path: path, inspect)
  }

  /// Checks the bytes of `data`; `path` is the name the errors use (a file or a URL).
  package static func inspect(_ data: Data, path: String) throws(ImageCheckError) -> JPEGInfo {
    try InspectedBytes.withBytes(of: data) { (bytes) throws(ImageCheckError) in try inspect(bytes, path: path)
    }
  }

  /// True when `prefix`, the first bytes of a body, is the start of an HTML page.
  ///
  /// For a better message than "not a JPEG": a page saved as the picture means the server sent a
  /// redirect or an error page with status 200, not that the picture is broken.
  static func looksLikeHTML(_ prefix: [UInt8]) -> Bool {
    var start = 0
    if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // UTF-8 byte order mark
    while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(prefix[start]) { start += 1 }
    guard start < prefix.count, prefix[start] == UInt8(ascii: "<") else { return false }
    let text = String(decoding: prefix[start...].prefix(sniffLength), as: UTF8.self).lowercased()
    return ["<!doctype html", "<html", "<head", "<body", "<title"].contains { text.contains($0) }
  }

  // MARK: - The walk

  private static func inspect(_ reader: inout ByteReader) throws(ImageCheckError) -> JPEGInfo {
    let frame = try walk(&reader).frame
    return JPEGInfo(width: frame.width, height: frame.height)
  }

  /// Every check of `inspect`; returns the frame and where its first scan's data begins.
  private static func walk(_ reader: inout ByteReader) throws(ImageCheckError) -> (
    frame: JPEGFrame, scanStart: Int
  ) {
    let path = reader.path
    let size = reader.count
    if size == 0 { throw .empty(path: path) }

    let magic: [UInt8] = [0xFF, 0xD8, 0xFF]
    let head = try reader.bytes(at: 0, count: min(size, sniffLength))
    guard head.starts(with: magic) else {
      if magic.starts(with: head) { throw .truncated(path: path) }
      if looksLikeHTML(head) { throw .htmlPage(path: path) }
      throw .notJPEG(path: path, firstBytes: hint(head))
    }

    let (frame, scanStart) = try header(&reader)
    try checkEndOfImage(&reader, after: scanStart)
    try checkDecodeCost(frame, path: path)
    if frame.isBuffered { try countScans(&reader, from: scanStart) }
    return (frame, scanStart)
  }

  /// Checks `data` as `inspect` does, then as the plain JPEG `PlainJPEG` stands for: a baseline
  /// frame (SOF0) in one interleaved scan, no side over `side`, and after the scan's data only
  /// its end-of-image marker, as the last two bytes. One pass over the scan data, for its
  /// markers (`memchr`), nothing decoded.
  static func inspectPlain(_ data: Data, path: String, within side: Int) throws(ImageCheckError) -> JPEGInfo {
    try InspectedBytes.withBytes(of: data) { (bytes) throws(ImageCheckError) in
      var reader = ByteReader(backing: .memory(bytes), count: bytes.count, path: path)
      let (frame, scanStart) = try walk(&reader)
      guard frame.isBaseline, !frame.isBuffered else { throw .notPlain(path: path, fault: .notBaseline) }
      guard frame.width <= side, frame.height <= side else {
        throw .notPlain(path: path, fault: .tooLarge(width: frame.width, height: frame.height, limit: side))
      }
      try checkOnlyEnd(&reader, after: scanStart)
      return JPEGInfo(width: frame.width, height: frame.height)
    }
  }

  /// Requires the first marker after the scan's data, stuffed bytes and restart markers aside,
  /// to be EOI, and EOI to be the last two bytes: no second scan, no table or comment after the
  /// picture, and no byte after its end, zero padding included.
  private static func checkOnlyEnd(_ reader: inout ByteReader, after scanStart: Int) throws(ImageCheckError) {
    var offset = scanStart
    while let found = try reader.firstFF(from: offset) {
      guard let marker = try reader.markerCode(after: found) else { throw .truncated(path: reader.path) }
      switch marker.code {
      case 0x00, 0xD0...0xD7:
        offset = marker.offset + 1  // a stuffed byte or a restart marker: still in the scan
      case 0xD9:
        let after = reader.count - (marker.offset + 1)
        guard after == 0 else { throw .notPlain(path: reader.path, fault: .bytesAfterEnd(count: after)) }
        return
      default:
        throw .notPlain(path: reader.path, fault: .segmentAfterScan(offset: found))
      }
    }
    throw .truncated(path: reader.path)
  }

  /// The most memory one picture's decode may hold beyond what any decode streams through (see
  /// `JPEGFrame`): 48 MB. A progressive UHD picture needs 23.7 MB in 4:2:0 (Bing's sampling) and
  /// 47.5 MB with its colour whole (4:4:4, as image editors export at high quality), so both
  /// pass, as does any progressive picture in 4:2:0 of up to 16 megapixels (5000x3333). The
  /// bench's bound for a process making a screen's pictures is 80 MB for a baseline UHD picture
  /// (65 MB measured for `apply` of one; 55 MB for any picture at all: the process, libvips and
  /// a screen-sized crop); a buffered picture adds at most this much to that, where a 300 KB
  /// file declaring a progressive 16384x16384 frame added 768 MB.
  static let maximumDecodeBytes = 48 << 20

  /// The most scans a buffered (progressive) picture may have. libjpeg runs over every block of
  /// the picture again at each scan, so a file repeating one scan 20,000 times held a decoder
  /// for minutes (38 s for a 1024x1024 one in libvips); real encoders write 6 to 12, and 100
  /// scans of the largest picture `maximumDecodeBytes` lets through took 6 s to apply.
  static let maximumScans = 100

  /// Refuses a picture whose decode needs more than `maximumDecodeBytes`.
  static func checkDecodeCost(_ frame: JPEGFrame, path: String) throws(ImageCheckError) {
    guard frame.decodeBytes <= maximumDecodeBytes else {
      throw .tooCostlyToDecode(
        path: path, width: frame.width, height: frame.height, components: frame.components.count,
        progressive: frame.isProgressive, bytes: frame.decodeBytes, limit: maximumDecodeBytes)
    }
  }

  /// Counts the scans after the first, whose data starts at `offset`, and refuses more than
  /// `maximumScans`; stops at EOI. Only markers are looked at: in scan data an `FF` is followed
  /// by `00` (a stuffed byte) or a restart marker, and the segments between scans (DHT, DQT, DRI,
  /// COM, APPn) are skipped by their lengths, so a table's bytes never count as a scan.
  private static func countScans(_ reader: inout ByteReader, from start: Int) throws(ImageCheckError) {
    var scans = 1
    var offset = start
    while let found = try reader.firstFF(from: offset) {
      guard let marker = try reader.markerCode(after: found) else { return }
      offset = marker.offset + 1
      switch marker.code {
      case 0x00, 0x01, 0xD0...0xD7:
        continue  // a stuffed byte, TEM or a restart marker: still in the scan
      case 0xD9:
        return
      default:
        if marker.code == 0xDA {
          scans += 1
          if scans > maximumScans { throw .tooManyScans(path: reader.path, limit: maximumScans) }
        }
        guard let length = try reader.uint16(at: offset), length >= 2 else { return }
        offset += Int(length)
      }
    }
  }

  /// Walks the segments after SOI up to the first scan; returns the frame size and where the scan's
  /// data begins.
  ///
  /// Going on past the frame header to the scan header costs a segment or two more and refuses
  /// files that declare a size but hold no picture.
  private static func header(_ reader: inout ByteReader) throws(ImageCheckError) -> (JPEGFrame, Int) {
    let path = reader.path
    var frame: JPEGFrame?
    var offset = 2
    while true {
      let markerStart = offset
      guard let first = try reader.byte(at: offset) else { throw .truncated(path: path) }
      guard first == 0xFF else { throw .corrupt(path: path, offset: offset) }
      guard let marker = try reader.markerCode(after: offset) else { throw .truncated(path: path) }
      let code = marker.code
      offset = marker.offset + 1

      switch code {
      case 0x01, 0xD0...0xD7:
        continue  // TEM and RSTn stand alone, without a length
      case 0xD9:
        // End of image before any scan: a frame header with no picture, or no frame header at all.
        if frame == nil { throw .noDimensions(path: path) }
        throw .corrupt(path: path, offset: markerStart)
      case 0xDA where frame == nil:
        throw .noDimensions(path: path)
      case 0x00, 0xD8:
        throw .corrupt(path: path, offset: markerStart)  // a stuffed byte or a second SOI
      default:
        break
      }

      guard let length = try reader.uint16(at: offset) else { throw .truncated(path: path) }
      // The length counts its own two bytes; a frame header needs at least P, Y and X after it.
      let isFrameHeader = (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code)
      guard length >= (isFrameHeader ? 8 : 2) else { throw .corrupt(path: path, offset: markerStart) }
      let end = offset + Int(length)
      guard end <= reader.count else { throw .truncated(path: path) }

      if code == 0xDA, var frame {
        // Ns, the scan's number of components: fewer than the frame's means more scans follow.
        if let inScan = try reader.byte(at: offset + 2), Int(inScan) < frame.components.count {
          frame.hasSeparateScans = true
        }
        return (frame, end)
      }
      // Only the first frame header counts; hierarchical files may carry more.
      if isFrameHeader, frame == nil {
        guard let height = try reader.uint16(at: offset + 3), let width = try reader.uint16(at: offset + 5)
        else { throw .truncated(path: path) }
        guard width > 0, height > 0 else {
          throw .invalidDimensions(path: path, width: Int(width), height: Int(height))
        }
        try checkPlausible(width: Int(width), height: Int(height), bytes: reader.count, path: path)
        frame = JPEGFrame(
          width: Int(width), height: Int(height),
          components: try components(&reader, at: offset + 7, end: end),
          isProgressive: [0xC2, 0xC6, 0xCA, 0xCE].contains(code), isBaseline: code == 0xC0)
      }
      offset = end
    }
  }

  /// The frame header's components from Nf at `offset`: three bytes each (Ci, Hi << 4 | Vi, Tqi),
  /// within the segment that ends at `end`. A factor outside 1...4 is T.81's to refuse and
  /// libjpeg's; it counts as 1 here, so that the cost is never computed from a zero.
  private static func components(_ reader: inout ByteReader, at offset: Int, end: Int) throws(ImageCheckError)
    -> [JPEGFrame.Component]
  {
    guard let count = try reader.byte(at: offset) else { throw .truncated(path: reader.path) }
    var components: [JPEGFrame.Component] = []
    for index in 0..<Int(count) where offset + 3 + 3 * index <= end {
      guard let sampling = try reader.byte(at: offset + 2 + 3 * index) else {
        throw .truncated(path: reader.path)
      }
      func factor(_ value: UInt8) -> Int { (1...4).contains(value) ? Int(value) : 1 }
      components.append(
        JPEGFrame.Component(horizontal: factor(sampling >> 4), vertical: factor(sampling & 0x0F)))
    }
    return components.isEmpty ? [JPEGFrame.Component(horizontal: 1, vertical: 1)] : components
  }

  /// Refuses a frame header no real picture of this size has: a side beyond `maximumSide`, or
  /// more pixels than the file could encode.
  ///
  /// Even a picture of one flat colour costs at least two bits per 8x8 block and component (a DC
  /// difference and an end of block), about 256 pixels a byte in grey and 170 in colour; 1024 a
  /// byte leaves four times that margin. A header claiming 65535x65535 over 3840x2160 of data
  /// would otherwise be stored as such, and ImageMagick and the desktops refuse to open it.
  static func checkPlausible(width: Int, height: Int, bytes: Int, path: String) throws(ImageCheckError) {
    guard width <= maximumSide, height <= maximumSide, width * height <= bytes * maximumPixelsPerByte else {
      throw .implausibleDimensions(path: path, width: width, height: height, bytes: bytes)
    }
  }

  /// The largest side accepted: beyond any screen (8K is 7680), and ImageMagick's default limit.
  package static let maximumSide = 16384
  /// See `checkPlausible`.
  static let maximumPixelsPerByte = 1024

  /// Requires EOI as the last two bytes, give or take a little zero padding, after the scan header.
  private static func checkEndOfImage(_ reader: inout ByteReader, after scanStart: Int)
    throws(ImageCheckError)
  {
    let tailLength = min(reader.count - scanStart, 2 + maximumTrailingZeros)
    var tail = try reader.bytes(at: reader.count - tailLength, count: tailLength)[...]
    var zeros = 0
    while zeros < maximumTrailingZeros, tail.count > 2, tail.last == 0x00 {
      tail.removeLast()
      zeros += 1
    }
    guard tail.count >= 2, tail.suffix(2).elementsEqual([0xFF, 0xD9]) else {
      throw .truncated(path: reader.path)
    }
  }

  /// The first four bytes as text when they are printable (`"GIF8"`), else as hex (`89 50 4E 47`).
  private static func hint(_ head: [UInt8]) -> String {
    let first = head.prefix(4)
    if first.allSatisfy({ (0x20...0x7E).contains($0) }) {
      return "\"" + String(decoding: first, as: UTF8.self) + "\""
    }
    return first.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
  }
}

/// Random access to the bytes under inspection through a small window.
///
/// The walk asks for a byte or two at a time; for a file each miss reads one window with
/// `pread`, so skipping a segment never reads its body and the file is never loaded whole.
private struct ByteReader: InspectedReader {
  static let windowSize = 4096

  let backing: InspectedBytes.Backing
  /// The size of the file or buffer.
  let count: Int
  /// The name errors use.
  let path: String
  private var window: [UInt8] = []
  private var windowStart = 0

  init(backing: InspectedBytes.Backing, count: Int, path: String) {
    self.backing = backing
    self.count = count
    self.path = path
  }

  /// The byte at `offset`, or nil past the end.
  mutating func byte(at offset: Int) throws(ImageCheckError) -> UInt8? {
    guard offset >= 0, offset < count else { return nil }
    switch backing {
    case .memory(let bytes):
      return bytes[offset]
    case .file(let descriptor):
      if offset < windowStart || offset >= windowStart + window.count {
        try fill(from: descriptor, at: offset)
      }
      // The file may have shrunk since fstat; then the window comes back short.
      let index = offset - windowStart
      return index < window.count ? window[index] : nil
    }
  }

  /// The big-endian 16-bit number at `offset`, or nil when it does not fit before the end.
  mutating func uint16(at offset: Int) throws(ImageCheckError) -> UInt16? {
    guard let high = try byte(at: offset), let low = try byte(at: offset + 1) else { return nil }
    return UInt16(high) << 8 | UInt16(low)
  }

  /// The marker code after the `FF` at `offset` and where it stands: any number of fill bytes
  /// (more `FF`s) may come before it. Nil when the end comes first.
  mutating func markerCode(after offset: Int) throws(ImageCheckError) -> (code: UInt8, offset: Int)? {
    var position = offset + 1
    while let code = try byte(at: position) {
      if code != 0xFF { return (code, position) }
      position += 1
    }
    return nil
  }

  /// The offset of the first `FF` byte at or after `offset`, or nil when none is before the end;
  /// found with `memchr` a window at a time, since scan data is nearly all of a file.
  mutating func firstFF(from offset: Int) throws(ImageCheckError) -> Int? {
    var start = max(0, offset)
    while start < count {
      switch backing {
      case .memory(let bytes):
        guard let found = memchr(bytes.baseAddress! + start, 0xFF, count - start) else { return nil }
        return found - UnsafeMutableRawPointer(mutating: bytes.baseAddress!)
      case .file(let descriptor):
        if start < windowStart || start >= windowStart + window.count {
          try fill(from: descriptor, at: start)
          if window.isEmpty { return nil }
        }
        let skip = start - windowStart
        let found = window.withUnsafeBytes { raw in
          memchr(raw.baseAddress! + skip, 0xFF, raw.count - skip).map {
            $0 - UnsafeMutableRawPointer(mutating: raw.baseAddress!)
          }
        }
        if let found { return windowStart + found }
        start = windowStart + window.count
      }
    }
    return nil
  }

  /// Up to `length` bytes from `offset`, fewer where the end comes first.
  mutating func bytes(at offset: Int, count length: Int) throws(ImageCheckError) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(length)
    for position in offset..<offset + length {
      guard let value = try byte(at: position) else { break }
      result.append(value)
    }
    return result
  }

  private mutating func fill(from descriptor: Int32, at offset: Int) throws(ImageCheckError) {
    var buffer = [UInt8](repeating: 0, count: Self.windowSize)
    let read = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in try Syscall.read(descriptor, into: raw, at: offset) }
    }
    let filled: Int
    switch read {
    case .success(let count): filled = count
    case .failure(let error): throw .unreadable(path: path, errno: error.code)
    }
    buffer.removeLast(buffer.count - filled)
    window = buffer
    windowStart = offset
  }
}
