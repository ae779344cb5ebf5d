import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

@testable import BingWallNet
@testable import BingWallSystem

/// `downloadAll` with the real libcurl multi against the real loopback server: parallelism,
/// limits, retries, isolation of failures and progress.
///
/// Each test gets its own server and folder. Retry delays are a few milliseconds, so no test
/// sleeps for long; the one test about waiting out a delay uses a tenth of a second.
@Suite struct CurlMultiTests {
  let server: FakeHTTPServer
  let files: Files
  let client = CurlHTTPClient(userAgent: "bingwall/9.8.7")
  /// Three tries, a few milliseconds apart.
  let quickRetry = RetryPolicy(attempts: 3, baseDelay: 0.01, maxDelay: 0.02)

  init() throws {
    server = try FakeHTTPServer()
    files = try Files()
  }

  // MARK: Bytes and order

  @Test func eightJobsGetExactBytesInJobOrder() throws {
    let sizes = (0..<8).map { 200_000 + $0 * 37_001 }
    for (index, size) in sizes.enumerated() {
      let response = FakeResponse(body: .sequence(count: size)).with(header: "X-Index", "\(index)")
      server.route("/p\(index)", response)
    }
    let jobs = try (0..<8).map { try job("/p\($0)") }

    let results = client.downloadAll(jobs, maxConcurrent: 4, retry: .once, progress: nil)

    try #require(results.count == 8)
    for (index, size) in sizes.enumerated() {
      let response = try results[index].get()
      #expect(response.status == 200)
      #expect(response.header("X-Index") == "\(index)")
      #expect(response.effectiveURL == server.url("/p\(index)"))
      #expect(response.bodyBytes == Int64(size))
      #expect(response.body.isEmpty)
      #expect(try files.bytes(index) == FakeBody.sequencePattern(length: size))
    }
  }

  @Test func emptyBatchReturnsNothing() {
    #expect(client.downloadAll([], maxConcurrent: 4, retry: .standard, progress: nil).isEmpty)
  }

  // MARK: Parallelism and limits

  @Test func transfersRunInParallel() throws {
    for index in 0..<6 {
      server.route("/slow\(index)", FakeResponse(body: .sequence(count: 1000)).delayed(0.3))
    }
    let jobs = try (0..<6).map { try job("/slow\($0)") }
    let started = ContinuousClock.now

    let results = client.downloadAll(jobs, maxConcurrent: 6, retry: .once, progress: nil)

    let elapsed = ContinuousClock.now - started
    #expect(results.allSatisfy { (try? $0.get().status) == 200 })
    // One after another would take 1.8 s.
    #expect(elapsed < .milliseconds(1200))
    #expect(elapsed >= .milliseconds(300))
    // All six started at once, each on its own connection: none waited for another's answer.
    #expect(server.acceptedConnections == 6)
  }

  /// One update's archive, then its pictures: the pictures reuse the archive's connection
  /// instead of each opening one, and a batch after the first reuses the batch's connections.
  @Test func theArchivesConnectionCarriesThePicturesThatFollow() throws {
    server.route("/archive", FakeResponse(body: .sequence(count: 500)))
    server.route("/picture", FakeResponse(body: .sequence(count: 30_000)))

    _ = try client.get(HTTPRequest(url: server.url("/archive")))
    let first = client.downloadAll([try job("/picture")], maxConcurrent: 1, retry: .once, progress: nil)
    let second = client.downloadAll([try job("/picture")], maxConcurrent: 1, retry: .once, progress: nil)
    _ = try client.get(HTTPRequest(url: server.url("/archive")))

    #expect((first + second).allSatisfy { (try? $0.get().bodyBytes) == 30_000 })
    #expect(server.count(path: "/archive") == 2)
    #expect(server.acceptedConnections == 1)
  }

  /// Two clients share nothing: a second client's request opens its own connection.
  @Test func eachClientHasItsOwnConnections() throws {
    server.route("/archive", FakeResponse(body: .sequence(count: 500)))

    _ = try client.get(HTTPRequest(url: server.url("/archive")))
    _ = try CurlHTTPClient(userAgent: "other").get(HTTPRequest(url: server.url("/archive")))

    #expect(server.acceptedConnections == 2)
  }

