import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallSystem

/// Hostile pictures through the real binary: `apply ./FILE` in an X session whose `xrandr` (a
/// stand-in) lists one 1920x1080 screen, so that bingwall decodes the picture for its crop, and
/// whose `feh` (a stand-in) sets nothing. Each run's peak RSS, from GNU time, stays under the
/// bench's 80 MB bound (bench/README.md), whatever the file declares; each gets the outcome it
/// should: set, set as it is with one warning, or refused before any tool runs.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time (make test-deps)"),
  .enabled(
    if: Sanitizer.name == nil, "a sanitizer's shadow memory makes resident-memory bounds meaningless"))
struct HostilePictureEndToEndTests {
  /// The bench's bound for a process making a screen's picture, in KB as GNU time gives it.
  static let memoryBound = 80 * 1024

  /// What one run did.
  struct Run {
    var result: Sandbox.Result
    /// Peak RSS in KB.
    var peak: Int
    /// The feh stand-in's arguments, one run per line.
    var fehCalls: [String]
    /// The picture's absolute path, as bingwall names it.
    var absolute: String
  }

  /// The feh stand-in: keeps its arguments, and writes `~/.fehbg` as feh 3.9 does for the picture
  /// it is given (its last argument), so that the read-back passes.
  static let feh = """
    echo "$*" >> "$0.calls"
    for last; do :; done
    printf "feh --no-fehbg --bg-fill '%s'\\n" "$last" > "$HOME/.fehbg"
    """

