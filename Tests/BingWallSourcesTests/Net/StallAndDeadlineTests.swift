import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallNet
@testable import BingWallSystem

/// A server can hold a transfer only so long: a drip far below any real connection is abandoned
/// after `stallTimeout`, and no attempt, first or retried, outlives the request's deadline.
/// The real libcurl against the real loopback server.
@Suite struct StallAndDeadlineTests {
  let server: FakeHTTPServer
  let client = CurlHTTPClient(userAgent: "bingwall/9.8.7")

  init() throws {
    server = try FakeHTTPServer()
  }

  /// Two bytes a second would take 100 s of a 100 s timeout; stalled, it ends after about 1 s.
  @Test func aDripIsAbandonedAfterTheStallTimeout() throws {
    server.route(
      "/drip", FakeResponse(body: .sequence(count: 200), fault: .slowBody(chunkBytes: 1, interval: 0.5)))
    let started = ContinuousClock.now
    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: server.url("/drip"), timeout: .seconds(100), stallTimeout: .seconds(1)))
    }
    #expect(ContinuousClock.now - started < .seconds(4))
    guard case .transport(_, let code, let message) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 28)
    #expect(message.contains("too slow"), "\(message)")
    #expect(error?.isTemporary == true)
  }

  /// A body that arrives steadily above the stall rate is not cut.
  @Test func aSteadyBodyIsNotAStall() throws {
    server.route(
      "/steady",
      FakeResponse(body: .sequence(count: 40_000), fault: .slowBody(chunkBytes: 4000, interval: 0.1)))
    let response = try client.get(
      HTTPRequest(url: server.url("/steady"), timeout: .seconds(10), stallTimeout: .seconds(1)))
    #expect(response.bodyBytes == 40_000)
  }

  @Test func anAttemptEndsAtTheDeadlineWhateverItsTimeout() throws {
    server.route(
      "/slow",
      FakeResponse(body: .sequence(count: 100_000), fault: .slowBody(chunkBytes: 2000, interval: 0.1)))
    let started = ContinuousClock.now
    let error = #expect(throws: NetError.self) {
      try client.get(
        HTTPRequest(url: server.url("/slow"), timeout: .seconds(100), deadline: .now + .milliseconds(700)))
    }
    #expect(ContinuousClock.now - started < .seconds(3))
    guard case .transport(_, let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 28)
  }

  @Test func noAttemptStartsAfterTheDeadline() throws {
    server.route("/late", .text("late"))
    let error = #expect(throws: NetError.self) {
      try client.get(HTTPRequest(url: server.url("/late"), deadline: .now - .seconds(1)))
    }
    #expect(error == .deadline(url: server.url("/late")))
    #expect(server.requests.isEmpty)
  }

  /// A batch does not wait out a retry delay that ends after the deadline: three stalled
  /// attempts would take 3 s; the deadline ends the job after the first.
  @Test func aBatchRetriesOnlyWithinTheDeadline() throws {
    server.route(
      "/drip", FakeResponse(body: .sequence(count: 200), fault: .slowBody(chunkBytes: 1, interval: 0.5)))
    let folder = try TemporaryDirectory()
    let descriptor = open(folder.file("a"), O_RDWR | O_CREAT, 0o600)
    defer { close(descriptor) }
    let request = HTTPRequest(
      url: server.url("/drip"), timeout: .seconds(100), stallTimeout: .seconds(1),
      deadline: .now + .milliseconds(1500))
    let started = ContinuousClock.now
    let results = client.downloadAll(
      [DownloadJob(request: request, fileDescriptor: descriptor, label: "drip")], maxConcurrent: 1,
      retry: RetryPolicy(attempts: 3, baseDelay: 0.6, maxDelay: 0.6), progress: nil)
    #expect(ContinuousClock.now - started < .seconds(2.5))
    #expect((try? results.first?.get()) == nil)
  }
}