  @Test(arguments: [1, 2, 3])
  func runningTransfersNeverExceedTheLimit(limit: Int) throws {
    let inFlight = Mutex((now: 0, peak: 0))
    server.route("/th") { request in
      inFlight.withLock { state in
        state.now += 1
        state.peak = max(state.peak, state.now)
      }
      // Server-side latency, long enough for every allowed transfer to overlap with it.
      Thread.sleep(forTimeInterval: 0.08)
      inFlight.withLock { $0.now -= 1 }
      return FakeResponse(body: .sequence(count: 20_000))
    }
    let jobs = try (0..<6).map { try job("/th?n=\($0)") }

    let results = client.downloadAll(jobs, maxConcurrent: limit, retry: .once, progress: nil)

    #expect(results.allSatisfy { (try? $0.get().bodyBytes) == 20_000 })
    #expect(inFlight.withLock { $0.peak } == limit)
    #expect(server.count(path: "/th") == 6)
    // Keep-alive: every later transfer reused one of the first `limit` connections.
    #expect(server.acceptedConnections == limit)
  }

  // MARK: Retries

  /// A failed attempt, as the server plays it; each sends different bytes from the final body.
  enum Failure: String, CaseIterable, CustomTestStringConvertible {
    case status500, status503, status429, status408, truncated, reset, resetMidBody
    var testDescription: String { rawValue }

    var response: FakeResponse {
      let junk = FakeBody.repeating(byte: 0xEE, count: 30_000)
      switch self {
      case .status500: return FakeResponse(status: 500, body: junk)
      case .status503: return FakeResponse(status: 503, body: junk)
      case .status429: return FakeResponse(status: 429, body: junk)
      case .status408: return FakeResponse(status: 408, body: junk)
      case .truncated: return FakeResponse(body: junk, fault: .truncate(afterBytes: 12_000))
      case .reset: return FakeResponse(body: junk, fault: .reset)
      case .resetMidBody: return FakeResponse(body: junk, fault: .resetAfter(bodyBytes: 9000))
      }
    }
  }

  @Test(arguments: Failure.allCases.map { [$0] } + [[.status503, .status503], [.truncated, .reset]])
  func failedAttemptsAreRetriedAndLeaveNoBytes(failures: [Failure]) throws {
    let finalSize = 5000
    routeAnswering("/th", failures.map(\.response) + [FakeResponse(body: .sequence(count: finalSize))])

    let results = client.downloadAll([try job("/th")], maxConcurrent: 2, retry: quickRetry, progress: nil)

    let response = try results[0].get()
    #expect(response.status == 200)
    #expect(response.bodyBytes == Int64(finalSize))
    #expect(server.count(path: "/th") == failures.count + 1)
    // Exactly the final body: not appended to, nor written over, a failed attempt's bytes.
    #expect(try files.bytes(0) == FakeBody.sequencePattern(length: finalSize))
  }

  @Test(arguments: [400, 403, 404, 410])
  func otherClientErrorsAreNotRetried(status: Int) throws {
    server.route("/th", .text("no such picture", status: status))

    let results = client.downloadAll([try job("/th")], maxConcurrent: 2, retry: quickRetry, progress: nil)

    #expect(try results[0].get().status == status)
    #expect(server.count(path: "/th") == 1)
    #expect(try files.bytes(0) == Array("no such picture".utf8))
  }

  @Test func persistentServerErrorIsReturnedAfterLastAttempt() throws {
    routeAnswering(
      "/th", [Failure.status503.response, Failure.status503.response, .text("still down", status: 503)])

    let results = client.downloadAll([try job("/th")], maxConcurrent: 2, retry: quickRetry, progress: nil)

    let response = try results[0].get()
    #expect(response.status == 503)
    #expect(response.bodyBytes == 10)
    #expect(server.count(path: "/th") == 3)
    // The last attempt's body only.
    #expect(try files.bytes(0) == Array("still down".utf8))
  }

