import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// `doctor` inside the test process, on a history of four pictures the scripted Bing delivered
/// (Lake, Fox, Dune, Reef), whose window then moves on to the first three only: what it finds,
/// what `--fix` repairs, and that it never touches the network without `--fix`.
@Suite struct DoctorInProcessTests {
  /// A history of four pictures; Bing now serves only Lake, Fox and Dune.
  static func context(_ extra: [String: String] = [:]) throws -> InProcess {
    let run = try FakeBingRun.context(days: 4)
    for (name, value) in extra { run.environment[name] = value }
    let update = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(update.status == 0, "\(update.stderr)")
    try serveWindow(run, days: 3)
    return run
  }

  static func serveWindow(_ run: InProcess, days: Int) throws {
    let images = Array(FakeBingRun.week.prefix(days))
    let body: [String: Any] = ["market": ["mkt": "en-US"], "images": images.map(\.json)]
    run.http.stub(
      "/HPImageArchive.aspx",
      .ok(Array(try JSONSerialization.data(withJSONObject: body)), type: "application/json"))
  }

  static func bingUnreachable(_ run: InProcess) {
    run.http.stub(
      "/HPImageArchive.aspx",
      .failure(.transport(url: "https://bing.test", code: 6, message: "Could not resolve host")))
  }

  static func store(_ run: InProcess) throws -> HistoryStore {
    try HistoryStore(path: run.paths.databaseFile)
  }

  static func path(_ run: InProcess, _ key: String) throws -> String {
    try #require(try store(run).picture(key: key)).path
  }

  static func images(_ run: InProcess) -> String { run.paths.defaultImageDir }

  static func json(_ result: InProcess.Run) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  static func findings(_ result: InProcess.Run) throws -> [[String: Any]] {
    try #require(try json(result)["findings"] as? [[String: Any]])
  }

  /// Flips one byte in the middle of a file, keeping its size.
  static func flipByte(_ path: String) throws {
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    data[data.count / 2] ^= 0xFF
    try data.write(to: URL(fileURLWithPath: path))
  }

  @Test func aHealthyHistoryIsAllWellAndNothingIsFetched() throws {
    let run = try Self.context()
    let requests = run.http.requests.count
    let result = run.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(
      result.stdout
        == "Checked the config, the database, 4 pictures (SHA-256), the image folder and the backend (none): all well.\n"
    )
    #expect(result.stderr == "")
    #expect(run.http.requests.count == requests)
    let object = try Self.json(run.run(["doctor", "--json"]))
    #expect(object["ok"] as? Bool == true)
    #expect((object["findings"] as? [Any])?.isEmpty == true)
    #expect((object["checked"] as? [String: Any])?["pictures"] as? Int == 4)
  }

  /// A failed last update is a warning with its cause (from the record's fields, as `status` shows
  /// it) and what to do; the exit status stays 0, as for every warning; a later update that succeeds clears it.
  @Test func aFailedLastUpdateIsAWarningUntilAnUpdateSucceeds() throws {
    let run = try Self.context(["TZ": "UTC0"])
    Self.bingUnreachable(run)
    run.clock.set(UTC.at("2026-12-01T10:00:00Z"))
    #expect(run.run(["update", "--no-apply"]).status != 0)
    let summary =
      "Checked the config, the database, 4 pictures (SHA-256), the image folder and the backend (none)"
    let warning =
      "warning: [update] last update: failed at 2026-12-01 10:00: cannot fetch bing.test: Could not "
      + "resolve host; once the cause is mended, 'bingwall update' tries again (the next "
      + "scheduled update does by itself)\n"
    let result = run.run(["doctor"])
    #expect(result.status == 0)
    #expect(result.stdout == warning + summary + ": 1 warning.\n", "\(result.stdout)")
    let object = try Self.json(run.run(["doctor", "--json"]))
    #expect(object["ok"] as? Bool == true)
    #expect(object["warnings"] as? Int == 1)
    let finding = try #require((object["findings"] as? [[String: Any]])?.first)
    #expect(finding["check"] as? String == "update")
    #expect(finding["severity"] as? String == "warning")
    #expect(finding["subject"] as? String == "last update")
    #expect(
      finding["message"] as? String
        == "failed at 2026-12-01 10:00: cannot fetch bing.test: Could not resolve host")
    // -q prints the problems left: a warning is none of them.
    #expect(run.run(["-q", "doctor"]).stdout == "")

