import BingWallTestSupport
import Dispatch
import Foundation
import Testing

@testable import BingWallNet
@testable import BingWallSystem

/// The fake server itself, spoken to by hand, since every network test trusts it.
@Suite struct FakeHTTPServerTests {
  let server: FakeHTTPServer

  init() throws {
    server = try FakeHTTPServer()
  }

  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    server.route("/a", .text("first"))
    server.route("/b", .text("second"))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
    let first = try connection.readResponse()
    try connection.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
    let second = try connection.readResponse()

    #expect(first.body == Data("first".utf8))
    #expect(second.body == Data("second".utf8))
    #expect(server.requests.map(\.path) == ["/a", "/b"])
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() throws {
    server.route("/a", .text("first"))
    server.route("/b", .text("second"))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")

    #expect(try connection.readResponse().body == Data("first".utf8))
    #expect(try connection.readResponse().body == Data("second".utf8))
  }

  @Test func openConnectionsAreServedIndependently() throws {
    server.route("/n", .text("ok"))
    // All stay open; a server serving one connection at a time would never answer the last.
    let connections = try (0..<8).map { _ in try RawHTTPConnection(port: server.port) }

    for connection in connections.reversed() {
      try connection.send("GET /n HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try connection.readResponse().status == 200)
    }
    #expect(server.count(path: "/n") == 8)
  }

  @Test func http10ConnectionIsClosedAfterTheResponse() throws {
    server.route("/old", .text("bye"))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send("GET /old HTTP/1.0\r\n\r\n")
    let response = try connection.readResponse()

    #expect(response.header("Connection") == "close")
    #expect(try connection.isClosedByServer())
  }

  @Test func requestIsRecordedInDetail() throws {
    server.route("/th", .status(204))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send(
      "POST /th?id=OHR.A%20B_UHD.jpg&flag&plus=a+b HTTP/1.1\r\nHost: x\r\nX-Thing: One\r\n"
        + "Content-Length: 5\r\n\r\nhello")
    #expect(try connection.readResponse().status == 204)

    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.target == "/th?id=OHR.A%20B_UHD.jpg&flag&plus=a+b")
    #expect(request.path == "/th")
    #expect(request.query == ["id": "OHR.A B_UHD.jpg", "flag": "", "plus": "a+b"])
    #expect(request.header("x-thing") == "One")
    #expect(request.body == Data("hello".utf8))
  }

  @Test func unmatchedRequestGets404() throws {
    server.route("/known", .text("yes"))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send("GET /unknown HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = try connection.readResponse()

    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self).contains("/unknown"))
  }

  @Test(arguments: [
    ("/a?mkt=de-DE", "german"), ("/a?mkt=de-DE&n=8", "german"), ("/a?mkt=en-US", "newer general"),
    ("/a", "newer general"),
  ])
  func specificThenLatestRouteWins(target: String, expected: String) throws {
    server.route("/a", .text("general"))
    server.route("/a", query: ["mkt": "de-DE"], .text("german"))
    server.route("/a", .text("newer general"))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")

    #expect(try connection.readResponse().body == Data(expected.utf8))
  }

  @Test func statusLineCarriesReasonPhrase() throws {
    server.route("/gone", .status(503))
    let connection = try RawHTTPConnection(port: server.port)

    try connection.send("GET /gone HTTP/1.1\r\nHost: x\r\n\r\n")
    let statusLine = try connection.read(count: 34)

    #expect(String(decoding: statusLine, as: UTF8.self) == "HTTP/1.1 503 Service Unavailable\r\n")
  }

  @Test func repeatingAndFileBodiesAreServed() throws {
    let directory = try TemporaryDirectory()
    let contents = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    try contents.write(to: URL(fileURLWithPath: directory.file("picture.jpg")))
    server.route("/file", FakeResponse(body: .file(directory.file("picture.jpg"))))
    server.route("/same", FakeResponse(body: .repeating(byte: 0x42, count: 200_000)))
    server.route("/missing", FakeResponse(body: .file(directory.file("absent"))))
    let client = CurlHTTPClient(userAgent: "bingwall/test")

    let file = try client.get(HTTPRequest(url: server.url("/file")))
    let same = try client.get(HTTPRequest(url: server.url("/same")))
    let missing = try client.get(HTTPRequest(url: server.url("/missing")))

    #expect(file.body == contents)
    #expect(same.body == Data(repeating: 0x42, count: 200_000))
    #expect(missing.status == 500)
  }

  @Test func clientLeavingMidBodyDoesNotHurtTheServer() throws {
    // Hundreds of megabytes: the server is still sending when the client hangs up, so its
    // next send fails with EPIPE, which must not become a SIGPIPE killing the test process.
    server.route("/huge", FakeResponse(body: .repeating(byte: 1, count: 500 * 1024 * 1024)))
    server.route("/after", .text("still here"))
    do {
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET /huge HTTP/1.1\r\nHost: x\r\n\r\n")
      _ = try connection.read(count: 100_000)
    }

    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")

    #expect(try connection.readResponse().body == Data("still here".utf8))
  }

  @Test func stopCutsDelaysShortAndClosesThePort() throws {
    let arrived = DispatchSemaphore(value: 0)
    server.route("/slow") { _ in
      arrived.signal()
      return FakeResponse.text("too late").delayed(30)
    }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
    try #require(arrived.wait(timeout: .now() + 5) == .success)
    let started = ContinuousClock.now

    server.stop()

    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(try connection.isClosedByServer())
    #expect(throws: SystemCallError.self) { try RawHTTPConnection(port: server.port) }
  }

  @Test func delayEveryResponseIsAdded() throws {
    server.route("/d", .text("d"))
    server.delayEveryResponse = 0.2
    let connection = try RawHTTPConnection(port: server.port)
    let started = ContinuousClock.now

    try connection.send("GET /d HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try connection.readResponse()

    #expect(server.delayEveryResponse == 0.2)
    #expect(ContinuousClock.now - started >= .milliseconds(190))
  }
}