  @Test func persistentTransportErrorIsReturnedAfterLastAttempt() throws {
    server.route("/th", Failure.reset.response)

    let results = client.downloadAll([try job("/th")], maxConcurrent: 2, retry: quickRetry, progress: nil)

    #expect(Self.code(of: results[0]) == 56)
    #expect(server.count(path: "/th") == 3)
  }

  @Test func attemptsOfOneMeansNoRetry() throws {
    server.route("/th", Failure.status503.response)

    let results = client.downloadAll([try job("/th")], maxConcurrent: 2, retry: .once, progress: nil)

    #expect(try results[0].get().status == 503)
    #expect(server.count(path: "/th") == 1)
  }

  @Test(arguments: [false, true])
  func bodyOverLimitIsTooLargeAndNotRetried(lengthUnknown: Bool) throws {
    let fault: FakeFault? = lengthUnknown ? .chunked(chunkSize: 300) : nil
    server.route("/big", FakeResponse(body: .sequence(count: 10_000), fault: fault))
    server.route("/small", FakeResponse(body: .sequence(count: 1000)))
    let big = try job("/big", maxBytes: 2000)
    let small = try job("/small", maxBytes: 2000)

    let results = client.downloadAll([big, small], maxConcurrent: 2, retry: quickRetry, progress: nil)

    #expect(Self.error(of: results[0]) == .tooLarge(url: server.url("/big"), limit: 2000))
    #expect(try results[1].get().bodyBytes == 1000)
    #expect(server.count(path: "/big") == 1)
  }

  @Test func writeErrorIsNotRetried() throws {
    server.route("/th", FakeResponse(body: .sequence(count: 200_000)))
    let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(full >= 0)
    defer { close(full) }
    let job = DownloadJob(request: HTTPRequest(url: server.url("/th")), fileDescriptor: full, label: "full")

    let results = client.downloadAll([job], maxConcurrent: 2, retry: quickRetry, progress: nil)

    #expect(Self.error(of: results[0]) == .write(url: server.url("/th"), errno: ENOSPC))
    #expect(server.count(path: "/th") == 1)
  }

  @Test func waitingForRetryDoesNotHoldTheSlot() throws {
    routeAnswering("/a", [Failure.status503.response, FakeResponse(body: .sequence(count: 100))])
    server.route("/b", FakeResponse(body: .sequence(count: 100)))
    server.route("/c", FakeResponse(body: .sequence(count: 100)))
    let jobs = try ["/a", "/b", "/c"].map { try job($0) }
    // 50 to 100 ms before the retry (equal jitter), far longer than a loopback transfer.
    let retry = RetryPolicy(attempts: 2, baseDelay: 0.1, maxDelay: 1)
    let started = ContinuousClock.now

    let results = client.downloadAll(jobs, maxConcurrent: 1, retry: retry, progress: nil)

    #expect(results.allSatisfy { (try? $0.get().status) == 200 })
    // With one slot, /b and /c ran while /a waited for its second attempt.
    #expect(server.requests.map(\.path) == ["/a", "/b", "/c", "/a"])
    #expect(ContinuousClock.now - started >= .milliseconds(50))
  }

  // MARK: Isolation

  @Test func failingJobsDoNotSpoilTheOthers() throws {
    let sizes = [300_000, 250_000, 400_000]
    for (index, size) in sizes.enumerated() {
      server.route("/good\(index)", FakeResponse(body: .sequence(count: size)))
    }
    server.route("/missing", .text("gone", status: 404))
    server.route("/broken", Failure.resetMidBody.response)
    let jobs = [
      try job("/good0"), try job("/missing"), try job("/good1"), try job("/broken"),
      DownloadJob(
        request: HTTPRequest(url: server.url("/x"), headers: ["Bad Name": "x"]), fileDescriptor: -1,
        label: "bad"),
      try job("/good2"),
    ]

    let results = client.downloadAll(jobs, maxConcurrent: 3, retry: quickRetry, progress: nil)

    #expect(try results[0].get().bodyBytes == 300_000)
    #expect(try results[1].get().status == 404)
    #expect(try results[2].get().bodyBytes == 250_000)
    #expect(Self.code(of: results[3]) == 56)
    guard case .failure(.setup(let url, _)) = results[4] else {
      Issue.record("expected a setup error, got \(results[4])")
      return
    }
    #expect(url == server.url("/x"))
    #expect(try results[5].get().bodyBytes == 400_000)
    #expect(try files.bytes(0) == FakeBody.sequencePattern(length: 300_000))
    #expect(try files.bytes(2) == FakeBody.sequencePattern(length: 250_000))
    #expect(try files.bytes(4) == FakeBody.sequencePattern(length: 400_000))
    #expect(server.count(path: "/broken") == 3)
    #expect(server.count(path: "/x") == 0)
  }

