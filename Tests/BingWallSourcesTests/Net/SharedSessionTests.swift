import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallNet
@testable import BingWallSystem

/// The one session of a client shared by every thread (`CurlSession`): requests made on other
/// threads while one drives join its multi and its connections, each still gets its own bytes,
/// and each keeps its own time limit whoever drives it.
@Suite struct SharedSessionTests {
  let server: FakeHTTPServer
  let files: CurlMultiTests.Files
  let client = CurlHTTPClient(userAgent: "bingwall/9.8.7")

  init() throws {
    server = try FakeHTTPServer()
    files = try CurlMultiTests.Files()
  }

  /// Runs `work` on a thread of its own; the result once it has ended.
  static func onAnotherThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Overlapped<Value> {
    Overlapped(work)
  }

  /// A GET made on another thread while a batch downloads joins the batch's multi and runs
  /// beside the pictures, not after them: over HTTP/1.1, where the batch's two connections stay
  /// busy, on one connection more than the batch's cap, as it had on a multi of its own (over
  /// HTTP/2 all share one: `OneConnectionEndToEndTests`).
  @Test func aRequestFromAnotherThreadRunsBesideTheBatch() throws {
    server.route("/picture", FakeResponse(body: .sequence(count: 40_000)).delayed(0.6))
    server.route("/story", FakeResponse(body: .sequence(count: 700)))
    let jobs = try (0..<4).map { index in
      DownloadJob(
        request: HTTPRequest(url: server.url("/picture?n=\(index)"), timeout: .seconds(10)),
        fileDescriptor: try files.open(), label: "\(index)")
    }
    let client = self.client
    let url = server.url("/story")
    let batch = Self.onAnotherThread {
      client.downloadAll(jobs, maxConcurrent: 2, retry: .once, progress: nil).map { try? $0.get().bodyBytes }
    }
    // The batch is running (its first two transfers wait for the server) when the story starts.
    Thread.sleep(forTimeInterval: 0.1)
    let started = ContinuousClock.now
    let story = try client.get(HTTPRequest(url: url))
    let elapsed = ContinuousClock.now - started

    #expect(story.status == 200)
    #expect(story.body == Data(FakeBody.sequencePattern(length: 700)))
    #expect(elapsed < .milliseconds(300), "the story waited \(elapsed) for a picture to end")
    #expect(batch.value() == [40_000, 40_000, 40_000, 40_000])
    // The batch's two, and the story's: the later pictures reuse the batch's.
    #expect(server.acceptedConnections == 3)
  }

  /// Many threads at once, several requests each, on one client: every caller gets its own
  /// answer, whichever thread drove it, and none is lost when the driver hands over.
  @Test func manyThreadsAtOnceEachGetTheirOwnAnswers() throws {
    for index in 0..<8 {
      server.route(
        "/body\(index)",
        FakeResponse(body: .sequence(count: 1000 + index * 101)).delayed(0.01 * Double(index % 3)))
    }
    let client = self.client
    let base = server.url("")
    let threads = (0..<8).map { thread in
      Self.onAnotherThread { () -> [Int?] in
        (0..<3).map { round in
          let index = (thread + round) % 8
          let response = try? client.get(HTTPRequest(url: base + "/body\(index)"))
          return response.map {
            $0.body == Data(FakeBody.sequencePattern(length: 1000 + index * 101)) ? index : -1
          }
        }
      }
    }
    for (thread, work) in threads.enumerated() {
      #expect(work.value() == (0..<3).map { ($0 + thread) % 8 }, "thread \(thread)")
    }
    #expect(server.count(path: "/body0") + server.count(path: "/body7") == 6)
  }

  /// A request started on another thread just before a batch (Bing's story before the pictures)
  /// hands the driver's role to the batch at once: the pictures do not wait for its answer.
  @Test func aBatchDoesNotWaitForARequestStartedBeforeIt() throws {
    server.route("/story", FakeResponse(body: .sequence(count: 700)).delayed(0.8))
    server.route("/picture", FakeResponse(body: .sequence(count: 30_000)))
    let client = self.client
    let storyURL = server.url("/story")
    let story = Self.onAnotherThread { try? client.get(HTTPRequest(url: storyURL)).bodyBytes }
    Thread.sleep(forTimeInterval: 0.1)
    let jobs = try (0..<2).map { index in
      DownloadJob(
        request: HTTPRequest(url: server.url("/picture?n=\(index)")), fileDescriptor: try files.open(),
        label: "\(index)")
    }
    let started = ContinuousClock.now
    let results = client.downloadAll(jobs, maxConcurrent: 2, retry: .once, progress: nil)
    let elapsed = ContinuousClock.now - started

    #expect(results.map { try? $0.get().bodyBytes } == [30_000, 30_000])
    #expect(elapsed < .milliseconds(500), "the batch waited \(elapsed) for the story")
    #expect(story.value() == 700)
  }

