import Foundation
import Glibc
import Testing

@testable import BingWallStore
@testable import BingWallSystem

/// The image folder on a filesystem too small for the window (a 700 KB tmpfs, mounted by the
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
}
