import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallKit
@testable import BingWallSystem

/// `apply ./FILE.png` in the test process: a PNG goes the way a JPEG file goes, checked whole
/// first and cut to each screen, so a desktop without a crop mode of its own never stretches
/// it; a damaged or hostile one is refused before any tool runs.
@Suite struct ApplyPNGInProcessTests {
  /// An X11 session with feh and one 64x48 screen, as `xrandr` lists it.
  static func context() throws -> InProcess {
    let run = try VerboseInProcessTests.context(days: 1, backend: "feh")
    VerboseInProcessTests.fehSession(run)
    return run
  }

  static func write(_ bytes: [UInt8], _ name: String, in run: InProcess) throws -> String {
    let path = run.home.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The file feh was last given.
  static func fed(_ run: InProcess) throws -> String {
    try #require(run.processes.calls.last { $0.first == "feh" }?.last)
  }

  @Test(arguments: [(8, [0xE0, 0x30, 0x20]), (16, [0xE000, 0x3000, 0x2000])])
  func aPNGIsCutToTheScreenLikeAJPEG(depth: Int, pixel: [Int]) throws {
    let run = try Self.context()
    let png = try Self.write(
      TestPNG.make(width: 160, height: 90, depth: depth, pixel: pixel), "own picture.png", in: run)
    let result = run.run(["apply", png])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Applied \(png) with feh\n")
    #expect(result.stderr == "", "no warning: the screen's picture was made")
    let made = try Self.fed(run)
    #expect(made.hasPrefix(run.paths.cacheDir + "/screens/own_picture-"), "\(made)")
    #expect(made.hasSuffix(".jpg"))
    #expect(try JPEGInspector.inspect(fileAt: made) == JPEGInfo(width: 64, height: 48))
    let image = try Image.open(jpeg: made).inMemory("read")
    #expect(abs(try image.mean(band: 0) - 224) < 4)
  }

  /// A PNG cut short, with a bad checksum or declaring 60000x60000: one line, exit 1, and no
  /// tool started.
  @Test(arguments: ["cut", "checksum", "bomb"])
  func aHostilePNGIsRefusedBeforeAnyToolRuns(kind: String) throws {
    let run = try Self.context()
    let whole = TestPNG.make(width: 160, height: 90)
    var bytes = whole
    let reason: String
    switch kind {
    case "cut":
      bytes = Array(whole.dropLast(12))
      reason = "is cut short: it ends before its PNG end chunk (IEND)"
    case "checksum":
      let data = try #require(TestPNG.offset(of: "IDAT", in: whole))
      bytes[data + 20] ^= 0xFF
      reason = "is a damaged PNG: the checksum of its IDAT chunk at byte \(data) does not match"
    default:
      bytes = TestPNG.forged(
        width: 60000, height: 60000, [TestPNG.chunk("IDAT", TestPNG.zlib([0])), TestPNG.chunk("IEND", [])])
      reason =
        "is not a usable PNG: its header declares 60000x60000 pixels, none or more than 16384 on a side"
    }
    let png = try Self.write(bytes, "hostile.png", in: run)
    let before = run.processes.calls.count
    let result = run.run(["apply", png])
    #expect(result.status == 1)
    #expect(result.stderr == "bingwall: error: \(png) \(reason); nothing was changed\n")
    #expect(run.processes.calls.count == before)
  }

  /// A GIF is still given to the desktop as it is, as before: bingwall cuts only JPEG and PNG
  /// pictures, and says so once.
  @Test func aGIFIsSetAsItIsWithOneWarning() throws {
    let run = try Self.context()
    let gif = try Self.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B], "a.gif", in: run)
    let result = run.run(["apply", gif])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.fed(run) == gif)
    #expect(
      result.stderr
        == "bingwall: warning: \(gif) is a GIF picture; bingwall reads only JPEG and PNG pictures; "
        + "the picture was set as it is on every screen\n")
  }
}
