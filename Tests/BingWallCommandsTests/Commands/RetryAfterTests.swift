import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSystem

/// A struggling server's `Retry-After` is obeyed, up to a cap: before, three tries came within
/// about a second whatever the server asked.
@Suite struct RetryAfterTests {
  static func response(_ status: Int, retryAfter: String?) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: retryAfter.map { [("Retry-After", $0)] } ?? [], body: Data(),
      effectiveURL: "u",
      bodyBytes: 0)
  }

  @Test func theHeaderIsReadOnlyFromAnswersThatAreRetried() {
    #expect(RetryPolicy.retryAfter(of: Self.response(503, retryAfter: "5")) == 5)
    #expect(RetryPolicy.retryAfter(of: Self.response(429, retryAfter: " 12 ")) == 12)
    #expect(RetryPolicy.retryAfter(of: Self.response(404, retryAfter: "5")) == nil)
    #expect(RetryPolicy.retryAfter(of: Self.response(503, retryAfter: "soon")) == nil)
    #expect(RetryPolicy.retryAfter(of: Self.response(503, retryAfter: "-3")) == nil)
    #expect(RetryPolicy.retryAfter(of: Self.response(503, retryAfter: nil)) == nil)
  }

  @Test func itLengthensTheWaitUpToTheCapAndNeverShortensIt() {
    let policy = RetryPolicy.standard
    #expect(policy.delay(beforeRetry: 1, unit: 0.5, retryAfter: 5) == 5)
    #expect(policy.delay(beforeRetry: 1, unit: 0.5, retryAfter: 3600) == RetryPolicy.longestRetryAfter)
    #expect(policy.delay(beforeRetry: 1, unit: 0.5, retryAfter: 0) == policy.delay(beforeRetry: 1, unit: 0.5))
  }

  /// The archive's retries wait on the context's clock for as long as the server asked.
  @Test func theArchiveRequestWaitsAsAsked() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    run.http.stub(
      "/HPImageArchive.aspx", .response(status: 503, headers: ["Retry-After": "7"], body: Array("busy".utf8)))
    FakeBingRun.stubNoAutostart(run)
    let result = run.run(["update", "--market", "en-US", "-q"])
    #expect(result.status == 75)
    #expect(run.clock.sleeps == [.seconds(7), .seconds(7)])
  }

  /// A picture's retry, on the real libcurl multi, waits at least what the server asked.
  @Test func aPictureRetryWaitsAsAsked() throws {
    let server = try FakeHTTPServer()
    let served = Mutex(0)
    server.route("/p") { _ in
      let count = served.withLock { count in
        defer { count += 1 }
        return count
      }
      return count == 0
        ? FakeResponse.status(503).with(header: "Retry-After", "1")
        : FakeResponse(body: .sequence(count: 100))
    }
    let folder = try TemporaryDirectory()
    let descriptor = open(folder.file("p"), O_RDWR | O_CREAT, 0o600)
    defer { close(descriptor) }
    let started = ContinuousClock.now
    let results = CurlHTTPClient(userAgent: "t").downloadAll(
      [DownloadJob(request: HTTPRequest(url: server.url("/p")), fileDescriptor: descriptor, label: "p")],
      maxConcurrent: 1, retry: RetryPolicy(attempts: 3, baseDelay: 0.01, maxDelay: 0.02), progress: nil)
    #expect(try results.first?.get().status == 200)
    #expect(ContinuousClock.now - started >= .milliseconds(990))
  }
}
