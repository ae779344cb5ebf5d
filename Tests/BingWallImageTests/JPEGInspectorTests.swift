import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallSystem

@Suite struct JPEGInspectorTests {
  /// A picture ImageMagick makes, and the frame marker its header must carry.
  struct Fixture: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    let frameMarker: UInt8

    init(_ name: String, _ arguments: [String], frameMarker: UInt8 = 0xC0) {
      self.name = name
      self.arguments = arguments
      self.frameMarker = frameMarker
    }

    var testDescription: String { name }
  }

  static let fixtures: [Fixture] = [
    Fixture("baseline 64x48", ["-size", "64x48", "xc:#3366cc"]),
    Fixture(
      "progressive", ["-size", "640x360", "gradient:#3366cc-#cc6633", "-interlace", "JPEG"], frameMarker: 0xC2
    ),
    Fixture(
      "a comment before the frame", ["-size", "320x200", "xc:#3366cc", "-set", "comment", "Bing, today"]),
    Fixture("one grey pixel", ["-size", "1x1", "xc:gray50", "-colorspace", "Gray"]),
    Fixture("CMYK, four components", ["-size", "120x90", "xc:#3366cc", "-colorspace", "CMYK"]),
    Fixture("restart markers", ["-size", "300x170", "plasma:", "-define", "jpeg:restart-interval=1"]),
    Fixture(
      "no chroma subsampling", ["-size", "97x61", "xc:#3366cc", "-sampling-factor", "1x1", "-quality", "100"]),
    Fixture("UHD of an odd size", ["-size", "5889x3313", "xc:#3366cc"]),
  ]

  /// Where ImageMagick writes; `convert` picks the format from the file name.
  static func convert(_ arguments: [String], to name: String, in folder: TemporaryDirectory) throws -> String
  {
    let file = folder.file(name)
    try ExternalTool.run(["convert"] + arguments + [file])
    return file
  }

  /// The size ImageMagick reads from the file: the reference we compare with.
  static func identify(_ file: String) throws -> JPEGInfo {
    let numbers = try ExternalTool.text(["identify", "-format", "%w %h", file]).split(separator: " ")
    return JPEGInfo(width: try #require(Int(numbers[0])), height: try #require(Int(numbers[1])))
  }

  static func write(_ bytes: [UInt8], to name: String, in folder: TemporaryDirectory) throws -> String {
    let file = folder.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  // MARK: - Pictures that pass

  @Test(arguments: fixtures)
  func picturesReportTheSizeImageMagickReads(_ fixture: Fixture) throws {
    let folder = try TemporaryDirectory()
    let file = try Self.convert(fixture.arguments, to: "picture.jpg", in: folder)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    // The fixture really is what it says: baseline SOF0 or progressive SOF2.
    #expect(bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == fixture.frameMarker })

    let expected = try Self.identify(file)
    #expect(try JPEGInspector.inspect(fileAt: file) == expected)
    #expect(try JPEGInspector.inspect(Data(bytes), path: file) == expected)
  }

  @Test
  func anICCProfileBeforeTheFrameIsSkipped() throws {
    let folder = try TemporaryDirectory()
    let file = try Self.convert(
      ["-size", "200x100", "xc:#3366cc", "-profile", Self.iccProfile], to: "icc.jpg", in: folder)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(
      bytes[2] == 0xFF && bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xE2 })
    #expect(try JPEGInspector.inspect(fileAt: file) == JPEGInfo(width: 200, height: 100))
  }

  static let iccProfile = "/usr/share/color/icc/ghostscript/srgb.icc"

  /// An Exif segment carrying a whole thumbnail JPEG, with its own SOF and EOI, before the real frame.
  @Test func anExifThumbnailDoesNotFoolTheWalk() throws {
    let folder = try TemporaryDirectory()
    let picture = Array(try TestJPEG.make(width: 1920, height: 1080))
    let thumbnail = Array(try TestJPEG.make(width: 160, height: 90, colour: "#cc6633"))
    // "Exif\0\0", then a big-endian TIFF header and an empty first directory.
    let payload = Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0] + thumbnail
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    let file = try Self.write(Array(picture[..<2]) + segment + picture[2...], to: "exif.jpg", in: folder)

    #expect(try JPEGInspector.inspect(fileAt: file) == JPEGInfo(width: 1920, height: 1080))
    #expect(try Self.identify(file) == JPEGInfo(width: 1920, height: 1080))
  }

  @Test func fillBytesAndStandaloneMarkersBeforeTheFrameAreSkipped() throws {
    var bytes = Array(try TestJPEG.make(width: 320, height: 200))
    let frame = try TestJPEG.frameHeaderOffset(bytes)
    // Fill bytes before a marker, and an RST0 and a TEM marker, which have no length.
    bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xD0, 0xFF, 0x01, 0xFF, 0xFF], at: frame)
    #expect(try JPEGInspector.inspect(Data(bytes), path: "fill.jpg") == JPEGInfo(width: 320, height: 200))
  }

  @Test(arguments: [1, JPEGInspector.maximumTrailingZeros])
  func aFewZeroBytesAfterTheEndAreTolerated(zeros: Int) throws {
    let bytes = Array(try TestJPEG.make(width: 320, height: 200)) + [UInt8](repeating: 0, count: zeros)
    #expect(try JPEGInspector.inspect(Data(bytes), path: "padded.jpg") == JPEGInfo(width: 320, height: 200))
  }

  /// 200 MB but sparse, so it costs no disk: the end marker is found by offset, far past any window.
  @Test func aHugeFileIsCheckedFromItsEnds() throws {
    let folder = try TemporaryDirectory()
    let picture = Array(try TestJPEG.make(width: 640, height: 360))
    let file = try Self.write(Array(picture.dropLast(2)), to: "huge.jpg", in: folder)
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.truncate(atOffset: 200_000_000 - 2)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0xFF, 0xD9]))
    try handle.close()

    #expect(try JPEGInspector.inspect(fileAt: file) == JPEGInfo(width: 640, height: 360))
  }

  // MARK: - Files that are refused

  /// A way a download goes wrong, built from a good 320x200 picture, and the refusal it must meet.
  struct Damage: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (_ picture: [UInt8]) throws -> [UInt8]
    /// The expected error for the damaged bytes under a name.
    let refusal: @Sendable (_ path: String, _ bytes: [UInt8]) -> ImageCheckError

    var testDescription: String { name }
  }

  static let objectMoved = """
    <html><head><title>Object moved</title></head><body>\r
    <h2>Object moved to <a href="/th?id=OHR.Fallback_1920x1080.jpg">here</a>.</h2>\r
    </body></html>\r

    """

  static let damages: [Damage] = [
    Damage(
      name: "an HTML Object moved page", make: { _ in Array(objectMoved.utf8) },
      refusal: { path, _ in .htmlPage(path: path) }),
    Damage(name: "an empty body", make: { _ in [] }, refusal: { path, _ in .empty(path: path) }),
    Damage(
      name: "the body null", make: { _ in Array("null".utf8) },
      refusal: { path, _ in .notJPEG(path: path, firstBytes: "\"null\"") }),
    Damage(
      name: "JSON", make: { _ in Array("{\"images\":[]}".utf8) },
      refusal: { path, _ in .notJPEG(path: path, firstBytes: "\"{\"im\"") }),
    Damage(name: "only SOI", make: { _ in [0xFF, 0xD8] }, refusal: { path, _ in .truncated(path: path) }),
    Damage(
      name: "cut in half", make: { Array($0.prefix($0.count / 2)) },
      refusal: { path, _ in .truncated(path: path) }),
    Damage(
      name: "the last byte missing", make: { Array($0.dropLast()) },
      refusal: { path, _ in .truncated(path: path) }),
    Damage(
      name: "APP0 with a length past the end",
      make: { _ in [0xFF, 0xD8, 0xFF, 0xE0, 0x40, 0x00, 0x4A, 0x46] },
      refusal: { path, _ in .truncated(path: path) }),
    Damage(
      name: "the frame header removed",
      make: { picture in
        let frame = try TestJPEG.frameHeaderOffset(picture)
        return Array(picture[..<frame] + picture[(frame + 2 + 17)...])
      },
      refusal: { path, _ in .noDimensions(path: path) }),
    Damage(
      name: "a width of zero",
      make: { picture in
        var bytes = picture
        let frame = try TestJPEG.frameHeaderOffset(picture)
        bytes[frame + 7] = 0
        bytes[frame + 8] = 0
        return bytes
      },
      refusal: { path, _ in .invalidDimensions(path: path, width: 0, height: 200) }),
    Damage(
      name: "no marker after APP0",
      make: { picture in
        var bytes = picture
        bytes[20] = 0x42  // SOI 2 bytes, APP0 marker 2, JFIF length 16: the next marker is at 20
        return bytes
      },
      refusal: { path, _ in .corrupt(path: path, offset: 20) }),
    Damage(
      name: "a segment length below 2",
      make: { picture in
        var bytes = picture
        bytes[4] = 0
        bytes[5] = 1
        return bytes
      },
      refusal: { path, _ in .corrupt(path: path, offset: 2) }),
    Damage(
      name: "the end of image right after the frame header",
      make: { picture in
        let frame = try TestJPEG.frameHeaderOffset(picture)
        return Array(picture[..<(frame + 2 + 17)]) + [0xFF, 0xD9]
      },
      // The stray end marker is where the structure breaks: the last two bytes.
      refusal: { path, bytes in .corrupt(path: path, offset: bytes.count - 2) }),
    Damage(
      name: "junk after the end of image", make: { $0 + Array("junk".utf8) },
      refusal: { path, _ in .truncated(path: path) }),
    Damage(
      name: "too many zero bytes after the end",
      make: { $0 + [UInt8](repeating: 0, count: JPEGInspector.maximumTrailingZeros + 1) },
      refusal: { path, _ in .truncated(path: path) }),
  ]

  @Test(arguments: damages)
  func damagedDownloadsAreRefused(_ damage: Damage) throws {
    let folder = try TemporaryDirectory()
    let picture = Array(try TestJPEG.make(width: 320, height: 200))
    let bytes = try damage.make(picture)
    let file = try Self.write(bytes, to: "picture.jpg", in: folder)

    #expect(throws: damage.refusal(file, bytes)) { try JPEGInspector.inspect(fileAt: file) }
    #expect(throws: damage.refusal("download", bytes)) {
      try JPEGInspector.inspect(Data(bytes), path: "download")
    }
  }

  /// Other formats a server might send, made by ImageMagick, and how the refusal shows their start.
  @Test(arguments: [("png", "89 50 4E 47", "a PNG picture"), ("gif", "\"GIF8\"", "a GIF picture")])
  func otherPictureFormatsAreNotJPEG(format: String, firstBytes: String, named: String) throws {
    let folder = try TemporaryDirectory()
    let file = try Self.convert(["-size", "64x48", "xc:#3366cc"], to: "picture.\(format)", in: folder)
    let error = ImageCheckError.notJPEG(path: file, firstBytes: firstBytes)
    #expect(throws: error) { try JPEGInspector.inspect(fileAt: file) }
    #expect(error.description.contains(named))
  }

  @Test func aMissingFileIsUnreadable() {
    #expect(throws: ImageCheckError.unreadable(path: "/nonexistent/a.jpg", errno: ENOENT)) {
      try JPEGInspector.inspect(fileAt: "/nonexistent/a.jpg")
    }
  }

  @Test func aFolderIsUnreadable() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: ImageCheckError.unreadable(path: folder.path, errno: EISDIR)) {
      try JPEGInspector.inspect(fileAt: folder.path)
    }
  }

  // MARK: - Messages

  static let advice = "; delete it and download it again later"

  /// Each refusal's message; all but `unreadable` end in `advice`.
  static let messages: [(error: ImageCheckError, message: String)] = [
    (.empty(path: "/p/a.jpg"), "/p/a.jpg is empty: the download delivered no bytes" + advice),
    (
      .unreadable(path: "/p/a.jpg", errno: EACCES),
      "cannot read /p/a.jpg: Permission denied; check that it exists and is readable"
    ),
    (
      .htmlPage(path: "/p/a.jpg"),
      "/p/a.jpg is not a picture: the server sent an HTML page instead (a redirect or an error page)" + advice
    ),
    (
      .notJPEG(path: "/p/a.jpg", firstBytes: "89 50 4E 47"),
      "/p/a.jpg is not a JPEG picture: it starts with 89 50 4E 47, a PNG picture instead of FF D8 FF" + advice
    ),
    (
      .notJPEG(path: "/p/a.jpg", firstBytes: "00 01 02 03"),
      "/p/a.jpg is not a JPEG picture: it starts with 00 01 02 03 instead of FF D8 FF" + advice
    ),
    (
      .truncated(path: "/p/a.jpg"),
      "/p/a.jpg is cut short: it ends before the JPEG end marker, so the download was interrupted" + advice
    ),
    (
      .corrupt(path: "/p/a.jpg", offset: 20),
      "/p/a.jpg is a damaged JPEG: its structure breaks at byte 20" + advice
    ),
    (
      .noDimensions(path: "/p/a.jpg"),
      "/p/a.jpg is not a usable JPEG: no frame header gives its width and height" + advice
    ),
    (
      .invalidDimensions(path: "/p/a.jpg", width: 0, height: 1080),
      "/p/a.jpg is not a usable JPEG: its frame header declares 0x1080 pixels" + advice
    ),
  ]

  @Test(arguments: messages)
  func messagesNameTheFileAndWhatToDo(error: ImageCheckError, message: String) {
    #expect(told(error) == message)
    #expect(error.localizedDescription == error.description)
  }

  static let pages: [(text: String, isHTML: Bool)] = [
    (Self.objectMoved, true),
    ("\u{FEFF}  \r\n<!DOCTYPE html>\n<html lang=\"en\">", true),
    ("<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">", true),
    ("<HTML><BODY>Service Unavailable</BODY></HTML>", true),
    ("<!-- error --><head><title>404</title>", true),
    ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", false),
    ("{\"images\":[]}", false),
    ("null", false),
    ("", false),
    ("html", false),
  ]

  @Test(arguments: pages)
  func htmlIsRecognisedFromTheFirstBytes(text: String, isHTML: Bool) {
    #expect(JPEGInspector.looksLikeHTML(Array(text.utf8)) == isHTML)
  }

  @Test func aJPEGIsNotHTML() throws {
    #expect(!JPEGInspector.looksLikeHTML(Array(try TestJPEG.make(width: 64, height: 48).prefix(512))))
  }
}
