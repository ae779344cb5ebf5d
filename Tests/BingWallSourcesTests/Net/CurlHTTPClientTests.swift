import BingWallServiceTestSupport
import BingWallTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import BingWallBing
@testable import BingWallNet
@testable import BingWallSystem

/// The real libcurl client against the real loopback server: every way a transfer can end.
///
/// Each test gets its own server (Swift Testing makes a fresh suite value per test), so tests
/// run in parallel without sharing routes or request logs.
@Suite struct CurlHTTPClientTests {
  /// The two ways to fetch, for tests that must hold for both.
  enum Call: String, CaseIterable, CustomTestStringConvertible {
    case get, download
    var testDescription: String { rawValue }
  }

  let server: FakeHTTPServer
  let client = CurlHTTPClient(userAgent: "bingwall/9.8.7")

  init() throws {
    server = try FakeHTTPServer()
  }

  // MARK: Success

  @Test func getReadsJSONBodyExactly() throws {
    let json = #"{"market":{"mkt":"ja-JP"},"images":[{"title":"ブロークン・ボウ湖の紅葉","wp":true}]}"#
    server.route("/HPImageArchive.aspx", query: ["format": "js"], .json(json))
    let url = server.url("/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=ja-JP&mbl=1")

    let response = try client.get(HTTPRequest(url: url))

    #expect(response.status == 200)
    #expect(response.body == Data(json.utf8))
    #expect(response.bodyBytes == Int64(Data(json.utf8).count))
    #expect(response.effectiveURL == url)
    #expect(response.header("Content-Type") == "application/json; charset=utf-8")
  }

  @Test(arguments: [404, 500, 503])
  func errorStatusIsReturnedNotThrown(status: Int) throws {
    server.route("/fail", .text("failure \(status)", status: status))

    let response = try client.get(HTTPRequest(url: server.url("/fail")))

    #expect(response.status == status)
    #expect(String(decoding: response.body, as: UTF8.self) == "failure \(status)")
  }

  @Test func headerLookupIgnoresCase() throws {
    server.route("/h", .text("x").with(header: "X-Bing-Trace", "abc 123"))

    let response = try client.get(HTTPRequest(url: server.url("/h")))

    #expect(response.header("x-bing-trace") == "abc 123")
    #expect(response.header("X-BING-TRACE") == "abc 123")
    #expect(response.headers.contains { $0.name == "X-Bing-Trace" && $0.value == "abc 123" })
    #expect(response.header("X-Absent") == nil)
  }

  @Test func requestCarriesUserAgentQueryAndHeaders() throws {
    server.route("/HPImageArchive.aspx", .json("{}"))
    let url = server.url("/HPImageArchive.aspx?format=js&n=8&mkt=en-US&q=caf%C3%A9%20au%20lait")
    let headers = ["X-Request": "yes", "Accept-Language": "de-DE", "X-Empty": ""]

    _ = try client.get(HTTPRequest(url: url, headers: headers))

    let request = try #require(server.requests(path: "/HPImageArchive.aspx").first)
    #expect(request.method == "GET")
    #expect(request.header("User-Agent") == "bingwall/9.8.7")
    #expect(request.query == ["format": "js", "n": "8", "mkt": "en-US", "q": "café au lait"])
    #expect(request.header("X-Request") == "yes")
    #expect(request.header("Accept-Language") == "de-DE")
    #expect(request.header("X-Empty") == "")
    // `get` asks for compressed JSON.
    #expect(request.header("Accept-Encoding")?.contains("deflate") == true)
  }

