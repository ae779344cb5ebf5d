import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallImage
@testable import BingWallStore
@testable import BingWallSystem

/// Filesystems that refuse writes. The image folder on a filesystem too small for the window (a 700 KB tmpfs, mounted by the
/// test, so root only; CI runs as root): a clear error, exit 1, nothing partial, the history whole,
/// and the pictures that fitted kept and recorded.
@Suite(.enabled(if: getuid() == 0, "mounting a tiny filesystem needs root"))
struct DiskFullEndToEndTests {
  @Test func aFullDiskFailsCleanlyAndKeepsWhatFitted() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(4))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image, padTo: 300_000) }
    let mountPoint = sandbox.folder.file("tiny")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    try ExternalTool.run(["mount", "-t", "tmpfs", "-o", "size=700k", "tmpfs", mountPoint])
    defer { _ = try? ExternalTool.run(["umount", "-l", mountPoint]) }
    try FileManager.default.createDirectory(
      atPath: Paths.parent(of: sandbox.configFile), withIntermediateDirectories: true)
    try "image_dir = \"\(mountPoint)\"\n".write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)

    let result = try sandbox.run(
      ["update", "--no-apply"], environment: ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count <= 3, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: mountPoint).sorted()
    #expect(!files.isEmpty && files.count < 4, "\(files)")
    for name in files {
      #expect(!name.hasPrefix("."), "a temporary file stayed: \(name)")
      #expect(throws: Never.self) { try JPEGInspector.inspect(fileAt: mountPoint + "/" + name) }
    }
    let database = sandbox.dataDir + "/history.db"
    let check = try ExternalTool.run([
      "sqlite3", database, "PRAGMA integrity_check; SELECT path FROM pictures ORDER BY path;",
    ])
    let lines = String(decoding: check, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.first == "ok")
    #expect(Array(lines.dropFirst()) == files.map { mountPoint + "/" + $0 })
  }

  /// The data folder on a filesystem mounted read-only after an update: `list`, `show`,
  /// `search` and `status` still read the history; a command that writes says why it cannot.
  @Test func aReadOnlyHistoryCanStillBeRead() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = Array(FakeBing.week().prefix(2))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    try FileManager.default.createDirectory(atPath: sandbox.dataDir, withIntermediateDirectories: true)
    try ExternalTool.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", sandbox.dataDir])
    defer { _ = try? ExternalTool.run(["umount", "-l", sandbox.dataDir]) }
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]
    #expect(try sandbox.run(["update", "--no-apply", "-q"], environment: environment).status == 0)
    try ExternalTool.run(["mount", "-o", "remount,ro", sandbox.dataDir])

    let list = try sandbox.run(["list"], environment: environment)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.split(separator: "\n").count == 2)
    let show = try sandbox.run(["show", "latest", "--json"], environment: environment)
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains("\"key\": \"OHR.Lake\"") || show.stdout.contains("\"key\":\"OHR.Lake\""))
    #expect(try sandbox.run(["search", "fox"], environment: environment).stdout.contains("OHR.Fox"))
    #expect(try sandbox.run(["status"], environment: environment).status == 0)
    let favourite = try sandbox.run(["favorite", "latest"], environment: environment)
    #expect(favourite.status == 1)
    #expect(favourite.stderr.contains("readonly"), "\(favourite.stderr)")
    #expect(favourite.stderr.split(separator: "\n").map { Diagnostic.parse($0)?.kind } == [.error, .hint])
  }
}