  /// Two batches on two threads (a source's pictures while Bing's download): the second, with
  /// no progress to show, runs beside the first as its guest rather than wait for it to end,
  /// and each gets its own bytes.
  @Test func aSecondBatchRunsBesideTheFirst() throws {
    server.route("/slow", FakeResponse(body: .sequence(count: 50_000)).delayed(0.8))
    server.route("/fast", FakeResponse(body: .sequence(count: 20_000)))
    let slowJobs = try (0..<2).map { index in
      DownloadJob(
        request: HTTPRequest(url: server.url("/slow?n=\(index)"), timeout: .seconds(10)),
        fileDescriptor: try files.open(), label: "slow \(index)")
    }
    let client = self.client
    let first = Self.onAnotherThread {
      client.downloadAll(slowJobs, maxConcurrent: 2, retry: .once, progress: nil).map {
        try? $0.get().bodyBytes
      }
    }
    // The first batch drives (its transfers wait for the server) when the second starts.
    Thread.sleep(forTimeInterval: 0.1)
    let fastJobs = try (0..<3).map { index in
      DownloadJob(
        request: HTTPRequest(url: server.url("/fast?n=\(index)")), fileDescriptor: try files.open(),
        label: "fast \(index)")
    }
    let started = ContinuousClock.now
    let second = client.downloadAll(fastJobs, maxConcurrent: 2, retry: .once, progress: nil)
    let elapsed = ContinuousClock.now - started

    #expect(second.map { try? $0.get().bodyBytes } == [20_000, 20_000, 20_000])
    #expect(elapsed < .milliseconds(500), "the second batch waited \(elapsed) for the first")
    #expect(first.value() == [50_000, 50_000])
    // Files 0 and 1 are the first batch's, 2 to 4 the second's.
    for index in 2...4 {
      #expect(try files.bytes(index) == [UInt8](FakeBody.sequencePattern(length: 20_000)))
    }
  }

  /// Two requests handed in together while another thread drives: the first ends under the
  /// other driver, which then stops (its own has ended); the caller takes over for the second
  /// alone, and returns once it ends, not never.
  @Test func aCallerTakesOverForWhatIsLeftOfItsOwn() throws {
    server.route("/other", FakeResponse(body: .sequence(count: 300)).delayed(0.4))
    server.route("/fast", FakeResponse(body: .sequence(count: 200)))
    server.route("/slow", FakeResponse(body: .sequence(count: 400)).delayed(0.9))
    let client = self.client
    let otherURL = server.url("/other")
    let other = Self.onAnotherThread { try? client.get(HTTPRequest(url: otherURL)).bodyBytes }
    Thread.sleep(forTimeInterval: 0.1)
    let urls = [server.url("/fast"), server.url("/slow")]
    let ended = DispatchSemaphore(value: 0)
    let both = Self.onAnotherThread { () -> [Int64?] in
      defer { ended.signal() }
      return client.getAll(urls.map { HTTPRequest(url: $0, timeout: .seconds(5)) }).map {
        try? $0.get().bodyBytes
      }
    }

    #expect(ended.wait(timeout: .now() + 4) == .success, "getAll never returned")
    #expect(both.value() == [200, 400])
    #expect(other.value() == 300)
  }

  /// A short request made while another thread drives a long one ends at its own time limit,
  /// not at the other's end: libcurl keeps each transfer's limit whoever drives the multi.
  @Test func eachRequestKeepsItsOwnTimeLimitWhoeverDrives() throws {
    server.route("/long", FakeResponse(body: .sequence(count: 500)).delayed(1.5))
    server.route("/hang", FakeResponse(body: .sequence(count: 500)).delayed(5))
    let client = self.client
    let longURL = server.url("/long")
    let long = Self.onAnotherThread {
      try? client.get(HTTPRequest(url: longURL, timeout: .seconds(10))).status
    }
    Thread.sleep(forTimeInterval: 0.1)
    let started = ContinuousClock.now
    let hangURL = server.url("/hang")
    let short = Result { () throws(NetError) -> HTTPResponse in
      try client.get(HTTPRequest(url: hangURL, timeout: .milliseconds(400)))
    }
    let elapsed = ContinuousClock.now - started

    guard case .failure(let error) = short, case .transport = error else {
      Issue.record("expected a time-out, got \(short)")
      return
    }
    #expect(elapsed < .milliseconds(1200), "the short request waited \(elapsed)")
    #expect(long.value() == 200)
  }
}
