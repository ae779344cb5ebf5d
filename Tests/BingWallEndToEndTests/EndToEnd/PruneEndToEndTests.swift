import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// `prune` through the real binary on a history it fetched from the fake Bing: rows and files on
/// disk, and a prune killed between deleting its rows and deleting its files.
@Suite struct PruneEndToEndTests {
  static let environment = ["BINGWALL_BACKEND": "none"]

  /// A sandbox whose history holds the fake week's eight pictures.
  static func sandbox() throws -> (Sandbox, FakeBing, [String: String]) {
    let bing = try FakeBing()
    let sandbox = try Sandbox()
    let week = FakeBing.week()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    let environment = Self.environment.merging(["BINGWALL_ENDPOINT": bing.endpoint]) { $1 }
    let update = try sandbox.run(["update", "--no-apply", "-q"], environment: environment)
    #expect(update.status == 0, "\(update.stderr)")
    return (sandbox, bing, environment)
  }

  static func rows(_ sandbox: Sandbox, _ sql: String) throws -> [String] {
    let output = try ExternalTool.run(["sqlite3", sandbox.dataDir + "/history.db", sql])
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func pruneDeletesRowsAndFilesAndKeepsTheStoreWhole() throws {
    let (sandbox, _, environment) = try Self.sandbox()
    #expect(sandbox.imageFiles().count == 8)
    let result = try sandbox.run(["prune", "--keep", "3"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.rows(sandbox, "SELECT count(*) FROM pictures") == ["3"])
    #expect(try Self.rows(sandbox, "SELECT count(*) FROM appearances") == ["3"])
    #expect(try Self.rows(sandbox, "SELECT count(*) FROM pruned") == ["5"])
    #expect(try Self.rows(sandbox, "PRAGMA integrity_check") == ["ok"])
    // The search index lost the deleted appearances with them.
    #expect(
      try Self.rows(sandbox, "SELECT count(*) FROM appearances_words WHERE appearances_words MATCH 'Delta'")
        == ["0"])
    let recorded = try Self.rows(sandbox, "SELECT path FROM pictures ORDER BY path")
    #expect(sandbox.imageFiles().map { sandbox.imageDir + "/" + $0 } == recorded)
  }

  /// Killed after the rows went and one file with them: the next prune removes exactly the files
  /// the killed one meant to, and the store is whole throughout.
  @Test func aPruneKilledMidwayIsFinishedByTheNext() throws {
    let (sandbox, _, environment) = try Self.sandbox()
    let killed = try sandbox.run(
      ["prune", "--keep", "3"], environment: environment,
      under: SyscallKill.wrapper(killingAt: 2, of: ["unlink", "unlinkat"]))
    #expect(killed.status == SyscallKill.killedStatus, "\(killed.stderr)")
    #expect(try Self.rows(sandbox, "PRAGMA integrity_check") == ["ok"])
    #expect(try Self.rows(sandbox, "SELECT count(*) FROM pictures") == ["3"])
    // One of five files went before the kill: four files no row knows.
    #expect(sandbox.imageFiles().count == 7)
    #expect(FileManager.default.fileExists(atPath: sandbox.home + "/.local/state/bingwall/prune-pending"))

    let next = try sandbox.run(["prune", "--keep", "3"], environment: environment)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("Removed 4 file(s) an interrupted prune left behind."), "\(next.stdout)")
    let recorded = try Self.rows(sandbox, "SELECT path FROM pictures ORDER BY path")
    #expect(sandbox.imageFiles().map { sandbox.imageDir + "/" + $0 } == recorded)
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local/state/bingwall/prune-pending"))
  }

  /// The same kill, then `doctor --fix` instead of another prune: the store is consistent again
  /// (every file a row's, every row's file whole) and a second doctor finds nothing.
  @Test func aPruneKilledMidwayIsRepairedByDoctor() throws {
    let (sandbox, _, environment) = try Self.sandbox()
    let killed = try sandbox.run(
      ["prune", "--keep", "3"], environment: environment,
      under: SyscallKill.wrapper(killingAt: 3, of: ["unlink", "unlinkat"]))
    #expect(killed.status == SyscallKill.killedStatus, "\(killed.stderr)")
    #expect(sandbox.imageFiles().count == 6)  // two of five went before the kill

    let fixed = try sandbox.run(["doctor", "--fix"], environment: environment)
    #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
    #expect(
      fixed.stdout.split(separator: "\n").filter { $0.hasPrefix("fixed: ") }.count == 3, "\(fixed.stdout)")
    let recorded = try Self.rows(sandbox, "SELECT path FROM pictures ORDER BY path")
    #expect(recorded.count == 3)
    #expect(sandbox.imageFiles().map { sandbox.imageDir + "/" + $0 } == recorded)
    #expect(try Self.rows(sandbox, "PRAGMA integrity_check") == ["ok"])
    let again = try sandbox.run(["doctor"], environment: environment)
    #expect(again.status == 0, "\(again.stdout)")
  }
}
