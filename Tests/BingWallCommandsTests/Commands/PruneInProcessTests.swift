import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// `prune` and the retention policy inside the test process, on the scripted week: Lake
/// (2026-12-01, the newest), Fox, Dune, Reef, Moor, Fjord, Mesa, Delta (2026-11-24); the clock
/// reads 2026-12-01 09:00 UTC.
@Suite struct PruneInProcessTests {
  static let week = ["Lake", "Fox", "Dune", "Reef", "Moor", "Fjord", "Mesa", "Delta"]

  /// `list --json --limit 0` as (name, path, bytes), newest first.
  static func stored(_ run: InProcess) throws -> [(name: String, path: String, bytes: Int)] {
    let result = run.run(["list", "--json", "--limit", "0"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return array.map {
      (
        String(($0["key"] as? String ?? "").dropFirst(4)), $0["path"] as? String ?? "",
        $0["bytes"] as? Int ?? 0
      )
    }
  }

  static func names(_ run: InProcess) throws -> [String] { try stored(run).map(\.name) }

  /// The image folder's files, sorted.
  static func files(_ run: InProcess) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: run.paths.defaultImageDir).sorted()
  }

  /// Each picture is named once: an APOD key is its date, an imported file's title may be its key.
  @Test func aPictureIsNamedOnce() {
    func item(_ key: String, _ date: CalendarDate, _ title: String) -> RetentionItem {
      RetentionItem(id: 1, key: key, date: date, title: title, path: "/p", bytes: 2048, favorite: false)
    }
    let apod = item("2021-12-06", "2021-12-06", "Comet Leonard")
    var plan = RetentionPlan(items: [], policy: RetentionPolicy(keep: 1), protected: [])
    plan.removed = [apod]
    let report = RetentionText.report(Prune.Report(plan: plan, dryRun: true))
    #expect(report.hasPrefix("Would delete 2021-12-06 (Comet Leonard), "), "\(report)")
    #expect(
      RetentionText.named(item("OHR.Reef", "2026-11-28", "Reef title")) == "2026-11-28 OHR.Reef (Reef title)")
    #expect(RetentionText.named(item("mine", "2026-11-28", "mine")) == "2026-11-28 mine")
    #expect(RetentionText.named(item("2021-12-06", "2021-12-06", "")) == "2021-12-06")
  }

  /// The screens' pictures made of a pruned picture go with it; those of a kept one, and any
  /// file of another form, stay.
  @Test func theScreensPicturesOfAPrunedPictureGoWithIt() throws {
    let run = try FakeBingRun.updated()
    let stored = try Self.stored(run)
    let kept = try #require(stored.first)
    let pruned = try #require(stored.last)
    let cache = run.paths.cacheDir + "/screens"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    func made(_ path: String, _ tail: String) -> String {
      "\(ScreenPictures.stem(of: path))-\(tail)"
    }
    let gone = [
      made(pruned.path, "0badcafe-2560x1440-crop-plain.jpg"),
      made(pruned.path, "12345678-1080x1920-letterbox-dark.jpg"),
      made(pruned.path, "9abcdef0-whole-crop-lock.jpg"),
    ]
    let stay = [
      made(kept.path, "0badcafe-2560x1440-crop-plain.jpg"),
      made(pruned.path, "notahash-2560x1440-crop-plain.jpg"),
      made(pruned.path, "0badcafe-2560x1440-crop-plain.png"),
      made(pruned.path, "0badcafe-2560x1440-crop-bright.jpg"),
      "notes.txt",
    ]
    for name in gone + stay {
      #expect(FileManager.default.createFile(atPath: cache + "/" + name, contents: Data("x".utf8)))
    }

    #expect(run.run(["prune", "--keep", "\(stored.count - 1)", "-q"]).status == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(Set(left) == Set(stay))
  }

  @Test func keepLeavesTheNewestAndDeletesTheRestRowsAndFiles() throws {
    let run = try FakeBingRun.updated()
    let before = try Self.stored(run)
    let result = run.run(["prune", "--keep", "3"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.names(run) == ["Lake", "Fox", "Dune"])
    #expect(try Self.files(run).count == 3)
    for gone in before.dropFirst(3) { #expect(!FileManager.default.fileExists(atPath: gone.path)) }
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 6)
    #expect(lines.first?.hasPrefix("Deleted 2026-11-28 OHR.Reef (Reef title), ") == true, "\(result.stdout)")
    #expect(lines.last?.hasPrefix("Freed ") == true)
    #expect(
      lines.last?.hasSuffix(
        "(5 pictures); 3 stay ("
          + HumanUnits.describe(bytes: Int64(before.prefix(3).map(\.bytes).reduce(0, +))) + ")."
      ) == true, "\(result.stdout)")
  }

  @Test func olderThanDeletesWhatWasLastShownBeforeTheCutoff() throws {
    let run = try FakeBingRun.updated()
    // 2026-12-01 09:00 minus 3 days is 2026-11-28: Reef (11-28) stays, Moor (11-27) goes.
    #expect(run.run(["prune", "--older-than", "3", "-q"]).status == 0)
    #expect(try Self.names(run) == ["Lake", "Fox", "Dune", "Reef"])
  }

  @Test func maxSizeDeletesTheOldestUntilTheRestFit() throws {
    let run = try FakeBingRun.updated()
    let before = try Self.stored(run)
    let limit = before.prefix(3).map(\.bytes).reduce(0, +)
    #expect(run.run(["prune", "--max-size", String(limit), "-q"]).status == 0)
    #expect(try Self.names(run) == ["Lake", "Fox", "Dune"])
    // One byte less and Dune must go too.
    #expect(run.run(["prune", "--max-size", String(limit - 1), "-q"]).status == 0)
    #expect(try Self.names(run) == ["Lake", "Fox"])
  }

  /// A picture goes when any rule says so.
  @Test func policiesCombineAsAUnion() throws {
    let run = try FakeBingRun.updated()
    let before = try Self.stored(run)
    // keep 6 alone would delete Mesa and Delta; 5 days (cutoff 11-26) alone Mesa and Delta too;
    // the size limit of the newest four deletes Moor and Fjord as well.
    let limit = before.prefix(4).map(\.bytes).reduce(0, +)
    let result = run.run(["prune", "--keep", "6", "--older-than", "5", "--max-size", String(limit), "--json"])
    #expect(result.status == 0)
    #expect(try Self.names(run) == ["Lake", "Fox", "Dune", "Reef"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let deleted = try #require(object["deleted"] as? [[String: Any]])
    #expect(
      deleted.compactMap { $0["key"] as? String } == ["OHR.Moor", "OHR.Fjord", "OHR.Mesa", "OHR.Delta"])
    #expect(object["freed_bytes"] as? Int == before.dropFirst(4).map(\.bytes).reduce(0, +))
    #expect(object["kept"] as? Int == 4)
    #expect(object["dry_run"] as? Bool == false)
  }

  @Test func favouritesAndTheCurrentWallpaperSurviveEveryRule() throws {
    let run = try FakeBingRun.updated()
    #expect(run.run(["favorite", "OHR.Delta", "-q"]).status == 0)
    let applied = run.run(["apply", "OHR.Mesa", "-q"])
    #expect(applied.status == 0, "\(applied.stderr)")
    let result = run.run(["prune", "--keep", "1", "--older-than", "1", "--max-size", "1", "-q"])
    #expect(result.status == 0)
    #expect(try Self.names(run) == ["Mesa", "Delta"])
    let said = run.run(["prune", "--max-size", "1"])
    #expect(said.stdout.contains("Favourites and the current wallpaper alone take"), "\(said.stdout)")
  }

  @Test func dryRunListsWhatWouldGoAndChangesNothing() throws {
    let run = try FakeBingRun.updated()
    let before = try Self.stored(run)
    let files = try Self.files(run)
    let result = run.run(["prune", "--keep", "6", "--dry-run"])
    #expect(result.status == 0)
    let freed = HumanUnits.describe(bytes: Int64(before.suffix(2).map(\.bytes).reduce(0, +)))
    #expect(
      result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "," }) } == [
        "Would delete 2026-11-25 OHR.Mesa (Mesa title)", "Would delete 2026-11-24 OHR.Delta (Delta title)",
        "Would free \(freed) (2 pictures); 6 stay ("
          + HumanUnits.describe(bytes: Int64(before.prefix(6).map(\.bytes).reduce(0, +))) + ").",
      ])
    #expect(try Self.stored(run).map(\.name) == before.map(\.name))
    #expect(try Self.files(run) == files)
    let json = run.run(["prune", "--keep", "6", "--dry-run", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["dry_run"] as? Bool == true)
    #expect((object["deleted"] as? [Any])?.count == 2)
  }

  @Test func withoutAPolicyNothingIsDeletedAndItSaysHowToSetOne() throws {
    let run = try FakeBingRun.updated()
    let result = run.run(["prune"])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("No retention policy: give --keep"), "\(result.stderr)")
    #expect(try Self.names(run).count == 8)
  }

  @Test func aBadSizeIsAUsageError() throws {
    let run = try FakeBingRun.updated()
    let result = run.run(["prune", "--max-size", "lots"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--max-size"), "\(result.stderr)")
    #expect(try Self.names(run).count == 8)
  }

  /// The config's [retention] is the default policy, and every update applies it, after which a
  /// pruned picture is not fetched again while Bing still lists it.
  @Test func updateAppliesTheConfiguredPolicyAndDoesNotFetchWhatItPruned() throws {
    let run = try FakeBingRun.updated(configuration: "[retention]\nkeep = 2\n")
    #expect(try Self.names(run) == ["Lake", "Fox"])
    #expect(try Self.files(run).count == 2)
    let requests = run.http.requests.count
    let again = run.run(["update", "--market", "en-US", "--no-apply", "--json"])
    #expect(again.status == 0)
    #expect(run.http.requests.count == requests + 1)  // the archive only
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
    let skipped = try #require(object["skipped"] as? [[String: Any]])
    #expect(
      skipped.filter { ($0["reason"] as? String)?.hasPrefix("deleted by the retention policy") == true }.count
        == 6)
    #expect((object["pruned"] as? [Any])?.count == 0)
    // `prune` with no option reads the same policy.
    #expect(run.run(["prune", "--dry-run"]).stdout.hasPrefix("Nothing to delete; 2 stay"))
  }

  @Test func updateSaysWhatTheRetentionPolicyDeleted() throws {
    let run = try FakeBingRun.context(days: 8)
    let path = run.home.path + "/config.toml"
    try "[retention]\nkeep = 3\n".write(toFile: path, atomically: true, encoding: .utf8)
    run.environment["BINGWALL_CONFIG"] = path
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").last?.hasPrefix("Deleted 5 pictures (") == true, "\(result.stdout)"
    )
    #expect(try Self.names(run) == ["Lake", "Fox", "Dune"])
  }

  /// A prune killed after its rows went leaves files no row knows; the next prune removes exactly
  /// those (never a file a row still names).
  @Test func theNextPruneFinishesAnInterruptedOne() throws {
    let run = try FakeBingRun.updated()
    let store = try HistoryStore(path: run.paths.databaseFile)
    let items = try store.retentionItems()
    let delta = try #require(items.last)
    let mesa = items[items.count - 2]
    let resources = try Resources(context: run.context(), configFile: nil)
    let pruner = Prune(resources: resources)
    try Paths.ensureDirectory(run.paths.stateDir)
    try Data((delta.path + "\n" + mesa.path + "\n").utf8).write(
      to: URL(fileURLWithPath: pruner.pendingListPath))
    try store.deleteRows(of: [delta], at: run.clock.now())  // the kill came before the unlinks

    let result = run.run(["prune", "--keep", "100"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Removed 1 file(s) an interrupted prune left behind."), "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: delta.path))
    #expect(FileManager.default.fileExists(atPath: mesa.path))  // its row was never deleted
    #expect(!FileManager.default.fileExists(atPath: pruner.pendingListPath))
    #expect(try Self.names(run).count == 7)
  }

  /// The daemon's update applies the policy too, and says so in its log.
  @Test func theDaemonAppliesThePolicyAfterItsUpdate() throws {
    let run = try FakeBingRun.context(days: 8)
    let path = run.home.path + "/config.toml"
    try "[retention]\nkeep = 4\n".write(toFile: path, atomically: true, encoding: .utf8)
    run.environment["BINGWALL_CONFIG"] = path
    let log = try run.runDaemonToItsFirstWait()
    #expect(log.contains { $0.contains("Deleted 4 pictures (") }, "\(log)")
    #expect(try Self.names(run) == ["Lake", "Fox", "Dune", "Reef"])
  }
}

/// A size beyond what a 64-bit count holds is a usage error, not a crash.
@Suite struct HugeSizeTests {
  @Test func aSizeTooLargeToCountIsAUsageError() throws {
    let run = try FakeBingRun.context(days: 1)
    let result = run.run(["prune", "--max-size", "99999999999999999999T"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(HumanUnits.bytes(in: "99999999999999999999T") == nil)
    #expect(HumanUnits.bytes(in: "2GB") == 2 << 30)
  }
}
