import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// Damaged, oversized and unwritable: each is one clear error, and no file is left half made.
@Suite struct ImageFailureTests {
  /// Only libjpeg's warnings that data is missing make a picture damaged; bytes between segments,
  /// which many encoders leave, cost no pixel and keep the crop.
  @Test func aPictureWithExtraneousBytesBeforeAMarkerIsStillCropped() throws {
    let folder = try TemporaryDirectory()
    let whole = try TestPictures.noise(in: folder, width: 640, height: 360)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
    // Stray bytes after the last scan's data, before the end marker, as some encoders pad:
    // libjpeg warns "58 extraneous bytes before marker 0xd9" (it has read a few ahead).
    let end = try #require(
      bytes.indices.last { bytes[$0] == 0xFF && $0 + 1 < bytes.count && bytes[$0 + 1] == 0xD9 })
    bytes.insert(contentsOf: [UInt8](repeating: 0, count: 64), at: end)
    let stray = folder.file("stray.jpg")
    try Data(bytes).write(to: URL(fileURLWithPath: stray))
    let made = try Image.cropped(from: stray, to: PixelSize(width: 200, height: 200))
    #expect(made.size == PixelSize(width: 200, height: 200))
    #expect(Image.saysDataIsMissing("VipsJpeg: Corrupt JPEG data: premature end of data segment"))
    #expect(!Image.saysDataIsMissing("VipsJpeg: Corrupt JPEG data: 2 extraneous bytes before marker 0xd9"))
  }

  /// Refused by the check every decode asks first (`Image.checkDecodable`), before libvips reads
  /// a byte: a whole header over almost no data is no picture.
  @Test func aJPEGCutAfterItsHeaderIsOneClearError() throws {
    let folder = try TemporaryDirectory()
    let whole = try TestPictures.noise(in: folder, width: 640, height: 360)
    let truncated = try TestPictures.truncatedAfterHeader(whole, in: folder)
    for make in [
      { _ = try Image.open(jpeg: truncated) },
      { _ = try Image.cropped(from: truncated, to: PixelSize(width: 320, height: 320)) },
      { _ = try Image.letterboxed(from: truncated, to: PixelSize(width: 320, height: 320)) },
    ] {
      #expect {
        try make()
      } throws: { error in
        guard case .refused(let check) = error as? ImageError else { return false }
        return check.path == truncated && "\(error)".hasPrefix("\(truncated) is not a usable JPEG: ")
          && !"\(error)".contains("\n")
      }
    }
    // The plain picture next to it is unaffected.
    #expect(try Image.cropped(from: whole, to: PixelSize(width: 320, height: 320)).width == 320)
  }

  @Test func aPictureLargerThanTheStoreAcceptsIsRefusedFromItsHeader() throws {
    let folder = try TemporaryDirectory()
    let small = try TestPictures.draw("small.jpg", in: folder, ["-size", "16x8", "xc:gray"])
    let wide = try TestPictures.claiming(width: 16385, height: 8, from: small, in: folder)
    let bytes = try #require(try FileManager.default.attributesOfItem(atPath: wide)[.size] as? Int)
    #expect(
      throws: ImageError.refused(.implausibleDimensions(path: wide, width: 16385, height: 8, bytes: bytes))
    ) {
      try Image.cropped(from: wide, to: PixelSize(width: 100, height: 100))
    }
    let widest = try TestPictures.claiming(width: 16384, height: 8, from: small, in: folder)
    #expect(try Image.open(jpeg: widest).width == 16384)
  }

  /// Neither JPEG nor PNG, whatever its name: refused naming what it is.
  @Test func aFileThatIsNotAJPEGNorAPNGIsRefused() throws {
    let folder = try TemporaryDirectory()
    let gif = folder.file("picture.jpg")
    try ExternalTool.run(["convert", "-size", "64x48", "xc:red", "gif:" + gif])
    #expect(throws: ImageError.refused(.unsupportedFormat(path: gif, format: .gif))) {
      try Image.cropped(from: gif, to: PixelSize(width: 32, height: 32))
    }
    // A PNG named .jpg is read as the PNG it is.
    let png = folder.file("other.jpg")
    try ExternalTool.run(["convert", "-size", "64x48", "xc:red", "png:" + png])
    #expect(
      try Image.cropped(from: png, to: PixelSize(width: 32, height: 32)).size
        == PixelSize(width: 32, height: 32))
  }

  @Test func aSaveLeavesOnlyTheFinishedFile() throws {
    let folder = try TemporaryDirectory()
    let picture = try Image.cropped(
      from: try TestPictures.gradient(in: folder, width: 320, height: 180),
      to: PixelSize(width: 160, height: 90))
    let output = try TemporaryDirectory()
    let target = output.file("screen.jpg")
    try picture.saveJPEG(to: target)
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["screen.jpg"])
    #expect(try Image.open(jpeg: target).size == PixelSize(width: 160, height: 90))
    var status = stat()
    #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o644)
  }

  /// A picture whose pixels cannot be read fails while it is encoded, before any file exists:
  /// the previous file stays as it was, and no temporary file is left.
  @Test func aFailedSaveLeavesThePreviousFileIntact() throws {
    let folder = try TemporaryDirectory()
    let truncated = try TestPictures.truncatedAfterHeader(
      try TestPictures.noise(in: folder, width: 320, height: 180), in: folder)
    let output = try TemporaryDirectory()
    let target = output.file("screen.jpg")
    try Data("the previous picture".utf8).write(to: URL(fileURLWithPath: target))
    #expect(throws: ImageError.self) {
      try Image.open(jpeg: truncated).dimmed(by: 0.7).saveJPEG(to: target)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["screen.jpg"])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "the previous picture")
  }

  @Test func aSaveIntoAMissingFolderIsAWriteError() throws {
    let folder = try TemporaryDirectory()
    let picture = try Image.open(jpeg: try TestPictures.gradient(in: folder, width: 64, height: 36))
    #expect {
      try picture.saveJPEG(to: folder.file("missing/screen.jpg"))
    } throws: { error in
      guard case .write = error as? ImageError else { return false }
      return "\(error)".hasPrefix("cannot create a file in \(folder.path)/missing:")
    }
  }
}
