import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallModel
@testable import BingWallSystem

/// The real binary against hostile answers of the four sources beyond Bing, one source at a
/// time on the fake server (`FakeSources`) over real libcurl: a picture that declares
/// 20,000x20,000 pixels (PNG or JPEG), a PNG cut short, a web page sent as `image/jpeg`, a
/// picture redirected to `file:///etc/passwd`, a picture URL that is `file://` or `javascript:`,
/// the metadata redirected to another host, and 50 MB of metadata (its length announced, or
/// chunked). Each costs that source a warning that names it and says why, on one line (one a
/// picture when its pictures were what failed), and nothing else: exit status 1, no picture in
/// the history, no file in the image folder, no hang (a generous bound, only to catch one), and
/// a peak RSS under the bench's bound for a process making a screen's picture (about 33 MB
/// measured), whatever the answer declares.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time (make test-deps)"))
struct SourcesHostileEndToEndTests {
  static let sources: [Source] = [.spotlight, .apod, .wikimedia, .earthObservatory]

  /// Far more than a run takes (a few seconds), so that only a hang fails it.
  static let hangGuard: Duration = .seconds(60)

  /// What the fake answers instead of the source's own answer.
  enum Hostility: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Every picture a PNG whose header declares 20,000x20,000 (1.2 GB decoded), in a few bytes.
    case pngBomb
    /// Every picture a baseline JPEG whose frame declares 20,000x20,000, with 64 kB of scan data.
    case jpegBomb
    /// Every picture a PNG cut in half.
    case truncatedPNG
    /// Every picture a web page sent as `image/jpeg`.
    case htmlAsJPEG
    /// Every picture a redirect to `file:///etc/passwd`.
    case pictureRedirectedToFile
    /// The metadata's picture URLs are `file:///…`.
    case fileURL
    /// The metadata's picture URLs are `javascript:…`.
    case javascriptURL
    /// The metadata redirects to another host name of the same server, which answers it.
    case redirectOffHost
    /// 50 MB of metadata, its length announced.
    case hugeBody
    /// 50 MB of metadata, chunked: no length to refuse at once.
    case hugeChunkedBody

    var testDescription: String { rawValue }

    /// True when the metadata is good and the pictures are not: the pictures are asked for.
    var isPictureFault: Bool {
      [.pngBomb, .jpegBomb, .truncatedPNG, .htmlAsJPEG, .pictureRedirectedToFile].contains(self)
    }

    /// What the warning says, whatever the source: the reason, as the user reads it.
    var reason: String {
      switch self {
      case .pngBomb: "20000x20000"
      case .jpegBomb: "20000x20000"
      case .truncatedPNG: "PNG"
      case .htmlAsJPEG: "the server sent an HTML page instead"
      case .pictureRedirectedToFile: "\"file\""
      case .fileURL: "its scheme is 'file', not https"
      case .javascriptURL: "its scheme is 'javascript', not https"
      case .redirectOffHost: "localhost"
      case .hugeBody, .hugeChunkedBody: "bytes"
      }
    }

