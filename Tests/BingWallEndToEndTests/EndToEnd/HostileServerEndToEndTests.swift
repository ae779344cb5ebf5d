import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallStore
@testable import BingWallSystem

/// The real binary against a fake Bing that misbehaves on purpose: whatever the server does, the
/// update ends in bounded time with a clear message and stores only whole pictures.
@Suite struct HostileServerEndToEndTests {
  /// A sandbox whose config sets `network.timeout = 2`, and a fake Bing serving `images`.
  static func setUp(_ images: [FakeBingImage]) throws -> (Sandbox, FakeBing, [String: String]) {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: Paths.parent(of: sandbox.configFile), withIntermediateDirectories: true)
    try "[network]\ntimeout = 2\n".write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
    if !images.isEmpty { try bing.publish(market: "en-US", images: images) }
    return (sandbox, bing, ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"])
  }

  /// One byte every half second: without stall detection three attempts of 10 × timeout (60 s)
  /// held the update for a minute; now each attempt ends 2 s after the drip starts, and the
  /// whole update within its time limit (6 × timeout = 12 s).
  @Test func aDrippingPictureEndsInBoundedTime() throws {
    let week = Array(FakeBing.week().prefix(2))
    let (sandbox, bing, environment) = try Self.setUp(week)
    try bing.serveJPEG(week[1])
    bing.serve(
      week[0], resolution: "UHD",
      FakeResponse(body: .sequence(count: 100_000), fault: .slowBody(chunkBytes: 1, interval: 0.5))
        .with(header: "Content-Type", "image/jpeg"))
    let started = ContinuousClock.now
    let result = try sandbox.run(["update", "--no-apply"], environment: environment)
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(14), "\(elapsed)")
    #expect(result.status == 75, "\(result.stderr)")
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("bingwall: error: ") }
    #expect(errors.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("too slow") || result.stderr.contains("time limit"), "\(result.stderr)")
    // The other picture is stored; nothing of the dripping one is.
    #expect(sandbox.imageFiles().count == 1)
    #expect(sandbox.imageFiles().first?.contains(week[1].name) == true)
  }

  // MARK: - The table

  /// One way for the server to misbehave. `setUp` publishes and serves; `canary` is a path that
  /// must never come to exist (hostile text says to create it).
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// Exit statuses that are right for this case.
    var statuses: Set<Int32>
    /// Pictures that must be stored; nil when any number (each whole) is right.
    var stored: Int?
    var setUp: @Sendable (FakeBing, _ canary: String) throws -> Void
    var testDescription: String { name }
  }

  static let image = FakeBing.week()[0]

  /// An archive entry with the fields given, the rest Bing's usual.
  static func entry(
    urlbase: String = "/th?id=OHR.Lake_EN-US1000", fullstartdate: String? = "202612010800",
    title: String = "Lake", copyright: String = "Lake (© A)"
  ) -> [String: Any] {
    var object: [String: Any] = [
      "urlbase": urlbase, "title": title, "copyright": copyright, "wp": true, "hsh": "h",
      "copyrightlink": "https://www.bing.com/search?q=x", "url": urlbase + "_1920x1080.jpg",
    ]
    if let fullstartdate {
      object["fullstartdate"] = fullstartdate
      object["startdate"] = String(fullstartdate.prefix(8))
    }
    return object
  }

  static func archive(_ entries: [[String: Any]]) throws -> FakeResponse {
    let data = try JSONSerialization.data(withJSONObject: ["market": ["mkt": "en-US"], "images": entries])
    return .json(String(decoding: data, as: UTF8.self))
  }

  /// The archive at its path; and the usual picture of `image` unless `picture` replaces it.
  static func serve(_ bing: FakeBing, archive: FakeResponse, picture: FakeResponse? = nil) throws {
    bing.server.route("/HPImageArchive.aspx", archive)
    if let picture {
      bing.serve(image, resolution: "UHD", picture)
      bing.serve(image, resolution: "1920x1080", picture)
    } else {
      try bing.serveJPEG(image)
    }
  }

  static func archiveCase(
    _ name: String, _ statuses: Set<Int32>, _ response: @escaping @Sendable () throws -> FakeResponse
  )
    -> Case
  {
    Case(name: name, statuses: statuses, stored: 0) { bing, _ in
      bing.server.route("/HPImageArchive.aspx", try response())
    }
  }

  static func metadataCase(
    _ name: String, stored: Int? = nil, _ entries: @escaping @Sendable (String) -> [[String: Any]]
  ) -> Case {
    Case(name: name, statuses: [0, 1, 75], stored: stored) { bing, canary in
      try serve(bing, archive: try archive(entries(canary)))
    }
  }

  static func pictureCase(_ name: String, _ response: @escaping @Sendable (FakeBing) throws -> FakeResponse)
    -> Case
  {
    Case(name: name, statuses: [1, 75], stored: 0) { bing, _ in
      try serve(bing, archive: try archive([entry()]), picture: try response(bing))
    }
  }

  static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

  static let cases: [Case] = [
    // The archive request.
    archiveCase("an empty body", [75]) { .json("") },
    archiveCase("null", [75]) { .json("null") },
    archiveCase("no images", [75]) { .json("{\"images\":[]}") },
    archiveCase("an HTML page", [1]) { .html("<html><body>Object moved</body></html>") },
    archiveCase("JSON cut short", [1]) { .json("{\"images\":[{\"urlbase\":\"/th?id=OHR.X_EN-US1\"") },
    archiveCase("wrong types", [1]) { .json("{\"images\":[{\"urlbase\":5,\"fullstartdate\":7}]}") },
    archiveCase("HTTP 503", [75]) { .status(503) },
    archiveCase("HTTP 404", [1]) { .status(404) },
    archiveCase("HTTP 503 asking to come back in an hour", [75]) {
      FakeResponse.status(503).with(header: "Retry-After", "3600")
    },
    archiveCase("HTTP 500 with an HTML page", [75]) { .html("<h1>oops</h1>", status: 500) },
    archiveCase("a 50 MB JSON body", [1]) {
      FakeResponse(
        headers: [("Content-Type", "application/json")], body: .repeating(byte: 0x20, count: 50 << 20))
    },
    archiveCase("JSON nested 100,000 deep", [1]) { .json(deep) },
    archiveCase("invalid UTF-8", [1]) {
      .bytes(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]), contentType: "application/json")
    },
    archiveCase("binary garbage", [1]) {
      .bytes(Data((0..<4096).map { UInt8($0 % 251) }), contentType: "application/json")
    },
    archiveCase("a slow drip", [75]) {
      FakeResponse(body: .sequence(count: 100_000), fault: .slowBody(chunkBytes: 1, interval: 0.5))
    },
    archiveCase("headers that never end", [1]) { FakeResponse(fault: .endlessHeaders) },
    archiveCase("a reset connection", [75]) { FakeResponse(fault: .reset) },
    archiveCase("a redirect to file://", [1]) { .redirect(to: "file:///etc/passwd") },
    archiveCase("a redirect loop", [1]) {
      .redirect(to: "/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US&mbl=1")
    },
    Case(name: "a redirect 20 deep", statuses: [1], stored: 0) { bing, _ in
      bing.server.route("/HPImageArchive.aspx", .redirect(to: "/hop/1"))
      for hop in 1..<20 { bing.server.route("/hop/\(hop)", .redirect(to: "/hop/\(hop + 1)")) }
      bing.server.route("/hop/20", .json("{\"images\":[]}"))
    },
    Case(name: "a redirect to another host", statuses: [75], stored: 0) { bing, _ in
      // Followed, as Bing's CDN redirects are, to 127.0.0.2, where nothing listens: unreachable.
      let other = bing.endpoint.replacingOccurrences(of: "127.0.0.1", with: "127.0.0.2")
      bing.server.route("/HPImageArchive.aspx", .redirect(to: other + "/moved"))
      bing.server.route("/moved", try archive([entry()]))
      try bing.serveJPEG(image)
    },
    Case(name: "a BOM before the JSON", statuses: [0], stored: 1) { bing, _ in
      let data = try JSONSerialization.data(withJSONObject: ["images": [entry()]])
      try serve(bing, archive: .bytes(Data([0xEF, 0xBB, 0xBF]) + data, contentType: "application/json"))
    },
    Case(name: "10,000 pictures listed", statuses: [0, 1], stored: 1) { bing, _ in
      // Short entries, so the body stays under the archive's 1 MiB limit and is read.
      let more: [[String: Any]] = (0..<9_999).map { ["urlbase": "/th?id=OHR.N\($0)_EN-US1"] }
      try serve(bing, archive: try archive([entry()] + more))
    },
    // Hostile metadata: whatever it says, nothing runs and nothing is written outside our folders.
    metadataCase("a urlbase climbing out with ../") { _ in [entry(urlbase: "/th?id=../../../../tmp/x")] },
    metadataCase("an absolute urlbase") { canary in [entry(urlbase: "http://127.0.0.1:9/th?id=OHR.X_EN-US1")]
    },
    metadataCase("a file:// urlbase") { _ in [entry(urlbase: "file:///etc/passwd#")] },
    metadataCase("a urlbase with spaces") { _ in [entry(urlbase: "/th?id=OHR.A B C_EN-US1")] },
    metadataCase("a NUL in the urlbase") { _ in [entry(urlbase: "/th?id=OHR.A\u{0}B_EN-US1")] },
    metadataCase("a 100 KB urlbase") { _ in
      [entry(urlbase: "/th?id=OHR." + String(repeating: "A", count: 100_000))]
    },
    metadataCase("an id with shell metacharacters") { canary in
      [entry(urlbase: "/th?id=OHR.$(touch \(canary));`touch \(canary)`_EN-US1")]
    },
    metadataCase("a title with ANSI escapes", stored: 1) { _ in
      [entry(title: "\u{1b}[2J\u{1b}]0;owned\u{07}Lake")]
    },
    metadataCase("a title with a right-to-left override", stored: 1) { _ in
      [entry(title: "Lake \u{202E}gpj.exe")]
    },
    metadataCase("a title with a NUL", stored: 1) { _ in [entry(title: "La\u{0}ke")] },
    metadataCase("a 100 KB title", stored: 1) { _ in [entry(title: String(repeating: "T", count: 100_000))] },
    metadataCase("a caption that says to run something", stored: 1) { canary in
      [entry(copyright: "$(touch \(canary)) `touch \(canary)`; rm -rf ~ (© ../../etc)")]
    },
    metadataCase("a malformed date") { _ in [entry(fullstartdate: "2026-13-45T99")] },
    metadataCase("no date at all") { _ in [entry(fullstartdate: nil)] },
    metadataCase("eight entries with one key each") { _ in
      [
        ["urlbase": "/th?id=OHR.A_EN-US1"], ["title": "t"], ["copyright": "c"], ["wp": true], ["hsh": "h"],
        ["startdate": "20261201"], ["fullstartdate": "202612010800"],
        ["url": "/th?id=OHR.B_EN-US1_1920x1080.jpg"],
      ]
    },
    // The picture.
    pictureCase("an empty picture") { _ in .bytes(Data(), contentType: "image/jpeg") },
    pictureCase("a PNG served as a JPEG") { _ in
      .bytes(
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 500)),
        contentType: "image/jpeg")
    },
    pictureCase("a picture cut in half") { _ in
      let jpeg = try TestJPEG.make(width: 1921, height: 1081, padTo: 200_000)
      return FakeResponse.bytes(jpeg, contentType: "image/jpeg").with(fault: .truncate(afterBytes: 100_000))
    },
    pictureCase("a 300 MB picture") { _ in
      FakeResponse(headers: [("Content-Type", "image/jpeg")], body: .repeating(byte: 0xFF, count: 300 << 20))
    },
    pictureCase("an endless picture") { _ in
      FakeResponse(
        headers: [("Content-Type", "image/jpeg")], body: .repeating(byte: 0xFF, count: 1 << 40),
        fault: .chunked(chunkSize: 1 << 16))
    },
    pictureCase("a dripping picture") { _ in
      FakeResponse(
        headers: [("Content-Type", "image/jpeg")], body: .sequence(count: 100_000),
        fault: .slowBody(chunkBytes: 1, interval: 0.5))
    },
    pictureCase("a picture redirected to file://") { _ in .redirect(to: "file:///etc/passwd") },
    pictureCase("a forged 65535x65535 frame header") { _ in
      var bytes = Array(try TestJPEG.make(width: 3840, height: 2160))
      let frame = try TestJPEG.frameHeaderOffset(bytes)
      for offset in 5...8 { bytes[frame + offset] = 0xFF }
      return .bytes(Data(bytes), contentType: "image/jpeg")
    },
    pictureCase("an HTML page as the picture") { _ in .html("<html>Object moved</html>") },
  ]

  /// Every regular file under `folder`, as paths relative to it.
  static func files(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let path = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.append(path)
      }
    }
    return found
  }

  @Test(arguments: cases)
  func aHostileServerIsBoundedAndHarmless(_ hostile: Case) throws {
    let (sandbox, bing, environment) = try Self.setUp([])
    let canary = sandbox.folder.file("owned")
    try hostile.setUp(bing, canary)
    let peak = sandbox.folder.file("peak-rss")
    let started = ContinuousClock.now
    let result = try sandbox.run(
      ["update", "--no-apply"], environment: environment, under: ["/usr/bin/time", "-f", "%M", "-o", peak])
    let elapsed = ContinuousClock.now - started

    // Bounded: time (the update's limit is 6 x network.timeout = 12 s, plus start-up and the
    // apply; an endless picture, streamed to 256 MiB at two sizes, takes the longest) and memory.
    #expect(elapsed < .seconds(Sanitizer.name == nil ? 20 : 60), "\(hostile.name): \(elapsed)")
    let kilobytes =
      Int(try String(contentsOfFile: peak, encoding: .utf8).split(separator: "\n").last ?? "") ?? 0
    #expect(
      kilobytes > 0 && (kilobytes < 100 * 1024 || Sanitizer.name != nil),
      "\(hostile.name): peak RSS \(kilobytes) KB")
    // For docs/RELIABILITY.md's worst case: `swift test --filter HostileServer | grep bounds:`.
    print(
      "bounds: \(hostile.name): \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000) ms, \(kilobytes) KB"
    )
    // A clear outcome: a status from the table, at most three lines of messages, no raw control
    // characters from the server reaching the terminal.
    #expect(
      hostile.statuses.contains(result.status), "\(hostile.name): status \(result.status): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count <= 3, "\(hostile.name): \(result.stderr)")
    for text in [result.stdout, result.stderr] {
      #expect(
        !text.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || TerminalText.isBidiControl($0.value)
        },
        "\(hostile.name): control characters in \(text.debugDescription.prefix(300))")
    }
    // Nothing executed, nothing outside our folders, nothing stored that is not a whole picture.
    #expect(!FileManager.default.fileExists(atPath: canary), "\(hostile.name): a command ran")
    let allowed = [
      ".local/share/bingwall/", ".local/state/bingwall/", ".cache/bingwall/", ".config/bingwall/",
    ]
    for path in Self.files(under: sandbox.home) {
      #expect(allowed.contains { path.hasPrefix($0) }, "\(hostile.name): wrote \(path)")
    }
    let stored = sandbox.imageFiles().filter { !$0.hasPrefix(".") }
    if let expected = hostile.stored {
      #expect(stored.count == expected, "\(hostile.name): \(stored); \(result.stdout) \(result.stderr)")
    }
    for name in stored {
      #expect(throws: Never.self, "\(hostile.name): \(name)") {
        try JPEGInspector.inspect(fileAt: sandbox.imageDir + "/" + name)
      }
    }
  }
}
