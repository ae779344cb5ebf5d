import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallSystem

/// What a response can make an update do is bounded by what we asked for, not by what came back.
@Suite struct UpdateBoundsInProcessTests {
  /// A body listing 10,000 pictures (we ask for eight): eight downloads, one warning line, and no
  /// request for anything beyond the window (an unstubbed request would fail the test).
  @Test func tenThousandListedPicturesCostEightDownloadsAndOneWarning() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": UpdateInProcessTests.endpoint])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let week = FakeBing.week()
    let extra = (0..<9_992).map { index in
      FakeBingImage(
        name: "Extra\(index)", fullStartDate: "202610010800", title: "Extra", copyright: "x (© y)")
    }
    let body: [String: Any] = ["market": ["mkt": "en-US"], "images": (week + extra).map(\.json)]
    run.http.stub(
      "/HPImageArchive.aspx",
      .ok(Array(try JSONSerialization.data(withJSONObject: body)), type: "application/json"))
    for image in week {
      let jpeg = try TestJPEG.make(
        width: FakeBing.uhdWidth, height: FakeBing.uhdHeight, colour: FakeBing.colour(for: image.name))
      run.http.stub("id=\(image.bingID)_UHD.jpg", .ok(Array(jpeg), type: "image/jpeg"))
    }
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(run.http.requests.count == 9)
    #expect(
      result.stderr
        == "warning: Bing listed 10000 pictures for en-US where 8 were asked for; the rest were ignored\n")
    #expect(result.stdout.split(separator: "\n").count == 8)
  }

  /// The same failure for every picture is one line with a count, not one line each.
  @Test func oneErrorLinePerKindWithACount() {
    let lines = UpdateCommand.distinctLines(["a", "b", "a", "a"])
    #expect(lines.map(\.0) == ["a", "b"])
    #expect(lines.map(\.1) == [3, 1])
  }
}
