import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallStore
@testable import BingWallSystem

/// `update` killed (SIGKILL, through strace: `SyscallKill`) at 17 moments of its life: taking the
/// lock, asking for the archive, mid-download, syncing, naming, between naming the pictures and
/// committing their rows, saving the scheduler state, applying. After each kill the store is whole;
/// after the next, uninterrupted update, the history is the one an uninterrupted run makes.
@Suite struct CrashEndToEndTests {
  /// A system call and which of its calls is the kill (counted per thread; on the image folder
  /// only when `onImageFolder`).
  struct KillPoint: Sendable, CustomTestStringConvertible {
    var call: String
    var occurrence: Int
    var moment: String
    var onImageFolder = false
    var testDescription: String {
      "\(call) #\(occurrence)\(onImageFolder ? " on the folder" : ""): \(moment)"
    }
  }

  /// Eight pictures: their files synced in parallel, then per picture a link, then one sync of
  /// the folder and one transaction for them all (on the main thread); the scheduler state's rename; the
  /// backend's `true`.
  static let killPoints: [KillPoint] = [
    .init(call: "fdatasync", occurrence: 2, moment: "creating the history"),
    .init(call: "flock", occurrence: 1, moment: "taking the update lock"),
    .init(call: "getdents64", occurrence: 1, moment: "sweeping abandoned downloads"),
    .init(call: "connect", occurrence: 1, moment: "opening the archive request"),
    .init(call: "recvfrom", occurrence: 1, moment: "reading the archive"),
    // Not "connect #2": the first picture rides on the archive's connection, and whether a
    // later one opens a second connection before this thread's next call depends on timing.
    .init(call: "sendto", occurrence: 2, moment: "asking for the first picture"),
    .init(call: "recvfrom", occurrence: 4, moment: "mid-download"),
    .init(call: "recvfrom", occurrence: 8, moment: "later mid-download"),
    .init(call: "write", occurrence: 3, moment: "writing a picture's body"),
    .init(call: "fsync", occurrence: 1, moment: "syncing the downloads"),
    .init(call: "linkat", occurrence: 1, moment: "naming the first picture"),
    .init(call: "linkat", occurrence: 2, moment: "naming the second picture"),
    .init(call: "linkat", occurrence: 8, moment: "naming the last picture"),
    .init(
      call: "fsync", occurrence: 1, moment: "between naming the pictures and their commit",
      onImageFolder: true),
    .init(call: "rename", occurrence: 1, moment: "saving the scheduler state"),
    .init(call: "wait4", occurrence: 1, moment: "applying the newest picture"),
    .init(call: "unlink", occurrence: 1, moment: "closing the history (checkpoint)"),
  ]

  static let week = FakeBing.week()

  static func serve() throws -> FakeBing {
    let bing = try FakeBing()
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    return bing
  }

  static func environment(_ bing: FakeBing) -> [String: String] {
    ["BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "command", "BINGWALL_COMMAND": "true {path}"]
  }

  static func sql(_ sandbox: Sandbox, _ query: String) throws -> [String] {
    let output = try ExternalTool.run(["sqlite3", sandbox.dataDir + "/history.db", query])
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The history as a user sees it, ids aside: pictures by file name and content, appearances.
  static func history(_ sandbox: Sandbox) throws -> [String] {
    try sql(
      sandbox,
      """
      SELECT key, replace(path, rtrim(path, replace(path, '/', '')), ''), sha256, favorite, banned FROM pictures
      ORDER BY key;
      SELECT p.key, a.market, a.date, a.title, a.caption, a.superseded FROM appearances a
      JOIN pictures p ON p.id = a.picture_id ORDER BY p.key, a.market, a.date;
      """)
  }

  /// Whole-store checks that must hold at any moment, killed or not.
  static func expectWhole(_ sandbox: Sandbox, _ point: String) throws {
    let database = sandbox.dataDir + "/history.db"
    // A history killed while it was first created has no tables yet; the next run migrates it.
    if FileManager.default.fileExists(atPath: database),
      try sql(sandbox, "SELECT count(*) FROM sqlite_master WHERE name = 'pictures'") == ["1"]
    {
      #expect(try sql(sandbox, "PRAGMA integrity_check") == ["ok"], "\(point)")
      #expect(try sql(sandbox, "PRAGMA foreign_key_check") == [], "\(point)")
      for row in try sql(sandbox, "SELECT path, sha256 FROM pictures") {
        let fields = row.split(separator: "|").map(String.init)
        #expect(FileManager.default.fileExists(atPath: fields[0]), "\(point): \(fields[0]) is gone")
        #expect(try SHA256.hash(fileAt: fields[0]) == fields[1], "\(point): \(fields[0]) changed")
      }
    }
    // No partial file under a final name: every visible file is a whole JPEG.
    for name in sandbox.imageFiles() where !name.hasPrefix(".") {
      #expect(throws: Never.self, "\(point): \(name)") {
        try JPEGInspector.inspect(fileAt: sandbox.imageDir + "/" + name)
      }
    }
  }

  /// The history an uninterrupted update makes.
  static let reference: Result<[String], any Error> = Result {
    let bing = try serve()
    let sandbox = try Sandbox()
    let run = try sandbox.run(["update", "-q"], environment: environment(bing))
    guard run.status == 0 else {
      throw ExternalTool.Failure(arguments: ["update"], status: run.status, standardError: run.stderr)
    }
    return try history(sandbox)
  }

  @Test(arguments: killPoints)
  func aKilledUpdateLeavesAWholeStoreAndTheNextOneConverges(_ point: KillPoint) throws {
    let bing = try Self.serve()
    let sandbox = try Sandbox()
    let environment = Self.environment(bing)
    let killed = try sandbox.run(
      ["update", "-q"], environment: environment,
      under: SyscallKill.wrapper(
        killingAt: point.occurrence, of: [point.call], onPath: point.onImageFolder ? sandbox.imageDir : nil))
    #expect(
      killed.status == SyscallKill.killedStatus, "\(point.testDescription): not killed: \(killed.stderr)")
    try Self.expectWhole(sandbox, point.testDescription)
    if point.onImageFolder {
      // The kill came after the links and before the commit: eight files no row knows, which
      // the next update has to recover.
      let rows = try Self.sql(sandbox, "SELECT count(*) FROM pictures")
      #expect(rows == ["0"], "\(point.testDescription)")
      #expect(sandbox.imageFiles().filter { !$0.hasPrefix(".") }.count == Self.week.count)
    }

    let next = try sandbox.run(["update", "-q"], environment: environment)
    #expect(next.status == 0, "\(point.testDescription): \(next.stderr)")
    try Self.expectWhole(sandbox, point.testDescription)
    let recorded = try Self.sql(sandbox, "SELECT path FROM pictures ORDER BY path")
    let files = sandbox.imageFiles().filter { !$0.hasPrefix(".") }.map { sandbox.imageDir + "/" + $0 }
    #expect(files == recorded, "\(point.testDescription): files no row knows")
    #expect(try Self.history(sandbox) == Self.reference.get(), "\(point.testDescription)")
  }