  // MARK: Progress

  @Test func progressTotalsGrowToTheBatchSize() throws {
    let sizes = [200_000, 300_000, 250_000, 150_000]
    for (index, size) in sizes.enumerated() {
      // Slow enough for the batch to last about half a second: several snapshots.
      let slow = FakeFault.slowBody(chunkBytes: 32 * 1024, interval: 0.04)
      server.route("/p\(index)", FakeResponse(body: .sequence(count: size), fault: slow))
    }
    let jobs = try (0..<4).map { try job("/p\($0)", label: "Picture \($0)") }
    let recorder = ProgressRecorder()

    let results = client.downloadAll(jobs, maxConcurrent: 2, retry: .once, progress: recorder)

    #expect(results.allSatisfy { (try? $0.get().status) == 200 })
    let reports = recorder.reports
    let snapshots = reports.map(\.snapshot)
    let total = Int64(sizes.reduce(0, +))
    #expect(snapshots.count >= 4)
    // Ten a second at most, plus the final one.
    #expect(Double(snapshots.count) <= 2 + 10 * (reports.last!.time - reports.first!.time).seconds)
    for (earlier, later) in zip(snapshots, snapshots.dropFirst()) {
      #expect(earlier.totalReceived <= later.totalReceived)
      #expect(earlier.finishedJobs <= later.finishedJobs)
    }
    for (earlier, later) in zip(reports.dropLast(), reports.dropLast().dropFirst()) {
      // The sink's own clock, read a moment after the meter's: a little slack.
      #expect(later.time - earlier.time >= ProgressMeter.interval - .milliseconds(10))
    }
    #expect(snapshots.dropLast().allSatisfy { !$0.isFinal && $0.jobCount == 4 })
    // A picture is named only while it is the one in flight.
    #expect(Set(snapshots.map(\.label)).isSubset(of: jobs.map(\.label) + [""]))
    #expect(snapshots.allSatisfy { $0.label.isEmpty || $0.inFlight == 1 })
    #expect(snapshots.contains { $0.totalReceived > 0 && $0.totalReceived < total })
    // Lengths come from libcurl's progress callback while a job is still running...
    #expect(snapshots.contains { !$0.isFinal && $0.expected != nil && $0.received < $0.expected! })
    // ...so the batch's total is known before the end, once the last job has started.
    #expect(snapshots.contains { !$0.isFinal && $0.totalExpected == total && $0.totalReceived < total })
    let last = try #require(snapshots.last)
    #expect(last.isFinal)
    #expect(last.totalReceived == total)
    #expect(last.totalExpected == total)
    #expect(last.finishedJobs == 4)
    #expect(last.bytesPerSecond > 0)
  }

  @Test(arguments: [false, true])
  func progressCallbackIsSetUpOnlyWhenAsked(asked: Bool) throws {
    server.route("/th", FakeResponse(body: .sequence(count: 70_000)))
    let transfer = try CurlTransfer(
      request: HTTPRequest(url: server.url("/th")), userAgent: "t", sink: .fileDescriptor(try files.open()))
    if asked { try transfer.reportProgress() }

    _ = try CurlSession(api: try CurlLibrary.api(url: "")).run(transfer)

    #expect(transfer.bodyBytes == 70_000)
    #expect(transfer.expectedBytes == (asked ? 70_000 : 0))
  }

  // MARK: Policy

