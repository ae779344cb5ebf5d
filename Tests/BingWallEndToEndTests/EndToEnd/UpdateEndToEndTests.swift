import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// `bingwall update`, `list` and `show` as a user runs them, against the fake Bing.
@Suite struct UpdateEndToEndTests {
  let bing: FakeBing
  let sandbox: Sandbox

  init() throws {
    bing = try FakeBing()
    sandbox = try Sandbox()
  }

  /// These tests are about fetching; applying is tested in DesktopEndToEndTests.
  var environment: [String: String] {
    ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_APPLY_ON_UPDATE": "false"]
  }

  func update(_ extra: [String] = []) throws -> Sandbox.Result {
    try sandbox.run(["update"] + extra, environment: environment)
  }

  func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  /// Bing's whole window, fifteen days in two pages that share one: all stored by the first
  /// update, which asks for both pages; the next asks for the recent page only.
  @Test func theFirstUpdateStoresTheWholeWindow() throws {
    let window = FakeBing.week() + FakeBing.weekBefore()
    try bing.publish(market: "en-US", images: window)
    for image in window { try bing.serveJPEG(image) }

    let first = try update()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr == "")
    let lines = first.stdout.split(separator: "\n")
    #expect(lines.count == 15)
    #expect(lines.last?.hasPrefix("2026-11-17  en-US  Karst title") == true)
    #expect(bing.archiveRequests(.recent) == 1)
    #expect(bing.archiveRequests(.older) == 1)
    #expect(bing.imageRequestCount == 15, "the shared day once")
    #expect(sandbox.imageFiles().count == 15)
    #expect(sandbox.imageFiles().contains("2026-11-17_Karst_UHD.jpg"))

