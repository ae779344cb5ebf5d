import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSystem

/// Failures of one kind in one run are one line with a count; `-v` lists each; a warning is said
/// once a run (issue 47's "one line per kind of failure").
@Suite struct UpdateFailureLinesTests {
  /// Bing's eight pictures of the week, each answered `answer(image, size)` at UHD and 1920x1080.
  static func context(_ answer: (FakeBingImage, String) -> ScriptedHTTPClient.Answer) throws -> InProcess {
    let run = try FakeBingRun.context(days: 8)
    for image in FakeBingRun.week.prefix(8) {
      for size in ["UHD", "1920x1080"] {
        run.http.stub("id=\(image.bingID)_\(size).jpg", answer(image, size))
      }
    }
    return run
  }

  static let notFound = ScriptedHTTPClient.Answer.response(
    status: 404, headers: [:], body: Array("<html>gone</html>".utf8))

  static func refused(_ image: FakeBingImage, _ size: String) -> ScriptedHTTPClient.Answer {
    .failure(
      .transport(
        url: "https://bing.test/th?id=\(image.bingID)_\(size).jpg", code: 7, message: "Connection refused"))
  }

  @Test func eightPicturesRefusedAlikeAreOneLine() throws {
    let run = try Self.context { _, _ in Self.notFound }
    let result = run.run(["update", "--market", "en-US"])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        bingwall: error: cannot download OHR.Lake: UHD: HTTP 404; 1920x1080: HTTP 404; nothing was stored (and 7 more like it)

        """)
  }

  @Test func verboseListsEachPicture() throws {
    let run = try Self.context { _, _ in Self.notFound }
    let result = run.run(["update", "--market", "en-US", "-v"])
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("bingwall: error: ") }
    #expect(errors.count == 8, "\(result.stderr)")
    #expect(Set(errors).count == 8)
    #expect(!result.stderr.contains("more like it"))
  }

  @Test func twoKindsAreTwoLinesEachWithItsHint() throws {
    let run = try Self.context { image, size in
      image.name < "M" ? Self.notFound : Self.refused(image, size)
    }
    let result = run.run(["update", "--market", "en-US"])
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 3, "\(result.stderr)")
    #expect(lines.filter { $0.hasPrefix("bingwall: error: cannot download ") }.count == 1)
    #expect(
      lines.filter { $0.hasPrefix("bingwall: error: cannot fetch ") && $0.contains("Connection refused") }
        .count == 1)
    let counted = lines.compactMap { line in line.firstMatch(of: /and (\d+) more like it/).map { Int($0.1)! }
    }
    #expect(counted.map { $0 + 1 }.reduce(0, +) == 8, "\(result.stderr)")
    #expect(lines.last == "bingwall: hint: check the network and try again later")
  }

  @Test func theDaemonsLogSaysEachKindOnce() throws {
    let failure = { (key: String) in
      UpdateEvent.failed(
        UpdateFailure(
          what: key, error: DownloadError.unusable(key: key, problems: ["UHD: HTTP 404"]), temporary: false))
    }
    let lines = UpdateLogLines.lines(for: [failure("OHR.A"), failure("OHR.B"), failure("OHR.C")])
    #expect(
      lines == [
        "bingwall: error: update failed: cannot download OHR.A: UHD: HTTP 404; nothing was stored (and 2 more like it)"
      ])
  }

  /// Both archive pages list more than was asked for: one warning for the market, not one a page.
  @Test func anOverlistingArchiveWarnsOnceForBothPages() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let week = FakeBing.week()
    let extra = (0..<8).map { index in
      FakeBingImage(
        name: "Extra\(index)", fullStartDate: "202610010800", title: "Extra", copyright: "x (© y)")
    }
    try FakeBingRun.serve(run, listing: week + extra, pictures: week)
    run.http.stub(
      "idx=7",
      .ok(
        Array(try FakeBing.archiveBody(market: "en-US", images: [week[7]] + extra).utf8),
        type: "application/json"))
    let result = run.run(["update", "--market", "en-US", "--no-apply", "--days", "8"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.components(separatedBy: "warning: Bing listed").count == 2, "\(result.stderr)")
  }
}
