import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// The largest picture accepted, 16384x16384 (805 MB decoded), made into one screen's crop and
/// its dark, lock and captioned variants by apply's code in a process of its own (the bench
/// binary the build puts beside bingwall), within a memory bound: libvips shrinks it while
/// decoding and never holds it whole. Peak RSS from `/usr/bin/time`.
@Suite(
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs time (make test-deps)"))
struct HugePictureEndToEndTests {
  /// Far under the decoded picture (805 MB); about 100 MB measured.
  static let memoryBound = 150 * 1024

  @Test func the16384SquarePictureMakesItsVariantsWithinTheBound() throws {
    let folder = try TemporaryDirectory()
    let small = try TestPictures.gradient(in: folder, width: 512, height: 512)
    let huge = folder.file("huge.jpg")
    let sixteenK = PixelSize(width: Image.maximumSide, height: Image.maximumSide)
    // The gradient in a corner of a black canvas of the largest size, encoded by libvips as it
    // streams: no 16384x16384 buffer in this process either.
    try Image.whole(from: small, within: 512).placed(at: 100, 100, on: sixteenK).saveJPEG(
      to: huge, quality: 70)
    #expect(try Image.open(jpeg: huge).size == sixteenK)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = [
      "-f", "maxrss %M", Sandbox.benchBinary, "screen-pictures", huge, "2560x1440", folder.file("made"),
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(said)")
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.file("made"))
    #expect(made.count == 4, "the crop, the captioned crop, dark and lock: \(made)")
    let line = try #require(said.split(separator: "\n").last { $0.hasPrefix("maxrss ") })
    let kilobytes = try #require(Int(line.dropFirst("maxrss ".count)))
    // A sanitizer's shadow memory makes the resident size meaningless (`make sanitize`).
    #expect(kilobytes < Self.memoryBound || Sanitizer.name != nil, "peak RSS \(kilobytes) KB")
  }
}
