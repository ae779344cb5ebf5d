import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSystem

/// The update's digest of a picture, fed by the real libcurl multi as the bytes arrive from the
/// loopback server (`CurlMultiTests` holds the rest of the multi's behaviour).
@Suite struct SHA256ObserverTests {
  @Test func anObserverSeesExactlyTheFinalBody() throws {
    let server = try FakeHTTPServer()
    let folder = try TemporaryDirectory()
    let finalSize = 700_000
    // A first attempt cut short, then the whole body.
    let truncated = FakeResponse(
      body: .repeating(byte: 0xEE, count: 30_000), fault: .truncate(afterBytes: 12_000))
    let served = Mutex(0)
    server.route("/th") { _ in
      let index = served.withLock { count in
        defer { count += 1 }
        return count
      }
      return index == 0 ? truncated : FakeResponse(body: .sequence(count: finalSize))
    }
    let file = open(folder.file("0"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(file >= 0)
    defer { close(file) }
    let digest = SHA256Observer()
    var request = DownloadJob(
      request: HTTPRequest(url: server.url("/th"), connectTimeout: .seconds(2), timeout: .seconds(10)),
      fileDescriptor: file, label: "/th")
    request.observer = digest

    let results = CurlHTTPClient(userAgent: "bingwall/9.8.7").downloadAll(
      [request], maxConcurrent: 1, retry: RetryPolicy(attempts: 3, baseDelay: 0.01, maxDelay: 0.02),
      progress: nil)

    #expect(try results[0].get().status == 200)
    let expected = FakeBody.sequencePattern(length: finalSize)
    var reference = SHA256()
    reference.update(Data(expected))
    // The truncated first attempt's bytes were forgotten by the reset before the retry.
    #expect(digest.hexDigest() == SHA256.hex(reference.finalize()))
  }
}