    func arm(_ fake: FakeSources, for source: Source) {
      switch self {
      case .pngBomb:
        let png = TestPNG.forged(
          width: 20000, height: 20000, [TestPNG.chunk("IDAT", TestPNG.zlib([0])), TestPNG.chunk("IEND", [])])
        fake.failingPictures(with: .bytes(Data(png), contentType: "image/png"))
      case .jpegBomb:
        let jpeg = ForgedJPEG.make(width: 20000, height: 20000, progressive: false, scanBytes: 64 << 10)
        fake.failingPictures(with: .bytes(jpeg, contentType: "image/jpeg"))
      case .truncatedPNG:
        let png = TestPNG.make(width: 640, height: 360)
        fake.failingPictures(with: .bytes(Data(png.prefix(png.count / 2)), contentType: "image/png"))
      case .htmlAsJPEG:
        let page =
          "<!DOCTYPE html>\n<html><head><title>Not found</title></head><body><p>Gone.</p></body></html>\n"
        fake.failingPictures(with: .bytes(Data(page.utf8), contentType: "image/jpeg"))
      case .pictureRedirectedToFile:
        fake.failingPictures(with: .redirect(to: "file:///etc/passwd"))
      case .fileURL:
        fake.failing(source, with: .pictureURLs(prefix: "file://"))
      case .javascriptURL:
        fake.failing(source, with: .pictureURLs(prefix: "javascript:alert(document.cookie)//"))
      case .redirectOffHost:
        fake.failing(source, with: .redirectOffHost)
      case .hugeBody:
        fake.failing(source, with: .huge)
      case .hugeChunkedBody:
        fake.failing(source, with: .hugeChunked)
      }
    }
  }

  @Test(arguments: sources, Hostility.allCases)
  func aHostileAnswerCostsItsSourceOneWarningAndNothingElse(_ source: Source, _ hostility: Hostility) throws {
    let fake = try FakeSources(now: Date())
    hostility.arm(fake, for: source)
    let sandbox = try Sandbox()
    let environment = [
      "BINGWALL_BACKEND": "none", "BINGWALL_SOURCES": source.rawValue,
      "BINGWALL_\(source.configSection.uppercased())_ENDPOINT": fake.baseURL,
    ]
    let started = ContinuousClock.now
    let (result, peak) = try HostilePictureEndToEndTests.timed(
      sandbox, ["update", "--no-apply"], environment: environment)
    let elapsed = ContinuousClock.now - started
    let what = "\(source) \(hostility)"

    // A failure that waiting will not mend: exit status 1, no picture fetched.
    #expect(result.status == 1, "\(what): \(result.stderr)")
    #expect(result.stdout == "", "\(what): \(result.stdout)")
    // One line on stderr, a warning naming the source and giving the reason: when several of
    // its pictures failed alike, the first, and how many more.
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let pictures = Set(fake.pictureRequests.map(\.path))
    #expect(lines.count == 1, "\(what): \(result.stderr)")
    if hostility.isPictureFault, pictures.count > 1 {
      #expect(result.stderr.contains("(and \(pictures.count - 1) more like it)"), "\(what): \(result.stderr)")
    }
    for line in lines {
      let diagnostic = Diagnostic.parse(line)
      #expect(diagnostic?.kind == .warning, "\(what): \(line)")
      #expect(line.contains(source.displayName), "\(what): \(line)")
      #expect(line.contains(hostility.reason), "\(what): \(line)")
    }
    // The pictures are asked for only when the metadata was good.
    #expect(pictures.isEmpty != hostility.isPictureFault, "\(what): \(pictures.sorted())")

    // Nothing kept: no picture in the history, no file in the image folder, hidden or not.
    let list = try sandbox.run(["list", "--json", "--limit", "0"], environment: environment)
    #expect(list.status == 0, "\(what): \(list.stderr)")
    #expect(list.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(what): \(list.stdout)")
    #expect(sandbox.imageFiles().isEmpty, "\(what): \(sandbox.imageFiles())")

    #expect(elapsed < Self.hangGuard, "\(what): \(elapsed)")
    // A sanitizer's shadow memory makes the resident size meaningless (`make sanitize`).
    #expect(
      peak < HostilePictureEndToEndTests.memoryBound || Sanitizer.name != nil,
      "\(what): peak RSS \(peak) KB")
  }

  // MARK: - The largest PNG accepted

  /// A PNG of `side`x`side` in 8-bit RGB, a pattern that deflates to about 1 MB and that JPEG
  /// keeps large (every row a shifted saw tooth): written by Python's zlib, row by row.
  static func makePNG(side: Int, at path: String) throws {
    let script = """
      import struct, sys, zlib
      side, path = int(sys.argv[1]), sys.argv[2]
      def chunk(kind, data):
          return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
      compressor = zlib.compressobj(6)
      saw = bytes((i * 37) & 255 for i in range(side * 3 + 256))
      data = bytearray()
      for y in range(side):
          start = (y * 13) % 256
          data += compressor.compress(b'\\0' + saw[start:start + side * 3])
      data += compressor.flush()
      header = struct.pack('>IIBBBBB', side, side, 8, 2, 0, 0, 0)
      with open(path, 'wb') as out:
          out.write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', bytes(data)) + chunk(b'IEND', b''))
      """
    _ = try ExternalTool.run(["python3", "-c", script, String(side), path])
  }

  /// A source's PNG whose bitmap is just under the PNG check's bound (9400x9400 RGB, 253 MiB of
  /// the 256 MiB allowed), in 1 MB: stored as a JPEG of its size. Made into that JPEG in the
  /// update's own process, which holds the whole JPEG it encodes (about 88 MB here) before
  /// writing it: the peak stays under the bench's bound and that bitmap bound together.
  @Test func theLargestPNGASourceMaySendIsStoredAsAJPEGWithinItsBound() throws {
    let side = 9400
    #expect(side * side * 3 <= PNGInspector.maximumDecodedBytes)
    let folder = try TemporaryDirectory()
    let file = folder.file("largest.png")
    try Self.makePNG(side: side, at: file)
    let png = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(png.count < 2 << 20, "\(png.count) bytes")

    let fake = try FakeSources(now: Date())
    fake.failingPictures(with: .bytes(png, contentType: "image/png"))
    let sandbox = try Sandbox()
    let environment = [
      "BINGWALL_BACKEND": "none", "BINGWALL_SOURCES": Source.apod.rawValue,
      "BINGWALL_APOD_ENDPOINT": fake.baseURL,
    ]
    let started = ContinuousClock.now
    let (result, peak) = try HostilePictureEndToEndTests.timed(
      sandbox, ["update", "--no-apply"], environment: environment)
    #expect(ContinuousClock.now - started < Self.hangGuard)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "", "\(result.stderr)")
    let stored = sandbox.imageFiles()
    #expect(stored.count == 1, "\(stored)")
    let path = sandbox.imageDir + "/" + (stored.first ?? "")
    let jpeg = try JPEGInspector.inspect(fileAt: path)
    #expect(jpeg.width == side && jpeg.height == side)
    let bound = HostilePictureEndToEndTests.memoryBound + PNGInspector.maximumDecodedBytes / 1024
    #expect(peak < bound || Sanitizer.name != nil, "peak RSS \(peak) KB")
  }
}