  @Test func downloadDoesNotAskForCompression() throws {
    server.route("/th", .bytes(Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg"))
    let directory = try TemporaryDirectory()

    _ = try download(server.url("/th?id=OHR.X_UHD.jpg"), into: directory)

    let request = try #require(server.requests(path: "/th").first)
    #expect(request.header("Accept-Encoding") == nil)
    #expect(request.query["id"] == "OHR.X_UHD.jpg")
  }

  @Test func compressedBodyIsDecoded() throws {
    let text = String(repeating: "Bing archive body. ", count: 100)
    let encoded = Self.zlibStored(Data(text.utf8))
    server.route(
      "/z", .bytes(encoded, contentType: "application/json").with(header: "Content-Encoding", "deflate"))

    let response = try client.get(HTTPRequest(url: server.url("/z")))

    #expect(response.body == Data(text.utf8))
    #expect(response.bodyBytes == Int64(text.utf8.count))
  }

  @Test func chunkedBodyIsDecodedWhole() throws {
    let body = FakeBody.sequence(count: 100_000)
    server.route("/c", FakeResponse(body: body, fault: .chunked(chunkSize: 777)))

    let response = try client.get(HTTPRequest(url: server.url("/c")))

    #expect(response.header("Transfer-Encoding") == "chunked")
    #expect(response.header("Content-Length") == nil)
    #expect(response.body == Data(FakeBody.sequencePattern(length: 100_000)))
  }

  @Test func wrongContentTypeIsReportedAsIs() throws {
    server.route("/th", .html("<html><body>Object moved</body></html>"))
    let directory = try TemporaryDirectory()

    let fetched = try client.get(HTTPRequest(url: server.url("/th?id=OHR.X_1920x1080.jpg")))
    let downloaded = try download(server.url("/th?id=OHR.X_1920x1080.jpg"), into: directory)

    #expect(fetched.status == 200)
    #expect(fetched.header("Content-Type") == "text/html; charset=utf-8")
    #expect(downloaded.header("Content-Type") == "text/html; charset=utf-8")
  }

  @Test func slowBodyWithinTimeoutArrivesWhole() throws {
    server.route(
      "/slow",
      FakeResponse(body: .sequence(count: 4000), fault: .slowBody(chunkBytes: 500, interval: 0.05)))
    let started = ContinuousClock.now

    let response = try client.get(HTTPRequest(url: server.url("/slow"), timeout: .seconds(5)))

    #expect(response.body == Data(FakeBody.sequencePattern(length: 4000)))
    // Eight pauses of 50 ms: proof that the body really came slowly.
    #expect(ContinuousClock.now - started >= .milliseconds(380))
  }

  @Test func downloadStreamsLargeBodyToFile() throws {
    let size = 50 * 1024 * 1024
    server.route("/big", FakeResponse(body: .sequence(count: size)))
    let directory = try TemporaryDirectory()
    let path = directory.file("big.bin")

    let response = try download(server.url("/big"), into: directory, name: "big.bin")

    #expect(response.status == 200)
    #expect(response.body.isEmpty)
    #expect(response.bodyBytes == Int64(size))
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(Int(info.st_size) == size)
    #expect(try Self.fileMatchesSequence(path: path, count: size))
  }

  @Test func concurrentRequestsFromSeveralThreadsOverlap() throws {
    server.route("/n") { request in
      FakeResponse.text("answer \(request.query["i"] ?? "?")").delayed(0.3)
    }
    let results = Mutex<[Int: String]>([:])
    let done = DispatchGroup()
    let started = ContinuousClock.now
    for index in 0..<8 {
      done.enter()
      Thread { [client, server] in
        let body = (try? client.get(HTTPRequest(url: server.url("/n?i=\(index)")))).map {
          String(decoding: $0.body, as: UTF8.self)
        }
        results.withLock { $0[index] = body ?? "failed" }
        done.leave()
      }.start()
    }
    done.wait()

    let bodies = results.withLock { $0 }
    #expect(bodies == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, "answer \($0)") }))
    // One after another would take 2.4 s.
    #expect(ContinuousClock.now - started < .milliseconds(1500))
  }

  // MARK: Redirects

  @Test(arguments: [301, 302, 303, 307, 308])
  func redirectIsFollowedAndOnlyFinalHeadersKept(status: Int) throws {
    server.route("/old", FakeResponse.redirect(to: "/new", status: status).with(header: "X-Hop", "1"))
    server.route("/new", FakeResponse.text("final").with(header: "X-Final", "yes"))

    let response = try client.get(HTTPRequest(url: server.url("/old")))

    #expect(response.status == 200)
    #expect(response.effectiveURL == server.url("/new"))
    #expect(String(decoding: response.body, as: UTF8.self) == "final")
    #expect(response.header("X-Final") == "yes")
    #expect(response.header("X-Hop") == nil)
    #expect(response.header("Location") == nil)
    #expect(server.count(path: "/old") == 1)
    #expect(server.count(path: "/new") == 1)
  }

  @Test func redirectToAnotherHostIsFollowed() throws {
    let china = try FakeHTTPServer()
    china.route("/HPImageArchive.aspx", .json(#"{"market":{"mkt":"zh-CN"}}"#))
    server.route("/HPImageArchive.aspx", .redirect(to: china.url("/HPImageArchive.aspx?n=8")))

    let response = try client.get(HTTPRequest(url: server.url("/HPImageArchive.aspx?n=8")))

    #expect(response.effectiveURL == china.url("/HPImageArchive.aspx?n=8"))
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"market":{"mkt":"zh-CN"}}"#)
  }

  @Test(arguments: [5, 6])
  func redirectsAreLimitedToFive(hops: Int) throws {
    server.route("/hop") { request in
      let left = Int(request.query["left"] ?? "0") ?? 0
      return left > 0 ? .redirect(to: "/hop?left=\(left - 1)") : .text("landed")
    }
    let request = HTTPRequest(url: server.url("/hop?left=\(hops)"))

    if hops <= 5 {
      let response = try client.get(request)
      #expect(String(decoding: response.body, as: UTF8.self) == "landed")
      #expect(response.effectiveURL == server.url("/hop?left=0"))
    } else {
      let error = #expect(throws: NetError.self) { try client.get(request) }
      #expect(
        error
          == .redirectRefused(url: request.url, location: server.url("/hop?left=0"), reason: .tooMany))
      #expect(error?.isTemporary == false)
      // The first request and five followed redirects; the sixth is refused before it is sent.
      #expect(server.count(path: "/hop") == 6)
    }
  }

  @Test(arguments: [
    ("file:///etc/passwd", "file"), ("ftp://127.0.0.1:21/pub/x.jpg", "ftp"),
    ("gopher://127.0.0.1/x", "gopher"),
  ])
  func redirectToOtherSchemeIsRefused(location: String, scheme: String) throws {
    server.route("/evil", .redirect(to: location))

    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: server.url("/evil")))
    }