    let second = try update()
    #expect(second.status == 0)
    #expect(second.stdout == "Already up to date.\n")
    #expect(bing.archiveRequests(.recent) == 2)
    #expect(bing.archiveRequests(.older) == 1)
  }

  @Test func storesTheWeekOnceAndThenIsUpToDate() throws {
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }

    let first = try update()
    #expect(first.status == 0, "\(first.stderr)")
    let lines = first.stdout.split(separator: "\n")
    #expect(lines.count == 8)
    #expect(
      lines.first == "2026-12-01  en-US  Lake title — Lake caption, Somewhere (© Lake Photographer/Agency)")
    #expect(bing.imageRequestCount == 8)
    // Both pages of the archive, at once: the older holds only the week's last day here.
    let archives = bing.server.requests(path: "/HPImageArchive.aspx").map(\.query)
    #expect(archives.count == 2)
    #expect(archives.contains(["format": "js", "idx": "0", "n": "8", "mkt": "en-US", "mbl": "1"]))
    #expect(archives.contains(["format": "js", "idx": "7", "n": "8", "mkt": "en-US", "mbl": "1"]))
    #expect(sandbox.imageFiles().count == 8)
    #expect(sandbox.imageFiles().contains("2026-12-01_Lake_UHD.jpg"))

    let second = try update()
    #expect(second.status == 0)
    #expect(second.stdout == "Already up to date.\n")
    #expect(bing.imageRequestCount == 8)

    let list = try sandbox.run(["list", "--limit", "3"])
    let rows = list.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(rows.count == 3)
    #expect(rows[0][1] == "2026-12-01")
    #expect(rows[0][2] == "en-US")
    #expect(rows[0][4] == "OHR.Lake")
    #expect(rows[0][5] == "Lake title")
    #expect(rows[0][6] == "\(sandbox.imageDir)/2026-12-01_Lake_UHD.jpg")
  }

  @Test func showAndListSpeakJSON() throws {
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image, width: 2000, height: 1125) }
    let result = try update(["--json"])
    #expect(result.status == 0)
    let summary = try #require(try json(result.stdout) as? [String: Any])
    #expect((summary["fetched"] as? [Any])?.count == 2)
    #expect(summary["applied"] is NSNull)

    let show = try sandbox.run(["show", "OHR.Fox", "--json"])
    let picture = try #require(try json(show.stdout) as? [String: Any])
    #expect(picture["key"] as? String == "OHR.Fox")
    #expect(picture["date"] as? String == "2026-11-30")
    #expect(picture["market"] as? String == "en-US")
    #expect(picture["markets"] as? [String] == ["en-US"])
    #expect(picture["caption"] as? String == "Fox caption, Somewhere")
    #expect(picture["credit"] as? String == "Fox Photographer/Agency")
    #expect(picture["width"] as? Int == 2000)
    #expect(picture["height"] as? Int == 1125)
    #expect(picture["favorite"] as? Bool == false)
    #expect(picture["applied_count"] as? Int == 0)
    #expect(picture["last_applied"] is NSNull)
    let path = try #require(picture["path"] as? String)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(picture["bytes"] as? Int == bytes.count)
    for field in ["id", "copyright", "copyright_link", "sha256"] {
      #expect(picture[field] != nil, "\(field)")
    }

    let list = try sandbox.run(["list", "--json"])
    #expect(
      (try json(list.stdout) as? [[String: Any]])?.map { $0["key"] as? String } == ["OHR.Lake", "OHR.Fox"])
    let text = try sandbox.run(["show", "latest"])
    #expect(text.stdout.hasPrefix("Lake title\n2026-12-01 · en-US\n"))
    #expect(text.stdout.hasSuffix("\nset it: bingwall apply OHR.Lake\n"))
  }

  @Test func theSamePictureInTwoMarketsIsStoredOnce() throws {
    let us = FakeBingImage(name: "Lake", idMarket: "EN-US", number: "111", fullStartDate: "202612010800")
    let de = FakeBingImage(
      name: "Lake", idMarket: "DE-DE", number: "222", fullStartDate: "202611302300", title: "Der See",
      copyright: "Ein See (© Fotograf)")
    try bing.publish(market: "en-US", images: [us])
    try bing.publish(market: "de-DE", images: [de])
    try bing.serveJPEG(us)
    try bing.serveJPEG(de)
    let result = try update(["-m", "en-US", "-m", "de-DE"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.imageFiles().count == 1)
    #expect(bing.imageRequestCount == 1)
    let show = try sandbox.run(["show", "OHR.Lake", "--json"])
    let picture = try #require(try json(show.stdout) as? [String: Any])
    #expect(picture["markets"] as? [String] == ["de-DE", "en-US"])
  }

  @Test func uhdMissingFallsBackTo1920x1080() throws {
    let image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    bing.serve(image, resolution: "UHD", .status(404))
    try bing.serveJPEG(image, resolution: "1920x1080")
    let result = try update()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.imageFiles() == ["2026-12-01_Lake_1920x1080.jpg"])
  }

  @Test func anHTMLPageIsNeverStored() throws {
    let image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    let page = "<html><head><title>Object moved</title></head><body>Object moved</body></html>"
    bing.serve(image, resolution: "UHD", .html(page))
    bing.serve(image, resolution: "1920x1080", .bytes(Data(page.utf8), contentType: "image/jpeg"))
    let result = try update()
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot download OHR.Lake"))
    #expect(result.stderr.contains("not a picture (Content-Type 'text/html"))
    #expect(sandbox.imageFiles().isEmpty)
    #expect(try sandbox.run(["list"]).stdout.isEmpty)
  }

  @Test func aPlaceholderServedForMissingSizesIsRecognised() throws {
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    let placeholder = try TestJPEG.make(width: 2000, height: 1125, colour: "#777777")
    for image in week {
      bing.serve(image, resolution: "UHD", .bytes(placeholder, contentType: "image/jpeg"))
      try bing.serveJPEG(image, resolution: "1920x1080")
    }
    let result = try update()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.imageFiles() == ["2026-11-30_Fox_1920x1080.jpg", "2026-12-01_Lake_1920x1080.jpg"])
  }

  @Test func wpFalseSkipsTheLargeSizes() throws {
    var image = FakeBing.week()[0]
    image.wp = false
    try bing.publish(market: "en-US", images: [image])
    try bing.serveJPEG(image, resolution: "UHD")
    try bing.serveJPEG(image, resolution: "1920x1080")
    let result = try update()
    #expect(result.status == 0)
    #expect(bing.imageRequests(image, resolution: "UHD") == 0)
    #expect(sandbox.imageFiles() == ["2026-12-01_Lake_1920x1080.jpg"])
  }

  @Test func aReissuedDayIsCorrectedInPlace() throws {
    var image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    try bing.serveJPEG(image)
    #expect(try update().status == 0)
    image.number = "9999"
    image.copyright = "Lake caption, Somewhere (© The Right Photographer)"
    try bing.publish(market: "en-US", images: [image])
    let second = try update()
    #expect(second.stdout == "Already up to date.\n")
    let list = try sandbox.run(["list", "--json"])
    let pictures = try #require(try json(list.stdout) as? [[String: Any]])
    #expect(pictures.count == 1)
    #expect(pictures.first?["credit"] as? String == "The Right Photographer")
    #expect(bing.imageRequestCount == 1)
  }

  @Test func aSubstitutedMarketIsReported() throws {
    let image = FakeBingImage(name: "World", idMarket: "ROW", fullStartDate: "202612010000", title: "Info")
    try bing.publish(market: "en-ZA", served: "ROW", images: [image])
    try bing.serveJPEG(image)
    let result = try update(["-m", "en-ZA", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("bingwall: warning: Bing served the ROW picture for en-ZA"))
    let summary = try #require(try json(result.stdout) as? [String: Any])
    let served = try #require(summary["market_served"] as? [[String: String]])
    #expect(served == [["requested": "en-ZA", "served": "ROW"]])
  }

  @Test func daysLimitsTheWindow() throws {
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    #expect(try update(["--days", "2"]).status == 0)
    #expect(sandbox.imageFiles().count == 2)
  }

  struct BadArchive: Sendable, CustomTestStringConvertible {
    var name: String
    var response: FakeResponse
    var status: Int32
    var testDescription: String { name }
  }

  static let badArchives: [BadArchive] = [
    // A well-formed answer with nothing in it is Bing having a bad moment: retry later.
    BadArchive(name: "empty body", response: .json(""), status: 75),
    BadArchive(name: "null", response: .json("null"), status: 75),
    BadArchive(name: "no images", response: .json("{\"images\":[]}"), status: 75),
    BadArchive(name: "HTML", response: .html("<html><body>Object moved</body></html>"), status: 1),
    BadArchive(
      name: "truncated JSON", response: .json("{\"images\":[{\"urlbase\":\"/th?id=OHR.X_EN-US1\""), status: 1),
    BadArchive(
      name: "wrong types", response: .json("{\"images\":[{\"urlbase\":5,\"fullstartdate\":7}]}"), status: 1),
    BadArchive(name: "HTTP 503", response: .status(503), status: 75),
    BadArchive(name: "HTTP 404", response: .status(404), status: 1),
  ]

  @Test(arguments: badArchives)
  func aBadArchiveStoresNothing(_ row: BadArchive) throws {
    bing.server.route("/HPImageArchive.aspx", row.response)
    let result = try update()
    #expect(result.status == row.status, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("bingwall: error: "))
    #expect(result.stderr.contains("en-US"))
    // The error, and the fix when there is one.
    let kinds = result.stderr.split(separator: "\n").map { Diagnostic.parse($0)?.kind }
    #expect(kinds == [.error] || kinds == [.error, .hint], "\(result.stderr)")
    #expect(bing.imageRequestCount == 0)
    #expect(sandbox.imageFiles().isEmpty)
  }

  @Test func anUnreachableServerIsATemporaryFailure() throws {
    let closed = "http://127.0.0.1:9"  // discard port: nothing listens
    let result = try sandbox.run(
      ["update"], environment: ["BINGWALL_ENDPOINT": closed, "BINGWALL_APPLY_ON_UPDATE": "0"])
    #expect(result.status == 75)
    #expect(result.stderr.contains("127.0.0.1"))
  }

  @Test func aBodyCutShortLeavesNothingBehind() throws {
    let image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    let data = try TestJPEG.make(width: 1921, height: 1081, padTo: 200_000)
    bing.serve(
      image, resolution: "UHD",
      FakeResponse.bytes(data, contentType: "image/jpeg").with(fault: .truncate(afterBytes: 50_000)))
    let result = try update()
    #expect(result.status == 75, "\(result.stderr)")
    #expect(bing.imageRequests(image, resolution: "UHD") == 3)
    #expect(sandbox.imageFiles().isEmpty)
    #expect(try sandbox.run(["list"]).stdout.isEmpty)
  }

  @Test func aProcessKilledMidTransferLeavesNoFile() throws {
    let image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    let data = try TestJPEG.make(width: 1921, height: 1081, padTo: 400_000)
    bing.serve(
      image, resolution: "UHD",
      FakeResponse.bytes(data, contentType: "image/jpeg").with(
        fault: .slowBody(chunkBytes: 10_000, interval: 0.05)))
    let process = try sandbox.start(["update"], environment: environment)
    // Wait until the transfer is under way, then kill without a chance to clean up.
    let deadline = Date().addingTimeInterval(10)
    while bing.imageRequestCount == 0, Date() < deadline { usleep(20_000) }
    try #require(bing.imageRequestCount > 0)
    usleep(300_000)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(sandbox.imageFiles().isEmpty)
  }

  @Test func twoUpdatesAtOnceDownloadEachPictureOnce() throws {
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week {
      let data = try TestJPEG.make(width: 1921, height: 1081, colour: FakeBing.colour(for: image.name))
      bing.serve(image, resolution: "UHD", FakeResponse.bytes(data, contentType: "image/jpeg").delayed(0.3))
    }
    let first = try sandbox.start(["update"], environment: environment)
    let second = try sandbox.start(["update"], environment: environment)
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    #expect(bing.imageRequestCount == 8)
    #expect(sandbox.imageFiles().count == 8)
    let list = try sandbox.run(["list", "--limit", "0"])
    #expect(list.stdout.split(separator: "\n").count == 8)
  }

  @Test func hostileTextCannotEscapeTheFolderOrTheTerminal() throws {
    let image = FakeBingImage(
      name: "Evil", fullStartDate: "202612010800", title: "Title\u{1b}]0;owned\u{07}\nsecond line",
      copyright: "$(touch /tmp/bingwall-owned) `id`; rm -rf ~ (© ../../etc)")
    try bing.publish(market: "en-US", images: [image])
    try bing.serveJPEG(image)
    let result = try update()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("\u{1b}"))
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: "/tmp/bingwall-owned"))
    #expect(sandbox.imageFiles() == ["2026-12-01_Evil_UHD.jpg"])
  }

  @Test func aRedirectToAStockPictureIsAPlaceholder() throws {
    let image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    bing.serve(image, resolution: "UHD", .redirect(to: "/th?id=OHR.LaDigue_1920x1080.jpg"))
    let stock = try TestJPEG.make(width: 1921, height: 1081, colour: "#808080")
    bing.server.route(
      "/th", query: ["id": "OHR.LaDigue_1920x1080.jpg"], .bytes(stock, contentType: "image/jpeg"))
    try bing.serveJPEG(image, resolution: "1920x1080")
    let result = try update()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.imageFiles() == ["2026-12-01_Lake_1920x1080.jpg"])
  }

  @Test func aSmallUHDFallsBackToTheHonest1920x1080() throws {
    let image = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [image])
    try bing.serveJPEG(image, resolution: "UHD", width: 1920, height: 1080)
    try bing.serveJPEG(image, resolution: "1920x1080")
    #expect(try update().status == 0)
    #expect(sandbox.imageFiles() == ["2026-12-01_Lake_1920x1080.jpg"])
  }

  @Test func forceNeverLeavesUnrecordedFilesAndRepairsALostOne() throws {
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    #expect(try update().status == 0)
    let forced = try update(["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    // Downloaded again, and said so: not "Already up to date."
    #expect(forced.stdout == "Fetched 2 pictures again; each is the stored file.\n")
    #expect(sandbox.imageFiles() == ["2026-11-30_Fox_UHD.jpg", "2026-12-01_Lake_UHD.jpg"])
    #expect(bing.imageRequestCount == 4)

    unlink(sandbox.imageDir + "/2026-12-01_Lake_UHD.jpg")
    let repaired = try update(["--force", "--days", "1"])
    #expect(repaired.status == 0, "\(repaired.stderr)")
    let show = try sandbox.run(["show", "OHR.Lake", "--json"])
    let picture = try #require(try json(show.stdout) as? [String: Any])
    let path = try #require(picture["path"] as? String)
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(sandbox.imageFiles().count == 2)
    #expect((try json(try sandbox.run(["list", "--json"]).stdout) as? [Any])?.count == 2)
  }

  @Test func aDayReissuedWithAnotherPictureKeepsBoth() throws {
    let first = FakeBing.week()[0]
    try bing.publish(market: "en-US", images: [first])
    try bing.serveJPEG(first)
    #expect(try update().status == 0)
    let second = FakeBingImage(
      name: "Lake2", fullStartDate: first.fullStartDate, title: "Second", copyright: "Second caption (© B)")
    try bing.publish(market: "en-US", images: [second])
    try bing.serveJPEG(second)
    #expect(try update().status == 0)
    let pictures = try #require(try json(try sandbox.run(["list", "--json"]).stdout) as? [[String: Any]])
    #expect(pictures.count == 2)
    #expect(pictures.map { $0["title"] as? String } == ["Second", "Lake title"])
    #expect(pictures.allSatisfy { $0["date"] as? String == "2026-12-01" })
    #expect(try sandbox.run(["show", "2026-12-01", "--json"]).stdout.contains("\"OHR.Lake2\""))
  }

  @Test func aKillBetweenRoundsLeavesOnlyRecordedFiles() throws {
    let week = Array(FakeBing.week().prefix(3))
    try bing.publish(market: "en-US", images: week)
    try bing.serveJPEG(week[0])
    try bing.serveJPEG(week[1])
    bing.serve(week[2], resolution: "UHD", .status(404))
    let slow = try TestJPEG.make(width: 64, height: 36, padTo: 400_000)
    bing.serve(
      week[2], resolution: "1920x1080",
      FakeResponse.bytes(slow, contentType: "image/jpeg").with(
        fault: .slowBody(chunkBytes: 5_000, interval: 0.05)))
    let process = try sandbox.start(["update"], environment: environment)
    let deadline = Date().addingTimeInterval(10)
    while bing.imageRequests(week[2], resolution: "1920x1080") == 0, Date() < deadline { usleep(20_000) }
    try #require(bing.imageRequests(week[2], resolution: "1920x1080") > 0)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let rows = try sandbox.run(["list", "--limit", "0"]).stdout.split(separator: "\n")
    #expect(sandbox.imageFiles().count == rows.count)
    #expect(rows.count == 2)
  }

  @Test func hostileHeadersAndIDsNeverReachTheTerminalOrTheDisk() throws {
    let evil = FakeBingImage(name: "Lake", idMarket: "EN-US", fullStartDate: "202612010800")
    try bing.publish(market: "en-US", images: [evil])
    bing.serve(
      evil, resolution: "UHD",
      FakeResponse.bytes(Data("x".utf8), contentType: "text/\u{1b}]0;PWNED\u{07}html"))
    bing.serve(evil, resolution: "1920x1080", .status(404))
    let result = try update()
    #expect(result.status == 1)
    #expect(!result.stderr.contains("\u{1b}"))
    #expect(!result.stderr.contains("\u{07}"))
    #expect(result.stderr.contains("PWNED"))
  }
}
