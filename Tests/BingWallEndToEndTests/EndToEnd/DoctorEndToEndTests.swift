import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// `doctor` through the real binary, on a history it fetched from the fake Bing: damage made with
/// the file system and the sqlite3 tool, found, repaired over HTTP, and gone on the next run.
@Suite struct DoctorEndToEndTests {
  @Test func findsAndRepairsALostFileAnOrphanAndLeftovers() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(3))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let environment = [
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none", "BINGWALL_MARKETS": "en-US",
    ]
    #expect(try sandbox.run(["update", "--no-apply"], environment: environment).status == 0)
    let images = sandbox.imageDir
    let database = sandbox.dataDir + "/history.db"
    let lake = images + "/2026-12-01_Lake_UHD.jpg"
    let dune = images + "/2026-11-29_Dune_UHD.jpg"
    #expect(FileManager.default.fileExists(atPath: lake))
    try FileManager.default.removeItem(atPath: lake)
    _ = try ExternalTool.run(["sqlite3", database, "DELETE FROM pictures WHERE key = 'OHR.Dune'"])
    try Data("x".utf8).write(to: URL(fileURLWithPath: images + "/notes.txt"))
    try Data(repeating: 7, count: 64).write(to: URL(fileURLWithPath: images + "/.bingwall-q1W2e3.part"))

    let found = try sandbox.run(["doctor", "--json"], environment: environment)
    #expect(found.status == 1, "\(found.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
    #expect(object["ok"] as? Bool == false)
    let findings = try #require(object["findings"] as? [[String: Any]])
    let subjects = Set(findings.compactMap { $0["subject"] as? String })
    #expect(
      subjects == ["OHR.Lake", dune, images + "/notes.txt", images + "/.bingwall-q1W2e3.part", database],
      "\(subjects)")
    // sqlite3 runs without foreign keys, so Dune's appearance stayed behind without its picture.
    let dangling = try #require(findings.first { $0["subject"] as? String == database })
    #expect((dangling["message"] as? String)?.hasPrefix("appearances row ") == true, "\(dangling)")
    #expect(bing.imageRequests(week[0], resolution: "UHD") == 1, "checking downloads nothing")

    let fixed = try sandbox.run(["doctor", "--fix"], environment: environment)
    #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
    #expect(
      fixed.stdout.contains("fixed: [file] OHR.Lake: \(lake) is missing; downloaded again as \(lake)\n"))
    #expect(fixed.stdout.contains("; adopted as OHR.Dune\n"))
    #expect(fixed.stdout.contains("; deleted the rows that belonged to no picture\n"))
    #expect(bing.imageRequests(week[0], resolution: "UHD") == 2)
    #expect(FileManager.default.fileExists(atPath: lake))
    #expect(
      sandbox.imageFiles() == [
        "2026-11-29_Dune_UHD.jpg", "2026-11-30_Fox_UHD.jpg", "2026-12-01_Lake_UHD.jpg",
      ])
    let rows = try ExternalTool.run([
      "sqlite3", database,
      "SELECT p.key, a.title FROM pictures p JOIN appearances a ON a.picture_id = p.id ORDER BY p.key",
    ])
    #expect(
      String(decoding: rows, as: UTF8.self)
        == "OHR.Dune|Dune title\nOHR.Fox|Fox title\nOHR.Lake|Lake title\n")

    let again = try sandbox.run(["doctor"], environment: environment)
    #expect(again.status == 0, "\(again.stdout)")
    #expect(again.stdout.hasSuffix(": all well.\n"))
    #expect(try sandbox.run(["doctor", "-q"], environment: environment).stdout == "")
  }
}