  /// A sandbox with the stand-ins, and `bytes` at `name` in its folder.
  static func apply(
    _ bytes: Data, name: String = "picture.jpg", feh: String = Self.feh, arguments: [String] = []
  ) throws -> Run {
    let sandbox = try Sandbox()
    let bin = sandbox.folder.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let monitors = "Monitors: 1\n 0: +*eDP-1 1920/344x1080/194+0+0  eDP-1\n"
    for (tool, body) in [("xrandr", "printf '\(monitors)'"), ("feh", feh)] {
      try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: bin + "/" + tool)
    }
    let path = sandbox.folder.file(name)
    try bytes.write(to: URL(fileURLWithPath: path))
    let environment = [
      "BINGWALL_BACKEND": "feh", "DISPLAY": ":4242", "PATH": "\(bin):/usr/local/bin:/usr/bin:/bin",
    ]
    let (result, peak) = try timed(sandbox, ["apply", "./" + name] + arguments, environment: environment)
    let calls = (try? String(contentsOfFile: bin + "/feh.calls", encoding: .utf8)) ?? ""
    return Run(
      result: result, peak: peak, fehCalls: calls.split(separator: "\n").map(String.init), absolute: path)
  }

  /// `bingwall ARGS` under GNU time: what it said (time's own lines taken out) and its peak RSS in KB.
  static func timed(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:]) throws
    -> (Sandbox.Result, Int)
  {
    var result = try sandbox.run(
      arguments, environment: environment, under: ["/usr/bin/time", "-f", "maxrss %M"])
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.last { $0.hasPrefix("maxrss ") }, "\(result.stderr)")
    result.stderr = lines.filter { !$0.hasPrefix("maxrss ") && !$0.hasPrefix("Command exited") }
      .joined(separator: "\n")
    return (result, try #require(Int(line.dropFirst("maxrss ".count))))
  }

  /// Set, through the crop made for the screen (feh is given a made file, not the picture).
  static func expectSetThroughTheCrop(_ run: Run, _ what: String, bound: Int = memoryBound) {
    #expect(run.result.status == 0, "\(what): \(run.result.stderr)")
    #expect(run.result.stderr == "", "\(what)")
    #expect(run.fehCalls.count == 1, "\(what)")
    #expect(run.fehCalls.first?.contains("/screens/") == true, "\(what): \(run.fehCalls)")
    #expect(run.peak < bound, "\(what): peak RSS \(run.peak) KB")
  }

  /// Refused with `message` as the error on stderr (its hint after "; "), before feh ran.
  static func expectRefused(_ run: Run, _ message: String, _ what: String) {
    #expect(run.result.status == 1, "\(what): \(run.result.stderr)")
    let lines = run.result.stderr.split(separator: "\n").compactMap { Diagnostic.parse($0)?.text }
    #expect(lines.joined(separator: "; ") == message, "\(what): \(run.result.stderr)")
    #expect(run.fehCalls.isEmpty, "\(what)")
    #expect(run.peak < memoryBound, "\(what): peak RSS \(run.peak) KB")
  }

  // MARK: - Refused from the header, before any decode

  static func costly(_ path: String, side: Int, components: Int, bytes: Int) -> String {
    told(
      ImageCheckError.tooCostlyToDecode(
        path: path, width: side, height: side, components: components, progressive: true, bytes: bytes,
        limit: JPEGInspector.maximumDecodeBytes))
  }

  @Test func aProgressive16384PictureIsRefused() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 16384, height: 16384))
    Self.expectRefused(
      run, Self.costly(run.absolute, side: 16384, components: 3, bytes: 805_306_368), "progressive 16384²")
  }

  @Test func a300KBFileDeclaringAProgressive16384PictureIsRefused() throws {
    let bytes = ForgedJPEG.make(width: 16384, height: 16384, scanBytes: 300 * 1024)
    #expect(bytes.count < 310 * 1024)
    let run = try Self.apply(bytes)
    Self.expectRefused(
      run, Self.costly(run.absolute, side: 16384, components: 3, bytes: 805_306_368),
      "300 KB progressive 16384²")
  }

  @Test func aProgressiveCMYK16384PictureIsRefused() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 16384, height: 16384, components: ForgedJPEG.cmyk))
    Self.expectRefused(
      run, Self.costly(run.absolute, side: 16384, components: 4, bytes: 2 << 30), "CMYK 16384²")
  }

  @Test func twentyThousandScansAreRefused() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 1024, height: 1024, scans: 20000))
    Self.expectRefused(
      run, told(ImageCheckError.tooManyScans(path: run.absolute, limit: JPEGInspector.maximumScans)),
      "20,000 scans")
  }

  @Test func aDeclared65500PictureIsRefused() throws {
    let bytes = ForgedJPEG.make(width: 65500, height: 65500, progressive: false, scanBytes: 4096)
    let run = try Self.apply(bytes)
    Self.expectRefused(
      run,
      told(
        ImageCheckError.implausibleDimensions(
          path: run.absolute, width: 65500, height: 65500, bytes: bytes.count)), "65500²")
  }

  @Test func aJPEGCutShortIsRefused() throws {
    let whole = try TestJPEG.make(width: 640, height: 360)
    let run = try Self.apply(whole.prefix(whole.count / 2))
    Self.expectRefused(
      run, "\(run.absolute) is not a whole JPEG picture (it ends before its end marker); nothing was changed",
      "cut short")
  }

  @Test func anEmptyFileNamedJPGIsRefused() throws {
    let run = try Self.apply(Data())
    Self.expectRefused(
      run, "\(run.absolute) is not a JPEG, PNG, GIF, WebP or BMP picture; nothing was changed", "zero bytes")
  }

  /// A PNG header declaring 65500x65500, in 80 bytes: refused by the PNG check at its header.
  @Test func aPNGDeclaring65500IsRefused() throws {
    let png = TestPNG.forged(
      width: 65500, height: 65500, [TestPNG.chunk("IDAT", TestPNG.zlib([0])), TestPNG.chunk("IEND", [])])
    let run = try Self.apply(Data(png), name: "picture.png")
    Self.expectRefused(
      run,
      "\(run.absolute) is not a usable PNG: its header declares 65500x65500 pixels, none or more than 16384 "
        + "on a side; nothing was changed", "PNG 65500²")
  }

  /// An interlaced PNG is decoded whole: one whose bitmap is over the JPEG's decode budget is
  /// refused, with its fix.
  @Test func anInterlacedPNGBeyondTheBudgetIsRefused() throws {
    let png = TestPNG.forged(
      width: 4000, height: 4000, colour: .rgba, interlaced: true,
      [TestPNG.chunk("IDAT", TestPNG.filler(4000 * 16001 / 1032 + 1)), TestPNG.chunk("IEND", [])])
    let run = try Self.apply(Data(png), name: "picture.png")
    let error = ImageCheckError.pngTooCostlyToDecode(
      path: run.absolute, width: 4000, height: 4000, bytes: 4000 * 4000 * 4,
      limit: JPEGInspector.maximumDecodeBytes, interlaced: true)
    Self.expectRefused(
      run, "\(error.description); nothing was changed; \(error.hint ?? "")", "interlaced 4000² RGBA")
  }

  // MARK: - Set

  /// A baseline 16384x16384 picture streams, shrunk while it decodes.
  @Test func aBaseline16384PictureIsSetWithinTheBound() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 16384, height: 16384, progressive: false))
    Self.expectSetThroughTheCrop(run, "baseline 16384²")
  }

  /// The most a buffered (progressive) picture the budget lets through may cost: the bench's
  /// bound, which holds for a baseline picture, and the coefficient budget on top.
  static let bufferedBound = memoryBound + JPEGInspector.maximumDecodeBytes / 1024

  /// A progressive UHD picture with its colour whole (4:4:4, 47.5 MB of coefficients): about
  /// the most the budget lets through, within the bench's bound and the budget.
  @Test func theLargestProgressivePictureAllowedIsSetWithinTheBudget() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 3840, height: 2160, components: ForgedJPEG.yuv444))
    Self.expectSetThroughTheCrop(run, "progressive UHD 4:4:4", bound: Self.bufferedBound)
  }

  /// 64 pixels more on a side and it is refused.
  @Test func aLargerOneIsRefused() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 3904, height: 2224, components: ForgedJPEG.yuv444))
    Self.expectRefused(
      run,
      told(
        ImageCheckError.tooCostlyToDecode(
          path: run.absolute, width: 3904, height: 2224, components: 3, progressive: true,
          bytes: 488 * 278 * 3 * 128, limit: JPEGInspector.maximumDecodeBytes)), "progressive 3904x2224 4:4:4"
    )
  }

  /// Bing's UHD picture, were it progressive (4:2:0, 23.7 MB of coefficients).
  @Test func aProgressiveUHDPictureIsSet() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("uhd.jpg")
    try ExternalTool.run([
      "convert", "-size", "3840x2160", "gradient:#3366cc-#cc6633", "-interlace", "JPEG", "-sampling-factor",
      "2x2", file,
    ])
    let run = try Self.apply(try Data(contentsOf: URL(fileURLWithPath: file)))
    Self.expectSetThroughTheCrop(run, "progressive UHD", bound: Self.bufferedBound)
  }

  @Test func aHundredScansAreSet() throws {
    let run = try Self.apply(ForgedJPEG.make(width: 1024, height: 1024, scans: 100))
    Self.expectSetThroughTheCrop(run, "100 scans")
  }

  @Test(arguments: [
    ("CMYK", ["-colorspace", "CMYK"]), ("grayscale", ["-colorspace", "Gray"]),
    ("EXIF orientation", ["-orient", "RightTop"]),
  ])
  func aPictureIsSet(_ what: String, _ options: [String]) throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("picture.jpg")
    try ExternalTool.run(["convert", "-size", "640x360", "gradient:#3366cc-#cc6633"] + options + [file])
    let run = try Self.apply(try Data(contentsOf: URL(fileURLWithPath: file)))
    Self.expectSetThroughTheCrop(run, what)
  }

  /// bingwall decodes only JPEG and PNG: a GIF or WebP, named `.jpg`, is given to the desktop
  /// as it is, with the one warning that no crop was made.
  @Test(arguments: [("gif", "a GIF picture"), ("webp", "a WebP picture")])
  func anotherFormatNamedJPGIsSetAsItIs(_ format: String, _ name: String) throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("picture.\(format)")
    try ExternalTool.run(["convert", "-size", "640x360", "gradient:#3366cc-#cc6633", file])
    let run = try Self.apply(try Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(run.result.status == 0, "\(format): \(run.result.stderr)")
    #expect(
      run.result.stderr
        == "bingwall: warning: \(run.absolute) is \(name); bingwall reads only JPEG and PNG pictures; "
        + "the picture was set as it is on every screen\n", "\(format): \(run.result.stderr)")
    #expect(run.fehCalls.count == 1 && run.fehCalls[0].contains(run.absolute), "\(run.fehCalls)")
    #expect(run.peak < Self.memoryBound, "\(format): peak RSS \(run.peak) KB")
  }

  /// A PNG, even named `.jpg`, is cut for the screen as a JPEG is. Its decode holds more than a
  /// JPEG's (libpng's rows and libvips's line buffers grow with the picture; no shrink while it
  /// decodes), within the bound of a buffered JPEG: 8K in 8-bit RGB streams through at about
  /// 88 MB, 8K in 8-bit RGBA at 105 MB, and an interlaced UHD picture in 16-bit RGB (47.5 MB,
  /// held whole) at about 111 MB.
  @Test(arguments: [
    ("8K RGB", ["-size", "7680x4320", "gradient:#3366cc-#cc6633", "-depth", "8"], "png24:", "picture.png"),
    (
      "8K RGBA", ["-size", "7680x4320", "gradient:#3366cc-#cc6633", "-alpha", "set", "-depth", "8"], "png32:",
      "picture.png"
    ),
    ("PNG named .jpg", ["-size", "640x360", "gradient:#3366cc-#cc6633"], "png:", "picture.jpg"),
    (
      "interlaced UHD 16-bit",
      ["-size", "3840x2160", "gradient:#3366cc-#cc6633", "-depth", "16", "-interlace", "PNG"],
      "png:", "picture.png"
    ),
  ])
  func aPNGIsSetThroughTheCrop(_ what: String, _ options: [String], _ format: String, _ name: String) throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("made.png")
    try ExternalTool.run(["convert"] + options + [format + file])
    let run = try Self.apply(try Data(contentsOf: URL(fileURLWithPath: file)), name: name)
    Self.expectSetThroughTheCrop(run, what, bound: Self.bufferedBound)
  }

  /// A picture whose scan data stops short (its end marker is there): libjpeg decodes it with a
  /// warning and grey rows. Set as it is, with that one warning.
  @Test func aPictureWhoseDataStopsShortIsSetAsItIsWithOneWarning() throws {
    let run = try Self.apply(Self.dataCutShort())
    #expect(run.result.status == 0, "\(run.result.stderr)")
    #expect(
      run.result.stderr
        == "bingwall: warning: \(run.absolute) is damaged (VipsJpeg: Corrupt JPEG data: premature end of data segment): "
        + "parts of it would show grey; the picture was set as it is on every screen\n",
      "\(run.result.stderr)")
    #expect(run.fehCalls.count == 1 && run.fehCalls[0].contains(run.absolute), "\(run.fehCalls)")
    #expect(run.peak < Self.memoryBound, "peak RSS \(run.peak) KB")
  }

  /// A baseline picture whose first scan has a tenth of its data, then its end marker.
  static func dataCutShort() -> Data {
    let blocks = ForgedJPEG.blocks(width: 640, height: 360, ForgedJPEG.yuv420)
    return ForgedJPEG.make(width: 640, height: 360, progressive: false, scanBytes: blocks / 40)
  }

  /// feh hangs on the picture until bingwall's 10 s limit: the error still says why it had been
  /// given the file as it is.
  @Test func aSetterThatHangsKeepsTheCropsWarningInItsError() throws {
    let run = try Self.apply(Self.dataCutShort(), feh: "exec sleep 60")
    #expect(run.result.status == 1, "\(run.result.stderr)")
    let lines = run.result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.result.stderr)")
    #expect(lines.first?.hasPrefix("bingwall: error: feh: '") == true, "\(run.result.stderr)")
    #expect(lines.first?.contains("did not finish within 10 s and was stopped") == true)
    #expect(
      lines.first?.hasSuffix(
        "(it was given the file as it is: \(run.absolute) is damaged (VipsJpeg: Corrupt JPEG data: premature end "
          + "of data segment): parts of it would show grey)") == true, "\(run.result.stderr)")
  }

  // MARK: - Import and update

  @Test func importRefusesAProgressive16384Picture() throws {
    let sandbox = try Sandbox()
    let source = sandbox.folder.file("source")
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    let bytes = ForgedJPEG.make(width: 16384, height: 16384, scanBytes: 300 * 1024)
    try bytes.write(to: URL(fileURLWithPath: source + "/20261120-Lake_UHD.jpg"))
    let (result, peak) = try Self.timed(sandbox, ["import", source])
    #expect(
      result.stderr.contains(
        "20261120-Lake_UHD.jpg is a progressive JPEG of 16384x16384 pixels in 3 components, which would need "
          + "768.0 MB of memory to decode (the limit is 48.0 MB); skipped"), "\(result.stderr)")
    #expect(sandbox.imageFiles().filter { !$0.hasPrefix(".") }.isEmpty)
    #expect(peak < Self.memoryBound, "peak RSS \(peak) KB")
  }

  @Test func updateRefusesAProgressive16384PictureFromBing() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let day = Array(FakeBing.week().prefix(1))
    try bing.publish(market: "en-US", images: day)
    let bytes = ForgedJPEG.make(width: 16384, height: 16384, scanBytes: 300 * 1024)
    bing.serve(day[0], resolution: "UHD", .bytes(bytes, contentType: "image/jpeg"))
    let (result, peak) = try Self.timed(
      sandbox, ["update", "--market", "en-US", "--no-apply"],
      environment: ["BINGWALL_ENDPOINT": bing.endpoint])
    #expect(
      result.stderr.contains(
        "is a progressive JPEG of 16384x16384 pixels in 3 components, which would need 768.0 MB of memory to decode"
      ),
      "\(result.stderr)")
    #expect(bing.imageRequests(day[0], resolution: "UHD") >= 1)
    let stored = sandbox.imageFiles().filter { !$0.hasPrefix(".") }.map { sandbox.imageDir + "/" + $0 }
    for file in stored { #expect(try JPEGInspector.inspect(fileAt: file).width < 16384, "\(file)") }
    #expect(peak < Self.memoryBound, "peak RSS \(peak) KB")
  }
}