    // A second failure in a row says so; a success clears the finding.
    run.clock.set(UTC.at("2026-12-01T11:00:00Z"))
    #expect(run.run(["update", "--no-apply"]).status != 0)
    #expect(
      run.run(["doctor"]).stdout.hasPrefix(
        "warning: [update] last update: failed at 2026-12-01 11:00 (2 updates in a row): cannot fetch "))
    try Self.serveWindow(run, days: 3)
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.run(["doctor"]).stdout == summary + ": all well.\n")
  }

  /// Every kind of damage at once: found (text and JSON), repaired by --fix, gone on the next run.
  @Test func findsEveryProblemAndFixRepairsThem() throws {
    let run = try Self.context()
    let images = Self.images(run)
    let lake = try Self.path(run, "OHR.Lake")
    let fox = try Self.path(run, "OHR.Fox")
    let dune = try Self.path(run, "OHR.Dune")
    let reef = try Self.path(run, "OHR.Reef")
    let store = try Self.store(run)
    try store.recordApply(
      pictureID: try #require(try store.picture(key: "OHR.Lake")).rowID, backend: "none", reason: "apply",
      at: run.clock.now())
    let foxSHA = try #require(try store.picture(key: "OHR.Fox")).sha256
    // Dune's file stays, its row goes: what a crash between naming and recording leaves.
    try store.write { try store.deletePicture(id: try #require(try store.picture(key: "OHR.Dune")).rowID) }
    try FileManager.default.removeItem(atPath: lake)
    try FileManager.default.removeItem(atPath: reef)
    try Self.flipByte(fox)
    try Data("shopping list".utf8).write(to: URL(fileURLWithPath: images + "/notes.txt"))
    try TestJPEG.make(width: 64, height: 48, colour: "#aa2200").write(
      to: URL(fileURLWithPath: images + "/random.jpg"))
    try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: images + "/.bingwall-Ab12Cd.part"))
    let requests = run.http.requests.count

    let found = run.run(["doctor"])
    #expect(found.status == 1)
    #expect(run.http.requests.count == requests, "checking alone makes no request")
    let lines = found.stdout.split(separator: "\n").map(String.init)
    for expected in [
      "problem: [file] OHR.Lake: \(lake) is missing; run 'bingwall doctor --fix'",
      "problem: [file] OHR.Reef: \(reef) is missing",
      "problem: [file] OHR.Fox: \(fox) has changed (its SHA-256 is not the one stored)",
      "problem: [folder] \(images)/notes.txt: is not a picture of the history",
      "problem: [folder] \(images)/random.jpg: is not a picture of the history",
      "problem: [folder] \(dune): is named like a picture but no history row knows it",
      "problem: [folder] \(images)/.bingwall-Ab12Cd.part: is a temporary file",
      "warning: [wallpaper] OHR.Lake: the current wallpaper's file (\(lake)) is missing",
    ] {
      #expect(lines.contains { $0.hasPrefix(expected) }, "\(expected)\n\(found.stdout)")
    }
    #expect(
      lines.last
        == "Checked the config, the database, 3 pictures (SHA-256), the image folder and the backend (none): "
        + "7 problems, 1 warning; 'bingwall doctor --fix' repairs what it can.")

    let findings = try Self.findings(run.run(["doctor", "--json"]))
    #expect(findings.count == 8)
    let pairs = Set(findings.map { "\($0["severity"] ?? "") \($0["check"] ?? "") \($0["subject"] ?? "")" })
    #expect(
      pairs == [
        "problem file OHR.Lake", "problem file OHR.Fox", "problem file OHR.Reef",
        "problem folder \(images)/notes.txt", "problem folder \(images)/random.jpg", "problem folder \(dune)",
        "problem folder \(images)/.bingwall-Ab12Cd.part", "warning wallpaper OHR.Lake",
      ], "\(pairs)")
    let fileFinding = try #require(findings.first { $0["subject"] as? String == "OHR.Fox" })
    #expect(fileFinding["check"] as? String == "file")
    #expect(fileFinding["severity"] as? String == "problem")
    #expect(fileFinding["fixed"] as? Bool == false)
    #expect((fileFinding["message"] as? String)?.contains("has changed") == true)

    let fixed = run.run(["doctor", "--fix"])
    #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
    let fixedLines = fixed.stdout.split(separator: "\n").map(String.init)
    for expected in [
      "fixed: [file] OHR.Lake: \(lake) is missing; downloaded again as \(images)/2026-12-01_Lake_UHD",
      "fixed: [file] OHR.Fox: \(fox) has changed (its SHA-256 is not the one stored); downloaded again as",
      "fixed: [file] OHR.Reef: \(reef) is missing; Bing no longer serves it: forgot OHR.Reef (2026-11-28, Reef title)",
      "fixed: [folder] \(images)/notes.txt: is not a picture of the history; removed",
      "fixed: [folder] \(images)/random.jpg: is not a picture of the history; removed",
      "fixed: [folder] \(dune): is named like a picture but no history row knows it (an update interrupted between naming and recording it); adopted as OHR.Dune",
      "fixed: [folder] \(images)/.bingwall-Ab12Cd.part: is a temporary file left by an update that was killed; removed",
    ] {
      #expect(fixedLines.contains { $0.hasPrefix(expected) }, "\(expected)\n\(fixed.stdout)")
    }
    #expect(fixedLines.last?.hasSuffix("7 problems (7 fixed, 0 left), 1 warning.") == true, "\(fixed.stdout)")

    // What the repairs left on disk and in the history.
    let after = try Self.store(run)
    let newLake = try #require(try after.picture(key: "OHR.Lake"))
    #expect(FileManager.default.fileExists(atPath: newLake.path))
    #expect(try SHA256.hash(fileAt: newLake.path) == newLake.sha256)
    let newFox = try #require(try after.picture(key: "OHR.Fox"))
    #expect(newFox.sha256 == foxSHA)
    #expect(try SHA256.hash(fileAt: newFox.path) == foxSHA)
    // A lost file's name is given again; a damaged file makes way for a new name, then goes.
    #expect(newLake.path == lake)
    #expect(newFox.path == images + "/2026-11-30_Fox_UHD-2.jpg")
    #expect(!FileManager.default.fileExists(atPath: fox))
    let adopted = try #require(try after.picture(key: "OHR.Dune"))
    #expect(adopted.path == dune)
    #expect(adopted.title == "Dune title")
    #expect(adopted.date == "2026-11-29")
    #expect(try after.picture(key: "OHR.Reef") == nil)
    for gone in ["notes.txt", "random.jpg", ".bingwall-Ab12Cd.part"] {
      #expect(!FileManager.default.fileExists(atPath: images + "/" + gone), "\(gone)")
    }

    let again = run.run(["doctor"])
    #expect(again.status == 0, "\(again.stdout)")
    #expect(
      again.stdout.hasSuffix("3 pictures (SHA-256), the image folder and the backend (none): all well.\n"))
  }

  /// No network: everything local is done, the rest is said, and the status stays 1.
  @Test func withoutBingFixDoesWhatIsLocalAndSaysTheRest() throws {
    let run = try Self.context()
    let images = Self.images(run)
    let lake = try Self.path(run, "OHR.Lake")
    let store = try Self.store(run)
    let dune = try Self.path(run, "OHR.Dune")
    try store.write { try store.deletePicture(id: try #require(try store.picture(key: "OHR.Dune")).rowID) }
    try FileManager.default.removeItem(atPath: lake)
    try Data("x".utf8).write(to: URL(fileURLWithPath: images + "/notes.txt"))
    try Data(repeating: 1, count: 10).write(to: URL(fileURLWithPath: images + "/.bingwall-XyZ123.part"))
    Self.bingUnreachable(run)

    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("fixed: [folder] \(images)/notes.txt: is not a picture of the history; removed"))
    #expect(lines.contains { $0.hasPrefix("fixed: [folder] \(images)/.bingwall-XyZ123.part") })
    #expect(
      lines.contains {
        $0.hasPrefix(
          "not fixed: [file] OHR.Lake: \(lake) is missing; cannot tell whether Bing still serves it: en-US: ")
      }, "\(result.stdout)")
    #expect(
      lines.contains {
        $0.hasPrefix("not fixed: [folder] \(dune): ") && $0.contains("cannot check it against Bing's window")
      })
    #expect(lines.last?.hasSuffix("4 problems (2 fixed, 2 left).") == true, "\(result.stdout)")
    // Nothing forgotten, nothing removed, on a guess.
    #expect(try Self.store(run).picture(key: "OHR.Lake") != nil)
    #expect(FileManager.default.fileExists(atPath: dune))

    let quiet = run.run(["doctor", "-q"])
    #expect(quiet.status == 1)
    #expect(quiet.stdout.split(separator: "\n").count == 2, "only the problems left: \(quiet.stdout)")
  }

  /// A file no row knows with a stored picture's bytes needs no network: the lost file of that
  /// picture is pointed to again, a second copy is removed.
  @Test func copiesOfStoredPicturesAreSettledWithoutBing() throws {
    let run = try Self.context()
    let images = Self.images(run)
    let fox = try Self.path(run, "OHR.Fox")
    let lake = try Self.path(run, "OHR.Lake")
    let moved = images + "/2026-11-30_Fox_UHD-3.jpg"
    let copy = images + "/2026-12-01_Lake_UHD-2.jpg"
    try FileManager.default.moveItem(atPath: fox, toPath: moved)
    try FileManager.default.copyItem(atPath: lake, toPath: copy)
    Self.bingUnreachable(run)
    let requests = run.http.requests.count

    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(run.http.requests.count == requests, "settled locally: \(run.http.requests)")
    #expect(result.stdout.contains("fixed: [file] OHR.Fox: \(fox) is missing; found again as \(moved)\n"))
    #expect(result.stdout.contains("; it is OHR.Fox's file; the history points to it again\n"))
    #expect(result.stdout.contains("fixed: [folder] \(copy): "))
    #expect(result.stdout.contains("; removed: a second copy of OHR.Lake\n"))
    #expect(try Self.path(run, "OHR.Fox") == moved)
    #expect(!FileManager.default.fileExists(atPath: copy))
    #expect(FileManager.default.fileExists(atPath: lake))
    #expect(run.run(["doctor"]).status == 0)
  }

  /// A file named like a picture that is not whole is removed, not adopted.
  @Test func aCutShortOrphanIsRemoved() throws {
    let run = try Self.context()
    let dune = try Self.path(run, "OHR.Dune")
    let store = try Self.store(run)
    try store.write { try store.deletePicture(id: try #require(try store.picture(key: "OHR.Dune")).rowID) }
    let data = try Data(contentsOf: URL(fileURLWithPath: dune))
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: dune))

    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("; removed: not a whole JPEG"), "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: dune))
    #expect(try Self.store(run).picture(key: "OHR.Dune") == nil)
  }

  /// What prune deleted stays deleted: a file its interrupted run left (on its pending list) is
  /// removed, and a file of a pruned key is not adopted even while Bing's window lists it.
  @Test func prunedPicturesAreNotAdopted() throws {
    let run = try Self.context()
    try Self.serveWindow(run, days: 4)
    let reef = try Self.path(run, "OHR.Reef")
    let dune = try Self.path(run, "OHR.Dune")
    let saved = try [reef, dune].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    let pruned = run.run(["prune", "--keep", "2", "-q"])
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(!FileManager.default.fileExists(atPath: reef))
    // As if the prune was killed after its rows went: the files and, for Reef, its pending list.
    for (path, data) in zip([reef, dune], saved) { try data.write(to: URL(fileURLWithPath: path)) }
    try Data((reef + "\n").utf8).write(to: URL(fileURLWithPath: run.paths.stateDir + "/prune-pending"))

    let found = run.run(["doctor"])
    #expect(found.status == 1)
    #expect(
      found.stdout.contains(
        "problem: [folder] \(reef): was pruned from the history by a prune interrupted before it removed the file"
      ),
      "\(found.stdout)")
    #expect(found.stdout.contains("problem: [folder] \(dune): is named like a picture"))
    let fixed = run.run(["doctor", "--fix"])
    #expect(fixed.status == 0, "\(fixed.stdout)")
    #expect(fixed.stdout.contains("; removed: prune deleted OHR.Dune from the history\n"), "\(fixed.stdout)")
    #expect(!FileManager.default.fileExists(atPath: reef))
    #expect(!FileManager.default.fileExists(atPath: dune))
    #expect(try Self.store(run).picture(key: "OHR.Dune") == nil)
  }

  /// The image folder named another way (here through a symbolic link) holds the same files:
  /// none of them is taken for a stray, so --fix removes nothing.
  @Test func theImageFolderSpeltAnotherWayHoldsNoStrays() throws {
    let run = try Self.context()
    let link = run.home.path + "/pictures-link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.images(run))
    run.environment["BINGWALL_IMAGE_DIR"] = link
    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.hasSuffix(": all well.\n"), "\(result.stdout)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: Self.images(run)).count == 4)
  }

  /// --quick compares sizes: a changed byte passes, a cut-short file does not.
  @Test func quickComparesSizes() throws {
    let run = try Self.context()
    let fox = try Self.path(run, "OHR.Fox")
    let lake = try Self.path(run, "OHR.Lake")
    try Self.flipByte(fox)
    let data = try Data(contentsOf: URL(fileURLWithPath: lake))
    try data.prefix(100).write(to: URL(fileURLWithPath: lake))
    let result = run.run(["doctor", "--quick"])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains("problem: [file] OHR.Lake: \(lake) is 100 bytes, not the \(data.count) stored"))
    #expect(!result.stdout.contains("OHR.Fox"))
    #expect(result.stdout.contains("4 pictures (sizes)"))
    #expect(run.run(["doctor"]).stdout.contains("problem: [file] OHR.Fox: "))
  }

  /// Damage in the middle of the database: found, reported with what to do, never deleted.
  @Test func aDamagedDatabaseIsReportedAndKept() throws {
    let run = try Self.context()
    let database = run.paths.databaseFile
    // The page of an index in the middle of the file: the file still opens, the check fails.
    let answer = try ExternalTool.run([
      "sqlite3", database,
      "PRAGMA page_size; SELECT rootpage FROM sqlite_schema WHERE name = 'appearances_by_date'",
    ])
    let numbers = String(decoding: answer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
    let pageSize = try #require(numbers.first)
    let page = try #require(numbers.last)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: database))
    let start = (page - 1) * pageSize
    #expect(start > 0 && start + pageSize <= bytes.count)
    // Bytes among the index's last cells: its entries no longer match the table's rows.
    for offset in start + pageSize - 40..<start + pageSize - 30 { bytes[offset] = 0x5A }
    try bytes.write(to: URL(fileURLWithPath: database))

    let result = run.run(["doctor"])
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix("problem: [database] \(database): fails SQLite's integrity_check: "),
      "\(result.stdout)")
    #expect(result.stdout.contains("sqlite3 history.db .recover"))
    let fixed = run.run(["doctor", "--fix", "--json"])
    #expect(fixed.status == 1)
    let finding = try #require(try Self.findings(fixed).first { $0["check"] as? String == "database" })
    #expect(finding["fixed"] as? Bool == false)
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
  }

  @Test func aFileThatIsNotADatabaseIsReportedAndKept() throws {
    let run = try Self.context()
    let database = run.paths.databaseFile
    let junk = Data(String(repeating: "this is not a database\n", count: 300).utf8)
    try junk.write(to: URL(fileURLWithPath: database))
    try? FileManager.default.removeItem(atPath: database + "-wal")
    try? FileManager.default.removeItem(atPath: database + "-shm")

    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("not fixed: [database] \(database): does not open: "), "\(result.stdout)")
    #expect(result.stdout.contains("mv history.db history.db.damaged"))
    #expect(result.stdout.contains("files were not checked against the history"), "\(result.stdout)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == junk)
    #expect(try FileManager.default.contentsOfDirectory(atPath: Self.images(run)).count == 4)
  }

  /// A history from a newer bingwall is not damage: doctor says to upgrade and leaves it alone.
  @Test func aNewerHistoryIsLeftAlone() throws {
    let run = try Self.context()
    let database = run.paths.databaseFile
    _ = try ExternalTool.run(["sqlite3", database, "PRAGMA user_version = 99"])
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        "not fixed: [database] \(database): was written by a newer bingwall (schema 99; this one knows "),
      "\(result.stdout)")
    #expect(result.stdout.contains("upgrade bingwall"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  /// A config that does not load is a finding, not the end of doctor.
  @Test func aBrokenConfigIsAFindingAndTheRestIsChecked() throws {
    let run = try Self.context()
    let config = run.paths.configFile
    try FileManager.default.createDirectory(
      atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data("markets = [\"en-US\"]\nresolution = 5\n".utf8).write(to: URL(fileURLWithPath: config))
    let result = run.run(["doctor"])
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        "problem: [config] \(config):2: 'resolution': expected a string; correct it with 'bingwall config edit'"
      ),
      "\(result.stdout)")
    #expect(result.stdout.contains("4 pictures (SHA-256)"))
    let fixed = run.run(["doctor", "--fix"])
    #expect(fixed.status == 1)
    #expect(fixed.stdout.hasPrefix("not fixed: [config] "))
  }

  /// No desktop here: a warning that names the session, and still exit 0.
  @Test func noUsableBackendIsOnlyAWarning() throws {
    let run = try Self.context()
    run.environment["BINGWALL_BACKEND"] = "auto"
    let result = run.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(
      result.stdout.hasPrefix("warning: [backend] backend auto: no wallpaper can be set here: "),
      "\(result.stdout)")
    // What the session lacks, said once, and the way on.
    let line = try #require(result.stdout.split(separator: "\n").first)
    #expect(line.ranges(of: "DISPLAY").count == 2 && line.count < 250, "\(line)")
    #expect(
      line.hasSuffix("'bingwall backends' says why; without a desktop, 'bingwall config set backend none'"))
    #expect(result.stdout.contains("backend (none usable): 1 warning."))
    // Only the crontab is read, for a display its line may pin.
    #expect(run.processes.calls == [["crontab", "-l"]], "no tool was run: \(run.processes.calls)")
    let object = try Self.json(run.run(["doctor", "--json"]))
    #expect(object["ok"] as? Bool == true)
    #expect(object["warnings"] as? Int == 1)
  }

  @Test func theBackendThatWouldBeSelectedIsNamed() throws {
    let run = try Self.context()
    run.environment["BINGWALL_BACKEND"] = "auto"
    run.environment["DISPLAY"] = ":5"
    run.processes.stub("feh") { _ in .exit(0) }
    let result = run.run(["doctor"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("the backend (feh): all well.\n"), "\(result.stdout)")
    #expect(run.processes.calls == [["crontab", "-l"]])
  }
}

