import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Glibc
import Testing

@testable import BingWallSystem

/// Four `update` processes, a running daemon, a `prune` and an `import` against one slow fake
/// Bing: they queue on the history lock, so every picture is downloaded at most once, no process
/// fails, and the history holds each picture once.
@Suite struct ConcurrencyEndToEndTests {
  @Test func fourUpdatesADaemonAndAPruneShareOneHistory() throws {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week {
      let data = try TestJPEG.make(width: 1921, height: 1081, colour: FakeBing.colour(for: image.name))
      bing.serve(image, resolution: "UHD", FakeResponse.bytes(data, contentType: "image/jpeg").delayed(0.3))
    }
    let environment = ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "none"]

    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: Sandbox.binary)
    daemon.arguments = ["daemon"]
    daemon.environment = sandbox.baseEnvironment.merging(environment) { $1 }
    let log = sandbox.folder.file("daemon.log")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    daemon.standardOutput = FileHandle.nullDevice
    daemon.standardError = FileHandle(forWritingAtPath: log)
    try daemon.run()
    defer {
      if daemon.isRunning {
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
      }
    }
    let updates = try (0..<4).map { _ in
      try sandbox.start(["update", "-q", "--no-apply"], environment: environment)
    }
    let prune = try sandbox.start(["prune", "--keep", "100", "-q"], environment: environment)
    // An import of the same pictures' files, made elsewhere: it queues on the same lock, and its
    // pictures are the update's (same bytes) whichever comes first.
    let folder = sandbox.folder.file("to-import")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for image in week.prefix(2) {
      let data = try TestJPEG.make(width: 1921, height: 1081, colour: FakeBing.colour(for: image.name))
      try data.write(to: URL(fileURLWithPath: folder + "/OHR.\(image.name)_EN-US\(image.number)_UHD.jpg"))
    }
    let importer = try sandbox.start(["import", folder, "-q"], environment: environment)
    for process in updates + [prune, importer] { process.waitUntilExit() }
    for process in updates { #expect(process.terminationStatus == 0) }
    #expect(prune.terminationStatus == 0)
    #expect(importer.terminationStatus == 0)

    // The daemon's own update, at its start, took its turn too: wait (bounded) for its log line.
    let settled = (0..<500).contains { _ in
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if text.contains("new picture: ") || text.contains("update: nothing new") { return true }
      usleep(20_000)
      return false
    }
    #expect(settled)
    kill(daemon.processIdentifier, SIGTERM)
    daemon.waitUntilExit()
    #expect(daemon.terminationStatus == 0)

    // Each picture fetched at most once; the two the import brought may not be fetched at all.
    for image in week { #expect(bing.imageRequests(image, resolution: "UHD") <= 1, "\(image.name)") }
    for image in week.dropFirst(2) { #expect(bing.imageRequests(image, resolution: "UHD") == 1) }
    let recorded = try ExternalTool.run([
      "sqlite3", sandbox.dataDir + "/history.db",
      "SELECT key FROM pictures ORDER BY key; PRAGMA integrity_check;",
    ])
    #expect(
      String(decoding: recorded, as: UTF8.self).split(separator: "\n").map(String.init)
        == week.map(\.key).sorted() + ["ok"])
    #expect(sandbox.imageFiles().filter { !$0.hasPrefix(".") }.count == 8)
  }
}
