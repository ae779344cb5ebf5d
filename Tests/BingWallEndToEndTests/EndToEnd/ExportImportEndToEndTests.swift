import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// `export` and `import` through the real binary: a history a real update fetched from the fake
/// Bing, exported, then imported by another user with an empty history.
@Suite struct ExportImportEndToEndTests {
  /// `list --json --limit 0` without `id` and `path`, keys sorted.
  static func listed(_ sandbox: Sandbox) throws -> String {
    let result = try sandbox.run(["list", "--json", "--limit", "0"])
    #expect(result.status == 0, "\(result.stderr)")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let trimmed = array.map { $0.filter { $0.key != "id" && $0.key != "path" } }
    return String(
      decoding: try JSONSerialization.data(withJSONObject: trimmed, options: [.sortedKeys]), as: UTF8.self)
  }

  /// The sha256 of every picture file in the user's image folder, sorted.
  static func fileHashes(_ sandbox: Sandbox) throws -> [String] {
    try sandbox.imageFiles().map { try SHA256.hash(fileAt: sandbox.imageDir + "/" + $0) }.sorted()
  }

  @Test func anExportImportedByAnotherUserListsTheSame() throws {
    let bing = try FakeBing()
    let week = Array(FakeBing.week().prefix(3))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]
    let source = try Sandbox()
    let update = try source.run(["update", "--no-apply"], environment: environment)
    #expect(update.status == 0, "\(update.stderr)")
    #expect(try source.run(["favorite", "OHR.Fox"]).status == 0)
    #expect(try source.run(["ban", "OHR.Dune"]).status == 0)

    let folder = source.folder.file("export")
    let exported = try source.run(["export", folder])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout.hasSuffix("Exported 3 pictures to \(folder).\n"), "\(exported.stdout)")
    #expect(FileManager.default.fileExists(atPath: folder + "/2026-12-01_en-US_Lake.jpg"))

    let destination = try Sandbox()
    let imported = try destination.run(["import", folder])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr == "")
    #expect(imported.stdout.hasSuffix("Imported 3 pictures.\n"), "\(imported.stdout)")
    #expect(try Self.listed(destination) == Self.listed(source))
    #expect(try Self.fileHashes(destination) == Self.fileHashes(source))
    #expect(try Self.fileHashes(destination).count == 3)

    let again = try destination.run(["import", folder])
    #expect(again.status == 0)
    #expect(again.stdout == "Imported 0 pictures; 3 already stored.\n")
    #expect(destination.imageFiles().count == 3)
  }
}
