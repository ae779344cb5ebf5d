import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallSystem

@Suite struct TestJPEGTests {
  @Test func picturesHaveTheSizeAskedFor() throws {
    let picture = try TestJPEG.make(width: 1920, height: 1080)
    #expect(try JPEGInspector.inspect(picture, path: "made") == JPEGInfo(width: 1920, height: 1080))
    #expect(try TestJPEG.make(width: 1920, height: 1080) == picture)
    #expect(try TestJPEG.make(width: 1920, height: 1080, colour: "#cc6633") != picture)
  }

  /// A "UHD" download of realistic size: still a valid picture to us and to ImageMagick.
  @Test func paddedPicturesStayValidAndDecodable() throws {
    let padded = try TestJPEG.make(width: 3840, height: 2160, padTo: 4_000_000)
    #expect(padded.count == 4_000_000)
    #expect(try JPEGInspector.inspect(padded, path: "padded") == JPEGInfo(width: 3840, height: 2160))

    let folder = try TemporaryDirectory()
    let file = folder.file("uhd.jpg")
    try padded.write(to: URL(fileURLWithPath: file))
    let size = try ExternalTool.text(["identify", "-regard-warnings", "-format", "%w %h", file])
    #expect(size == "3840 2160")
    // Decoding the whole picture, not only its header, must succeed without a warning.
    try ExternalTool.run(["convert", "-regard-warnings", file, "null:"])
  }

  @Test(arguments: [1, 3, 4, 5, 65_537, 65_538, 65_540, 65_541, 2 * 65_537 + 2])
  func paddingAddsCommentSegmentsOfLegalLength(missing: Int) throws {
    let picture = try TestJPEG.make(width: 64, height: 48)
    let padded = TestJPEG.padded(picture, to: picture.count + missing)
    #expect(padded.count == picture.count + max(missing, 4))
    #expect(try JPEGInspector.inspect(padded, path: "padded") == JPEGInfo(width: 64, height: 48))
    // Every segment between SOI and the original APP0 is a COM whose length is in range.
    let bytes = Array(padded)
    var offset = 2
    while offset < bytes.count - picture.count + 2 {
      #expect(bytes[offset] == 0xFF && bytes[offset + 1] == 0xFE)
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      #expect((2...TestJPEG.maximumCommentPayload + 2).contains(length))
      offset += 2 + length
    }
    #expect(offset == bytes.count - picture.count + 2)
  }

  @Test func aPictureSmallerThanThePaddingTargetIsLeftAlone() throws {
    let picture = try TestJPEG.make(width: 64, height: 48)
    #expect(TestJPEG.padded(picture, to: 10) == picture)
  }
}