extension DoctorInProcessTests {
  /// A cron line an older bingwall wrote pins the display of its day: a warning with the command
  /// that drops it, and still exit 0 (the runs store the pictures).
  @Test func aCronLineThatPinsADisplayIsAWarning() throws {
    let run = try Self.context()
    run.environment["BINGWALL_BACKEND"] = "none"
    run.processes.stub(["crontab", "-l"]) { _ in
      .exit(0, stdout: "17 * * * * DISPLAY=:987 /usr/bin/bingwall update --quiet # bingwall autostart\n")
    }
    let result = run.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "warning: [autostart] autostart cron: the line pins DISPLAY=:987, which sets nothing once that "
          + "display is gone; run 'bingwall autostart enable --method cron', and each run finds the running "
          + "session"), "\(result.stdout)")
  }

  /// A unit written where systemd was out of reach, and never enabled: a warning with the one
  /// command that turns it on.
  @Test func aUnitWrittenButNotEnabledIsAWarning() throws {
    let run = try Self.context()
    run.environment["BINGWALL_BACKEND"] = "none"
    let folder = run.paths.configHome + "/systemd/user"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AutostartSystemd.unitText(executable: InProcess.executable, sandbox: .basic)
      .write(toFile: folder + "/" + AutostartSystemd.unitName, atomically: true, encoding: .utf8)
    run.processes.stub(["systemctl", "--user"]) { _ in .exit(1, stderr: "Failed to connect to bus\n") }
    run.processes.stub(["crontab", "-l"]) { _ in .exit(1, stderr: "no crontab for me\n") }
    let result = run.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "warning: [autostart] autostart systemd: written, not enabled; run 'bingwall autostart enable "
          + "--method systemd' in your desktop session"), "\(result.stdout)")
  }
}

