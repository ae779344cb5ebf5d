import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit

/// `gallery` through the real binary, on a history a real `update` fetched from the fake Bing.
@Suite struct GalleryEndToEndTests {
  @Test func theCardsAreWhatListShows() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(3))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]
    #expect(try sandbox.run(["update", "--no-apply"], environment: environment).status == 0)
    #expect(try sandbox.run(["favorite", "OHR.\(week[1].name)"], environment: environment).status == 0)

    let output = sandbox.folder.file("page.html")
    let result = try sandbox.run(["gallery", "--output", output], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == output + "\n")
    #expect(result.stderr == "")
    let html = try String(contentsOfFile: output, encoding: .utf8)

    let listed = try sandbox.run(["list", "--limit", "0", "--json"], environment: environment)
    let pictures = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(pictures.count == 3)
    #expect(GalleryHTML.cardKeys(html) == pictures.compactMap { $0["key"] as? String })
    for picture in pictures {
      let key = try #require(picture["key"] as? String)
      let path = try #require(picture["path"] as? String)
      #expect(FileManager.default.fileExists(atPath: path))
      let card = try #require(GalleryHTML.card(html, key: key))
      #expect(card.contains("src=\"\(PageURL.file(path))\""), "\(card)")
      #expect(card.contains(HTMLText.escaped(picture["title"] as? String ?? "?")), "\(card)")
      #expect(card.contains("class=\"card favorite\"") == (picture["favorite"] as? Bool == true), "\(card)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    // The default place, created on the way, and nothing printed with -q.
    let quiet = try sandbox.run(["gallery", "-q"], environment: environment)
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(quiet.stdout == "" && quiet.stderr == "")
    let cached = sandbox.home + "/.cache/bingwall/gallery.html"
    #expect(GalleryHTML.cardKeys(try String(contentsOfFile: cached, encoding: .utf8)).count == 3)
  }
}