  @Test(arguments: [
    (1, 0.0, 0.25), (1, 0.999, 0.5), (2, 0.0, 0.5), (2, 0.5, 0.75), (3, 0.0, 1.0), (5, 0.0, 4.0),
    (5, 0.999, 7.996), (40, 0.5, 6.0), (0, 0.0, 0.25),
  ])
  func delayDoublesUpToTheCapWithEqualJitter(retry: Int, unit: Double, expected: Double) {
    let delay = RetryPolicy.standard.delay(beforeRetry: retry, unit: unit)
    #expect(abs(delay - expected) < 0.001)
  }

  @Test(arguments: [
    (200, false), (204, false), (301, false), (400, false), (404, false), (408, true), (429, true),
    (500, true), (502, true), (503, true), (599, true),
  ])
  func statusDecidesRetry(status: Int, retryable: Bool) {
    let response = HTTPResponse(status: status, headers: [], body: Data(), effectiveURL: "u", bodyBytes: 0)
    #expect(Self.isRetried(.success(response)) == retryable)
  }

  @Test(arguments: [
    (NetError.transport(url: "u", code: 28, message: "timeout"), true),
    (.transport(url: "u", code: 56, message: "reset"), true),
    (.transport(url: "u", code: 47, message: "redirects"), false),
    (.tooLarge(url: "u", limit: 1), false), (.write(url: "u", errno: ENOSPC), false),
    (.setup(url: "u", message: "m"), false),
  ])
  func errorDecidesRetry(error: NetError, retryable: Bool) {
    #expect(Self.isRetried(.failure(error)) == retryable)
  }

  /// Whether the retry loop tries again after a first attempt ended with `outcome`.
  private static func isRetried(_ outcome: Result<HTTPResponse, NetError>) -> Bool {
    var retries = RetryLoop(policy: .standard, deadline: nil)
    retries.begin()
    guard let failure = RetryLoop.Failure(outcome) else { return false }
    return retries.nextAttempt(after: failure, now: .now, unit: 0.5) != nil
  }

  // MARK: Helpers

  /// A download job for `target` on the server, into the next new file.
  private func job(_ target: String, label: String? = nil, maxBytes: Int64? = nil) throws -> DownloadJob {
    let request = HTTPRequest(
      url: server.url(target), connectTimeout: .seconds(2), timeout: .seconds(10), maxBytes: maxBytes)
    return DownloadJob(request: request, fileDescriptor: try files.open(), label: label ?? target)
  }

  /// Answers `path` with `responses` in turn, the last one for every further request.
  private func routeAnswering(_ path: String, _ responses: [FakeResponse]) {
    let served = Mutex(0)
    server.route(path) { _ in
      let index = served.withLock { count in
        defer { count += 1 }
        return count
      }
      return responses[min(index, responses.count - 1)]
    }
  }

  private static func error(of result: Result<HTTPResponse, NetError>) -> NetError? {
    guard case .failure(let error) = result else { return nil }
    return error
  }

  private static func code(of result: Result<HTTPResponse, NetError>) -> Int32? {
    guard case .failure(.transport(_, let code, _)) = result else { return nil }
    return code
  }

  /// Numbered files in a fresh folder, opened for writing and closed with the suite value.
  final class Files {
    let directory: TemporaryDirectory
    private var descriptors: [Int32] = []

    init() throws {
      directory = try TemporaryDirectory()
    }

    deinit {
      for descriptor in descriptors { close(descriptor) }
    }

    /// Creates file number `descriptors.count` and returns its descriptor.
    func open() throws -> Int32 {
      let path = directory.file("\(descriptors.count)")
      let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw SystemCallError("open \(path)") }
      descriptors.append(descriptor)
      return descriptor
    }

    /// The contents of file number `index`.
    func bytes(_ index: Int) throws -> [UInt8] {
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.file("\(index)"))))
    }
  }

  /// Keeps every snapshot with the moment it arrived.
  final class ProgressRecorder: DownloadProgress {
    private let log = Mutex<[(time: ContinuousClock.Instant, snapshot: ProgressSnapshot)]>([])

    func update(_ snapshot: ProgressSnapshot) {
      log.withLock { $0.append((ContinuousClock.now, snapshot)) }
    }

    var reports: [(time: ContinuousClock.Instant, snapshot: ProgressSnapshot)] { log.withLock { $0 } }
  }
}

extension Duration {
  /// The duration in seconds, for arithmetic with rates.
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