/// A folder the user chose with `image_dir` may hold pictures of their own: doctor names a file
/// not named like one of bingwall's, and `--fix` never deletes it.
@Suite struct DoctorSharedFolderTests {
  @Test func filesNotNamedLikeOursInAChosenFolderAreLeftAlone() throws {
    let run = try FakeBingRun.context(days: 2)
    let folder = run.home.file("Pictures")
    let config = run.home.file("config.toml")
    try "image_dir = \"\(folder)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
    run.environment["BINGWALL_CONFIG"] = config
    #expect(run.run(["update", "--market", "en-US", "--no-apply", "-q"]).status == 0)
    let holiday = folder + "/holiday.jpg"
    try TestJPEG.make(width: 64, height: 36).write(to: URL(fileURLWithPath: holiday))
    let result = run.run(["doctor", "--fix", "--quick"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "warning: [folder] \(holiday): is not a picture of the history; bingwall leaves it alone in a folder set by image_dir"
      ),
      "\(result.stdout)")
    #expect(FileManager.default.fileExists(atPath: holiday))
  }
}

/// What `--fix` must never do on a guess: forget a whole history whose folder is not there, or
/// delete whole pictures named like ours that Bing's window no longer has.
@Suite struct DoctorCautionTests {
  /// Every file gone at once looks like an unmounted disk, not like lost pictures.
  @Test func anEmptiedImageFolderForgetsNothing() throws {
    let run = try DoctorInProcessTests.context()
    let images = DoctorInProcessTests.images(run)
    let before = try DoctorInProcessTests.store(run).retentionItems().count
    for name in try FileManager.default.contentsOfDirectory(atPath: images) {
      try FileManager.default.removeItem(atPath: images + "/" + name)
    }
    let result = run.run(["doctor", "--fix"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("lost their files at once"), "\(result.stdout)")
    #expect(try DoctorInProcessTests.store(run).retentionItems().count == before)

    try FileManager.default.removeItem(atPath: images)
    let missing = run.run(["doctor", "--fix"])
    #expect(missing.status == 1)
    #expect(
      missing.stdout.contains("is missing (a disk not mounted?): nothing forgotten"), "\(missing.stdout)")
    #expect(try DoctorInProcessTests.store(run).retentionItems().count == before)
  }

