/// What a file is, told by its first bytes: a JPEG or a PNG, which bingwall decodes, or what a
/// server may send in a picture's place, which is refused with its name.
///
/// Only the start of the file is read (`sniffLength` bytes): the magic numbers of the binary
/// formats, and for text, whether it is a web page or an SVG document.
package enum PictureFormat: Sendable, Equatable {
  case jpeg
  case png
  /// A web page: a redirect or an error page sent with status 200.
  case html
  case gif
  case tiff
  case webp
  case svg
  case bmp
  /// Anything else; `firstBytes` is its first four bytes, as text when printable (`"null"`),
  /// else in hex (`00 01 02 03`), for the message.
  case other(firstBytes: String)

  /// How much of a file's start `sniff` reads.
  static let sniffLength = 512

  /// JPEG's start of image and the first byte of the next marker (ITU-T T.81, B.1.1.3).
  static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]
  /// PNG's signature: its first four bytes name it; the last four are broken by a transfer that
  /// changes line endings (PNG, section 5.2).
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The format `head`, the first bytes of a file, starts as.
  package static func sniff(_ head: [UInt8]) -> PictureFormat {
    if head.starts(with: jpegMagic) { return .jpeg }
    if head.starts(with: pngSignature.prefix(4)) { return .png }
    if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
    if head.starts(with: Array("II*\0".utf8)) || head.starts(with: Array("MM\0*".utf8)) { return .tiff }
    if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
      return .webp
    }
    if head.starts(with: Array("BM".utf8)) { return .bmp }
    if JPEGInspector.looksLikeHTML(head) { return .html }
    if looksLikeSVG(head) { return .svg }
    return .other(firstBytes: firstBytes(head))
  }

  /// True when `head` is the start of an SVG document: text (after a byte order mark and
  /// blanks) that opens with `<` and has an `<svg` element within the bytes read.
  static func looksLikeSVG(_ head: [UInt8]) -> Bool {
    var start = 0
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(head[start]) { start += 1 }
    guard start < head.count, head[start] == UInt8(ascii: "<") else { return false }
    return String(decoding: head[start...].prefix(sniffLength), as: UTF8.self).lowercased().contains("<svg")
  }

  /// The first four bytes as text when they are printable (`"GIF8"`), else as hex (`89 50 4E 47`).
  static func firstBytes(_ head: [UInt8]) -> String {
    let first = head.prefix(4)
    if !first.isEmpty, first.allSatisfy({ (0x20...0x7E).contains($0) }) {
      return "\"" + String(decoding: first, as: UTF8.self) + "\""
    }
    return first.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
  }

  /// The format's name in a sentence: `a GIF picture`.
  var name: String {
    switch self {
    case .jpeg: "a JPEG picture"
    case .png: "a PNG picture"
    case .html: "an HTML page"
    case .gif: "a GIF picture"
    case .tiff: "a TIFF picture"
    case .webp: "a WebP picture"
    case .svg: "an SVG drawing"
    case .bmp: "a BMP picture"
    case .other: "not a picture bingwall knows"
    }
  }

  /// Why a file in this format is refused, without its name: `is a GIF picture; …`.
  var refusal: String {
    switch self {
    case .other(let firstBytes):
      return "is not a JPEG or PNG picture: it starts with \(firstBytes)"
    default:
      return "is \(name); bingwall reads only JPEG and PNG pictures"
    }
  }
}