    guard case .redirectRefused(_, let refused, .scheme(let named))? = error else {
      Issue.record("expected a refused redirect, got \(String(describing: error))")
      return
    }
    #expect(refused == location)
    #expect(named == scheme)
    #expect(error?.isTemporary == false)
    #expect(error?.description.contains("its scheme is \"\(scheme)\", not http or https") == true)
  }

  @Test func requestForOtherSchemeIsRefused() throws {
    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: "file:///etc/passwd"))
    }
    #expect(Self.code(of: error) == 1)
  }

  /// A second server on 127.0.0.2, another host to the client, never hears from a request that
  /// may not leave its host: the hop is refused before it is made. With any host allowed, it is
  /// followed there.
  @Test func aRedirectToAnotherHostIsDecidedBeforeItIsSent() throws {
    let other = try FakeHTTPServer(address: "127.0.0.2")
    other.route("/moved", .text("from the other host"))
    server.route("/feed", .redirect(to: other.url("/moved")))

    let sameHost = HTTPRequest(url: server.url("/feed"), redirects: .sameHost)
    let error = #expect(throws: NetError.self) { try client.get(sameHost) }
    #expect(
      error
        == .redirectRefused(url: sameHost.url, location: other.url("/moved"), reason: .otherHost("127.0.0.2"))
    )
    #expect(other.requests.isEmpty, "\(other.requests.map(\.target))")
    #expect(server.count(path: "/feed") == 1)

    let anyHost = try client.get(HTTPRequest(url: server.url("/feed")))
    #expect(String(decoding: anyHost.body, as: UTF8.self) == "from the other host")
    #expect(other.count(path: "/moved") == 1)
  }

  /// Plain http never leaves the loopback: a redirect to TEST-NET-1 (192.0.2.1, which routes
  /// nowhere) is refused before any connection is tried, so the answer is the refusal at once,
  /// not a connection timeout; and so is a first request there, and a redirect from https down
  /// to http, and a user name that hides the real host.
  @Test(arguments: [
    ("http://192.0.2.1/x", RedirectRefusal.plainHTTP(host: "192.0.2.1")),
    ("http://127.0.0.1@192.0.2.1:8080/x", .plainHTTP(host: "192.0.2.1")),
    ("http://example.org/x", .plainHTTP(host: "example.org")),
  ])
  func plainHTTPNeverLeavesTheLoopback(location: String, reason: RedirectRefusal) throws {
    server.route("/out", .redirect(to: location))
    let request = HTTPRequest(url: server.url("/out"))
    let error = #expect(throws: NetError.self) { try client.get(request) }
    #expect(error == .redirectRefused(url: request.url, location: location, reason: reason))

    let first = #expect(throws: NetError.self) { try client.get(HTTPRequest(url: "http://192.0.2.1/x")) }
    #expect(first == .plainHTTP(url: "http://192.0.2.1/x", host: "192.0.2.1"))
  }

  @Test(
    arguments: [
      // (from, to, scope, hops): why not, or nil to follow
      ("https://www.bing.com/a", "https://cn.bing.com/a", RedirectScope.anyHost, 0, nil),
      (
        "https://www.bing.com/a", "https://cn.bing.com/a", .sameHost, 0,
        RedirectRefusal.otherHost("cn.bing.com")
      ),
      ("https://www.bing.com/a", "https://WWW.BING.COM:443/b", .sameHost, 0, nil),
      ("https://www.bing.com/a", "http://127.0.0.1/a", .anyHost, 0, .downgrade),
      ("HTTPS://www.bing.com/", "http://www.bing.com/", .anyHost, 0, .downgrade),
      ("http://127.0.0.1:8/a", "http://localhost:8/a", .anyHost, 0, nil),
      ("http://127.0.0.1:8/a", "http://[::1]:8/a", .anyHost, 0, nil),
      ("http://127.0.0.1:8/a", "http://127.1/a", .anyHost, 0, .plainHTTP(host: "127.1")),
      ("http://127.0.0.1:8/a", "https://www.bing.com/a", .anyHost, 0, nil),
      ("http://127.0.0.1:8/a", "https://www.bing.com/a", .anyHost, 5, .tooMany),
      ("http://127.0.0.1:8/a", "data:text/plain,x", .anyHost, 0, .notAURL),
      ("http://127.0.0.1:8/a", "javascript://alert(1)", .anyHost, 0, .scheme("javascript")),
    ] as [(String, String, RedirectScope, Int, RedirectRefusal?)])
  func eachHopIsDecidedByOneRule(
    from: String, to: String, scope: RedirectScope, hops: Int, refusal: RedirectRefusal?
  ) {
    #expect(Redirects.refusal(from: from, to: to, original: from, scope: scope, hops: hops) == refusal)
  }

  // MARK: Failures

  @Test func headersLaterThanTimeoutFail() throws {
    server.route("/late", FakeResponse.text("late").delayed(3))
    let started = ContinuousClock.now

    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: server.url("/late"), timeout: .seconds(1)))
    }

    #expect(Self.code(of: error) == 28)
    // The error buffer's text, not curl_easy_strerror's generic "Timeout was reached".
    #expect(Self.message(of: error).contains("timed out after"))
    #expect(Self.message(of: error).contains("milliseconds"))
    #expect(error?.isTemporary == true)
    #expect(ContinuousClock.now - started < .milliseconds(2500))
  }

  @Test func slowBodyPastTimeoutFails() throws {
    server.route(
      "/slow",
      FakeResponse(body: .sequence(count: 10_000), fault: .slowBody(chunkBytes: 1000, interval: 0.25)))

    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: server.url("/slow"), timeout: .seconds(1)))
    }

    #expect(Self.code(of: error) == 28)
    #expect(Self.message(of: error).contains("out of 10000 bytes received"))
    #expect(error?.isTemporary == true)
  }

  @Test func closedPortFailsToConnect() throws {
    let closed = try ClosedPort()
    let port = Int(closed.port)

    let error = #expect(throws: NetError.self) {
      try client.get(
        HTTPRequest(url: "http://127.0.0.1:\(port)/", connectTimeout: .seconds(1), timeout: .seconds(1)))
    }

    #expect(Self.code(of: error) == 7)
    #expect(Self.message(of: error).contains("port \(port)"))
    #expect(error?.isTemporary == true)
  }

  @Test(arguments: Call.allCases)
  func truncatedBodyIsPartialFile(call: Call) throws {
    server.route("/cut", FakeResponse(body: .sequence(count: 10_000), fault: .truncate(afterBytes: 4000)))

    let error = #expect(throws: NetError.self) { try perform(call, url: server.url("/cut")) }

    #expect(Self.code(of: error) == 18)
    #expect(Self.message(of: error).contains("6000 bytes remaining"))
    #expect(error?.isTemporary == true)
  }

  @Test(arguments: Call.allCases)
  func resetBeforeResponseIsTemporary(call: Call) throws {
    server.route("/reset", FakeResponse.text("never sent").with(fault: .reset))

    let error = #expect(throws: NetError.self) { try perform(call, url: server.url("/reset")) }

    #expect(Self.code(of: error) == 56)
    #expect(Self.message(of: error).contains("reset"))
    #expect(error?.isTemporary == true)
  }

  @Test(arguments: Call.allCases)
  func resetMidBodyIsTemporary(call: Call) throws {
    server.route("/reset", FakeResponse(body: .sequence(count: 100_000), fault: .resetAfter(bodyBytes: 1000)))

    let error = #expect(throws: NetError.self) { try perform(call, url: server.url("/reset")) }

    #expect(Self.code(of: error) == 56)
    #expect(error?.isTemporary == true)
  }

  @Test(arguments: Call.allCases, [false, true])
  func bodyOverLimitIsTooLarge(call: Call, lengthUnknown: Bool) throws {
    let fault: FakeFault? = lengthUnknown ? .chunked(chunkSize: 300) : nil
    server.route("/big", FakeResponse(body: .sequence(count: 10_000), fault: fault))
    let url = server.url("/big")

    let error = #expect(throws: NetError.self) { try perform(call, url: url, maxBytes: 1000) }

    #expect(error == .tooLarge(url: url, limit: 1000))
  }

  @Test(arguments: Call.allCases)
  func bodyAtLimitIsAccepted(call: Call) throws {
    server.route("/exact", FakeResponse(body: .sequence(count: 1000)))

    let response = try perform(call, url: server.url("/exact"), maxBytes: 1000)

    #expect(response.bodyBytes == 1000)
  }

  /// Descriptors a download cannot write to, and the errno each must report.
  enum BadTarget: String, CaseIterable, CustomTestStringConvertible {
    case closed, readOnly, full
    var testDescription: String { rawValue }
  }

  @Test(arguments: BadTarget.allCases)
  func downloadToUnwritableDescriptorIsWriteError(target: BadTarget) throws {
    server.route("/th", FakeResponse(body: .sequence(count: 200_000)))
    let url = server.url("/th")
    let directory = try TemporaryDirectory()
    let descriptor: Int32
    let expected: Int32
    switch target {
    case .closed:
      descriptor = -1
      expected = EBADF
    case .readOnly:
      _ = FileManager.default.createFile(atPath: directory.file("ro"), contents: Data())
      descriptor = open(directory.file("ro"), O_RDONLY)
      expected = EBADF
    case .full:
      descriptor = open("/dev/full", O_WRONLY)
      expected = ENOSPC
    }
    defer { if descriptor >= 0 { close(descriptor) } }
    if target != .closed { try #require(descriptor >= 0) }

    let error = #expect(throws: NetError.self) {
      try client.download(HTTPRequest(url: url), to: descriptor)
    }

    #expect(error == .write(url: url, errno: expected))
  }

  @Test(arguments: [
    ["X-Evil": "a\r\nHost: evil.example"], ["X-Evil": "a\nb"], ["X-Evil": "a\0b"], ["Bad Name": "x"],
    ["X:Y": "z"], ["": "empty name"],
  ])
  func malformedRequestHeaderIsRefused(headers: [String: String]) throws {
    let url = server.url("/h")
    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: url, headers: headers))
    }
    guard case .setup(let reported, _) = error else {
      Issue.record("expected a setup error, got \(String(describing: error))")
      return
    }
    #expect(reported == url)
    #expect(server.requests.isEmpty)
  }

  // MARK: Library facts

  @Test func libraryVersionIsTheRuntimeOne() {
    let version = CurlHTTPClient.libraryVersion
    let parts = version.split(separator: ".").compactMap { Int($0) }
    #expect(parts.count == 3)
    #expect(parts.first.map { $0 >= 7 } == true)
    #expect(CurlHTTPClient.libraryDescription.hasPrefix("libcurl \(version)"))
  }

  @Test(arguments: [
    (Int32(6), true), (7, true), (18, true), (28, true), (52, true), (56, true),
    (1, false), (3, false), (47, false), (60, false),
  ])
  func transportCodeDecidesTemporary(code: Int32, temporary: Bool) {
    #expect(NetError.transport(url: "u", code: code, message: "m").isTemporary == temporary)
  }

  // MARK: Helpers

  /// Runs `call` for `url`, downloading into a throwaway file.
  private func perform(_ call: Call, url: String, maxBytes: Int64? = nil) throws(NetError) -> HTTPResponse {
    let request = HTTPRequest(url: url, connectTimeout: .seconds(1), timeout: .seconds(5), maxBytes: maxBytes)
    switch call {
    case .get:
      return try client.get(request)
    case .download:
      let directory: TemporaryDirectory
      do { directory = try TemporaryDirectory() } catch {
        throw NetError.setup(url: url, message: "no temporary directory: \(error)")
      }
      return try download(url, into: directory, request: request)
    }
  }

  /// Downloads `url` into a new file in `directory` and closes it.
  private func download(
    _ url: String, into directory: TemporaryDirectory, name: String = "body", request: HTTPRequest? = nil
  ) throws(NetError) -> HTTPResponse {
    let descriptor = open(directory.file(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw NetError.write(url: url, errno: errno) }
    defer { close(descriptor) }
    return try client.download(request ?? HTTPRequest(url: url), to: descriptor)
  }

  private static func code(of error: NetError?) -> Int32? {
    guard case .transport(_, let code, _) = error else { return nil }
    return code
  }

  private static func message(of error: NetError?) -> String {
    guard case .transport(_, _, let message) = error else { return "" }
    return message
  }

  /// Whether the file holds exactly the first `count` bytes of a `.sequence` body.
  private static func fileMatchesSequence(path: String, count: Int) throws -> Bool {
    let handle = try #require(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    let piece = 1 << 20
    let pattern = FakeBody.sequencePattern(length: piece + 251)
    var offset = 0
    while let data = try handle.read(upToCount: piece), !data.isEmpty {
      let start = offset % 251
      let same = data.withUnsafeBytes { received in
        pattern.withUnsafeBytes {
          memcmp(received.baseAddress!, $0.baseAddress! + start, received.count) == 0
        }
      }
      guard same else { return false }
      offset += data.count
    }
    return offset == count
  }

  /// `data` as a zlib stream of stored (uncompressed) blocks: what `Content-Encoding: deflate`
  /// carries, built by hand because Foundation on Linux has no compressor.
  static func zlibStored(_ data: Data) -> Data {
    var out = Data([0x78, 0x01])
    let bytes = [UInt8](data)
    var offset = 0
    repeat {
      let length = min(65_535, bytes.count - offset)
      let final: UInt8 = offset + length == bytes.count ? 1 : 0
      out.append(final)
      out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
      out.append(contentsOf: [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
      out.append(contentsOf: bytes[offset..<offset + length])
      offset += length
    } while offset < bytes.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    let adler = (b << 16) | a
    out.append(contentsOf: [24, 16, 8, 0].map { UInt8((adler >> UInt32($0)) & 0xFF) })
    return out
  }
}