  /// A database moved aside, as doctor advises for a damaged one, and a new history started: the
  /// older pictures are whole JPEGs named like ours that no row knows. They are kept.
  @Test func wholePicturesOutsideTheWindowAreKept() throws {
    let run = try DoctorInProcessTests.context()
    let reef = try DoctorInProcessTests.path(run, "OHR.Reef")
    let store = try DoctorInProcessTests.store(run)
    try store.write { try store.deletePicture(id: try #require(try store.picture(key: "OHR.Reef")).rowID) }
    let result = run.run(["doctor", "--fix"])
    #expect(result.stdout.contains("a whole picture Bing's window no longer has: kept"), "\(result.stdout)")
    #expect(FileManager.default.fileExists(atPath: reef))
  }

  /// The screens' pictures' folder: a temporary file left by a kill and a file bingwall never
  /// makes are strays (warnings, so doctor still passes); --fix removes them and keeps the made
  /// pictures.
  @Test func straysInTheScreensFolderAreFoundAndRemoved() throws {
    let run = try DoctorInProcessTests.context()
    let cache = run.paths.cacheDir + "/screens"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let made = "20261201_Lake-0badcafe-2560x1440-crop-dark.jpg"
    for name in [made, ".bingwall-a1B2c3", "notes.txt"] {
      #expect(FileManager.default.createFile(atPath: cache + "/" + name, contents: Data("x".utf8)))
    }
    let found = run.run(["doctor", "--json"])
    #expect(found.status == 0, "\(found.stdout)")
    let screens = try DoctorInProcessTests.findings(found).filter { $0["check"] as? String == "screens" }
    #expect(
      Set(screens.compactMap { $0["subject"] as? String }) == [
        cache + "/.bingwall-a1B2c3", cache + "/notes.txt",
      ])
    #expect(screens.allSatisfy { $0["severity"] as? String == "warning" })

    #expect(run.run(["doctor", "--fix", "-q"]).status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == [made])
  }
}
