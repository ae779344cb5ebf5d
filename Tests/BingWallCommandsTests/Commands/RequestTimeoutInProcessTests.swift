import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSystem

/// 408 Request Timeout under the one rule for temporary failures: the archive and a picture
/// are both retried by the same loop and both end an update with 75, "try again later".
@Suite struct RequestTimeoutInProcessTests {
  static let timeout = HTTPResponse(status: 408, headers: [], body: Data(), effectiveURL: "u", bodyBytes: 0)

  @Test func theRetryLoopRetriesA408OfTheArchiveAndOfAPicture() throws {
    var retries = RetryLoop(policy: .standard, deadline: nil)
    retries.begin()
    // The archive's 408 reaches the loop as BingClient's error, a picture's as the response.
    let archive = RetryLoop.Failure(BingError.httpStatus(url: "u", status: 408))
    let picture = RetryLoop.Failure(.success(Self.timeout))
    #expect(archive.isTemporary)
    #expect(picture?.isTemporary == true)
    #expect(retries.nextAttempt(after: archive, now: .now, unit: 0.5) != nil)
    #expect(retries.nextAttempt(after: try #require(picture), now: .now, unit: 0.5) != nil)
  }

  @Test func anArchiveAnswering408IsRetriedAndExits75() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    run.http.stub("/HPImageArchive.aspx", .response(status: 408, headers: [:], body: Array("slow".utf8)))
    FakeBingRun.stubNoAutostart(run)

    let result = run.run(["update", "--market", "en-US", "--quiet"])

    #expect(result.status == ExitCode.temporaryFailure)
    #expect(result.stderr.contains("HTTP 408"))
    #expect(result.stderr.contains("try again later"))
    // The recent page three times, the older page once beside its first try (no history yet).
    #expect(run.http.requests.filter { $0.contains("&idx=0&") }.count == 3)
    #expect(run.http.requests.count == 4)
    #expect(run.clock.sleeps.count == 2)
  }

  @Test func aPictureAnswering408ExitsWith75() throws {
    let run = try FakeBingRun.context(days: 1)
    let image = try #require(FakeBingRun.week.first)
    run.http.stub(
      "id=\(image.bingID)_UHD.jpg", .response(status: 408, headers: [:], body: Array("slow".utf8)))

    let result = run.run(["update", "--market", "en-US", "--no-apply", "--quiet"])

    #expect(result.status == ExitCode.temporaryFailure)
    #expect(result.stderr.contains("HTTP 408"))
    #expect(result.stderr.contains("try again later"))
    // Temporary, so the picture was not tried at the smaller size as a refused one would be.
    #expect(!run.http.requests.contains { $0.contains("_1920x1080.jpg") })
  }
}
