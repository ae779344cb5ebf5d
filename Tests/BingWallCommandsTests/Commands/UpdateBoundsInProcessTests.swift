import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// What a response can make an update do is bounded by what we asked for, not by what came back.
@Suite struct UpdateBoundsInProcessTests {
  /// A body listing 10,000 pictures (we ask for eight): eight downloads, one warning line, and no
  /// request for anything beyond the window (an unstubbed request would fail the test). The older
  /// page of this first update lists the shared day alone.
  @Test func tenThousandListedPicturesCostEightDownloadsAndOneWarning() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let week = FakeBing.week()
    let extra = (0..<9_992).map { index in
      FakeBingImage(
        name: "Extra\(index)", fullStartDate: "202610010800", title: "Extra", copyright: "x (© y)")
    }
    try FakeBingRun.serve(run, listing: (week + extra), pictures: week)
    run.http.stub(
      "idx=7",
      .ok(Array(try FakeBing.archiveBody(market: "en-US", images: [week[7]]).utf8), type: "application/json"))
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(run.http.requests.count == 10)
    #expect(
      result.stderr
        == "bingwall: warning: Bing listed 10000 pictures for en-US where 8 were asked for; the rest were ignored\n"
    )
    #expect(result.stdout.split(separator: "\n").count == 8)
  }

  /// Each hint once, however many failures it mends, in the order first seen.
  @Test func eachHintIsSaidOnce() {
    let lines = Distinct.lines(["a", "b", "a", "a"])
    #expect(lines.map(\.0) == ["a", "b"])
    #expect(lines.map(\.1) == [3, 1])
  }
}

/// A picture that is not a JPEG is refused by what it is, not by the descriptor it was read through.
@Suite struct RefusedDownloadMessageTests {
  @Test func aPNGServedAsAJPEGIsNamedByItsSizeNotADescriptor() throws {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let image = FakeBing.week()[0]
    let body: [String: Any] = ["market": ["mkt": "en-US"], "images": [image.json]]
    run.http.stub(
      "/HPImageArchive.aspx",
      .ok(Array(try JSONSerialization.data(withJSONObject: body)), type: "application/json"))
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64)
    run.http.stub("id=\(image.bingID)_UHD.jpg", .ok(png, type: "image/jpeg"))
    run.http.stub("id=\(image.bingID)_1920x1080.jpg", .ok(png, type: "image/jpeg"))
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: cannot download OHR.Lake: UHD: the file is not a JPEG picture: it starts with 89 50 4E 47, a PNG "
        + "picture instead of FF D8 FF; 1920x1080: the file is not a JPEG picture: it starts with 89 50 4E 47, a "
        + "PNG picture instead of FF D8 FF; nothing was stored\n")
  }
}

/// A file in the image folder under the name a picture would take, holding other bytes and known
/// to no row (the user's own, in a folder set by image_dir): never replaced.
@Suite struct ForeignFileUnderOurNameTests {
  @Test func aForeignFileKeepsItsBytesAndThePictureTakesTheNextName() throws {
    let run = try FakeBingRun.context(days: 1)
    let images = run.paths.defaultImageDir
    try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
    let theirs = images + "/2026-12-01_Lake_UHD.jpg"
    let bytes = try TestJPEG.make(width: 64, height: 36, colour: "#102030")
    try bytes.write(to: URL(fileURLWithPath: theirs))
    let result = run.run(["update", "--market", "en-US", "--no-apply", "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: theirs)) == bytes)
    let stored = try HistoryStore(path: run.paths.databaseFile).picture(key: "OHR.Lake")
    #expect(stored?.path == images + "/2026-12-01_Lake_UHD-2.jpg")
  }
}