  // MARK: - import and favorite

  /// The same kill points for `import` of a folder of four pictures (a plain folder, so each
  /// picture is copied into an unnamed file, synced, named, then recorded): the store stays whole,
  /// and importing again ends with each picture once and no file without a row.
  static let importKillPoints: [KillPoint] = [
    .init(call: "openat", occurrence: 40, moment: "reading the source folder"),
    .init(call: "fsync", occurrence: 1, moment: "syncing the first copy"),
    .init(call: "linkat", occurrence: 1, moment: "naming the first picture"),
    .init(
      call: "fsync", occurrence: 1, moment: "between naming the first picture and its commit",
      onImageFolder: true),
    .init(call: "linkat", occurrence: 3, moment: "naming the third picture"),
    .init(
      call: "fsync", occurrence: 4, moment: "between naming the last picture and its commit",
      onImageFolder: true),
  ]

  @Test(arguments: importKillPoints)
  func aKilledImportLeavesAWholeStoreAndTheNextOneConverges(_ point: KillPoint) throws {
    let sandbox = try Sandbox()
    let source = sandbox.folder.file("source")
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    for (index, image) in Self.week.prefix(4).enumerated() {
      let data = try TestJPEG.make(width: 1921, height: 1081, colour: FakeBing.colour(for: image.name))
      try data.write(to: URL(fileURLWithPath: source + "/2026112\(index)-\(image.name)_UHD.jpg"))
    }
    try FileManager.default.createDirectory(atPath: sandbox.imageDir, withIntermediateDirectories: true)
    let killed = try sandbox.run(
      ["import", source, "-q"],
      under: SyscallKill.wrapper(
        killingAt: point.occurrence, of: [point.call], onPath: point.onImageFolder ? sandbox.imageDir : nil))
    #expect(
      killed.status == SyscallKill.killedStatus, "\(point.testDescription): not killed: \(killed.stderr)")
    try Self.expectWhole(sandbox, point.testDescription)

    let again = try sandbox.run(["import", source, "-q"])
    #expect(again.status == 0, "\(point.testDescription): \(again.stderr)")
    try Self.expectWhole(sandbox, point.testDescription)
    let recorded = try Self.sql(sandbox, "SELECT path FROM pictures ORDER BY path")
    let files = sandbox.imageFiles().filter { !$0.hasPrefix(".") }.map { sandbox.imageDir + "/" + $0 }
    #expect(recorded.count == 4, "\(point.testDescription): \(recorded)")
    #expect(files == recorded, "\(point.testDescription): files no row knows")
  }

  /// `favorite` of three pictures killed at its 1st, 3rd, 6th and 9th write to the history's
  /// files (it makes 12): all three marked or none, never some.
  @Test(arguments: [1, 3, 6, 9])
  func aKilledFavoriteMarksAllOrNone(_ occurrence: Int) throws {
    let bing = try Self.serve()
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["update", "-q", "--no-apply"], environment: Self.environment(bing)).status == 0)
    let keys = Self.week.prefix(3).map(\.key)
    let killed = try sandbox.run(
      ["favorite"] + keys, under: SyscallKill.wrapper(killingAt: occurrence, of: ["pwrite64"]))
    #expect(killed.status == SyscallKill.killedStatus, "\(killed.stderr)")
    try Self.expectWhole(sandbox, "favorite, pwrite64 #\(occurrence)")
    let marked = try Self.sql(sandbox, "SELECT count(*) FROM pictures WHERE favorite = 1")
    #expect(marked == ["0"] || marked == ["3"], "\(marked)")
  }
}
