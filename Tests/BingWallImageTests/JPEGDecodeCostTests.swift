import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// The memory a JPEG's decode holds, computed from its headers as libjpeg sizes its coefficient
/// buffer, and the check every decode asks before libvips sees the file.
@Suite struct JPEGDecodeCostTests {
  typealias Component = JPEGFrame.Component

  static let yuv420 = [
    Component(horizontal: 2, vertical: 2), Component(horizontal: 1, vertical: 1),
    Component(horizontal: 1, vertical: 1),
  ]
  static let cmyk = [Component](repeating: Component(horizontal: 1, vertical: 1), count: 4)

  /// Bing's UHD picture, were it progressive: luma 480x270 blocks, each chroma 240x135.
  @Test func aProgressiveUHDPictureIn420Needs24MB() {
    let frame = JPEGFrame(width: 3840, height: 2160, components: Self.yuv420, isProgressive: true)
    #expect(frame.coefficientBytes == (480 * 270 + 2 * 240 * 135) * 128)
    #expect(frame.decodeBytes == 24_883_200)
    #expect(frame.decodeBytes <= JPEGInspector.maximumDecodeBytes)
  }

  /// The cases: 858 MB and 2.18 GB peak RSS, of which these buffers are most.
  @Test func theLargestProgressivePicturesNeedGigabytes() {
    let colour = JPEGFrame(width: 16384, height: 16384, components: Self.yuv420, isProgressive: true)
    #expect(colour.decodeBytes == (2048 * 2048 + 2 * 1024 * 1024) * 128)
    let cmyk = JPEGFrame(width: 16384, height: 16384, components: Self.cmyk, isProgressive: true)
    #expect(cmyk.decodeBytes == 2 << 30)
  }

  /// A baseline picture in one interleaved scan streams; in separate scans it is buffered too.
  @Test func aBaselinePictureCostsNothingBeyondItsRowsUnlessItsScansAreSeparate() {
    var frame = JPEGFrame(width: 16384, height: 16384, components: Self.yuv420, isProgressive: false)
    #expect(frame.decodeBytes == 0)
    #expect(frame.coefficientBytes == 805_306_368)
    frame.hasSeparateScans = true
    #expect(frame.decodeBytes == 805_306_368)
  }

  /// Sides that are no multiple of a block: each component's blocks are rounded up to whole
  /// MCUs, as libjpeg allocates them (jround_up to the sampling factor).
  @Test func partialBlocksAreRoundedUpToWholeMCUs() {
    let one = JPEGFrame(width: 1, height: 1, components: Self.yuv420, isProgressive: true)
    #expect(one.decodeBytes == (2 * 2 + 1 + 1) * 128)
    // 17x9: luma ceil(17/8) = 3 blocks, rounded to 4; ceil(9/8) = 2; chroma ceil(8.5/8) = 2 by 1.
    let odd = JPEGFrame(width: 17, height: 9, components: Self.yuv420, isProgressive: true)
    #expect(odd.decodeBytes == (4 * 2 + 2 * (2 * 1)) * 128)
    let gray = JPEGFrame(
      width: 17, height: 9, components: [Component(horizontal: 1, vertical: 1)], isProgressive: true)
    #expect(gray.decodeBytes == 3 * 2 * 128)
  }

  // MARK: - The check, on files

  @Test func aProgressive16384PictureOf300KBIsRefusedWithWhatItWouldCost() throws {
    let file = ForgedJPEG.make(width: 16384, height: 16384, scanBytes: 300 * 1024)
    #expect(file.count < 310 * 1024)
    #expect(
      throws: ImageCheckError.tooCostlyToDecode(
        path: "huge.jpg", width: 16384, height: 16384, components: 3, progressive: true, bytes: 805_306_368,
        limit: JPEGInspector.maximumDecodeBytes)
    ) {
      try JPEGInspector.inspect(file, path: "huge.jpg")
    }
    let error = ImageCheckError.tooCostlyToDecode(
      path: "huge.jpg", width: 16384, height: 16384, components: 3, progressive: true, bytes: 805_306_368,
      limit: JPEGInspector.maximumDecodeBytes)
    #expect(
      told(error)
        == "huge.jpg is a progressive JPEG of 16384x16384 pixels in 3 components, which would need 768.0 MB of "
        + "memory to decode (the limit is 48.0 MB); save it again as a baseline JPEG, or smaller")
  }

  @Test func theSamePictureInBaselineStreamsAndPasses() throws {
    let file = ForgedJPEG.make(width: 16384, height: 16384, progressive: false)
    #expect(try JPEGInspector.inspect(file, path: "baseline.jpg") == JPEGInfo(width: 16384, height: 16384))
  }

  @Test func aProgressiveUHDPicturePasses() throws {
    let file = ForgedJPEG.make(width: 3840, height: 2160)
    #expect(try JPEGInspector.inspect(file, path: "uhd.jpg") == JPEGInfo(width: 3840, height: 2160))
  }

  @Test func aHundredScansPassAndOneMoreIsRefused() throws {
    let hundred = ForgedJPEG.make(width: 256, height: 256, scans: JPEGInspector.maximumScans)
    #expect(try JPEGInspector.inspect(hundred, path: "100.jpg").width == 256)
    let more = ForgedJPEG.make(width: 256, height: 256, scans: JPEGInspector.maximumScans + 1)
    #expect(throws: ImageCheckError.tooManyScans(path: "101.jpg", limit: JPEGInspector.maximumScans)) {
      try JPEGInspector.inspect(more, path: "101.jpg")
    }
  }

  /// The same count from a file, read a window at a time: 20,000 scans, as the file that held
  /// feh for its whole time limit.
  @Test func twentyThousandScansAreRefusedFromAFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("scans.jpg")
    try ForgedJPEG.make(width: 64, height: 64, scans: 20000).write(to: URL(fileURLWithPath: path))
    #expect(throws: ImageCheckError.tooManyScans(path: path, limit: JPEGInspector.maximumScans)) {
      try JPEGInspector.inspect(fileAt: path)
    }
  }

  /// Bytes `FF DA` inside a segment between scans (a comment here) are no scan.
  @Test func aScanMarkerInsideASegmentIsNotCounted() throws {
    var file = ForgedJPEG.make(width: 64, height: 64, scans: 2)
    let comment = [UInt8](repeating: 0, count: 0) + (0..<300).flatMap { _ in [UInt8(0xFF), 0xDA] }
    let length = comment.count + 2
    // Before the end marker: after the last scan's data.
    file.insert(
      contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment, at: file.count - 2)
    #expect(try JPEGInspector.inspect(file, path: "comment.jpg").width == 64)
  }

  /// A sequential picture whose first scan holds one of its three components is buffered.
  @Test func aBaselinePictureInSeparateScansIsCountedAsBuffered() throws {
    var file = ForgedJPEG.make(width: 16384, height: 16384, progressive: false)
    // The scan header's Ns (after FF DA and its length) down to 1: its other components come later.
    let sos = try #require(file.indices.first { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
    file[sos + 4] = 1
    #expect(
      throws: ImageCheckError.tooCostlyToDecode(
        path: "separate.jpg", width: 16384, height: 16384, components: 3, progressive: false,
        bytes: 805_306_368,
        limit: JPEGInspector.maximumDecodeBytes)
    ) {
      try JPEGInspector.inspect(file, path: "separate.jpg")
    }
  }
}
