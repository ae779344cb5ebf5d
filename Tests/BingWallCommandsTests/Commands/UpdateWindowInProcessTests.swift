import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// Bing's whole window: the archive's older page (`idx=7`) is asked for on a market's first
/// update and after a gap the recent page (`idx=0`) cannot fill, and never otherwise; the two
/// pages share a day, stored once; the older page failing alone costs a warning, not the update.
@Suite struct UpdateWindowInProcessTests {
  static let week = FakeBing.week()
  static let weekBefore = FakeBing.weekBefore()
  /// The older page as Bing lists it: the recent page's oldest day (Delta, 2026-11-24) first.
  static let olderPage = [week[7]] + weekBefore

  /// A run on 2026-12-01 whose Bing lists `recent` and `older` for en-US, with a UHD JPEG for
  /// each picture of both.
  static func context(recent: [FakeBingImage] = week, older: [FakeBingImage] = olderPage) throws -> InProcess
  {
    let run = try InProcess(
      environment: ["BINGWALL_ENDPOINT": FakeBingRun.endpoint, "BINGWALL_BACKEND": "none"])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    try serve(run, recent: recent, older: older)
    return run
  }

  /// Scripts both pages of the en-US archive and a UHD JPEG for every picture they list.
  static func serve(_ run: InProcess, recent: [FakeBingImage], older: [FakeBingImage]) throws {
    run.http.stub(
      "/HPImageArchive.aspx",
      .ok(Array(try FakeBing.archiveBody(market: "en-US", images: recent).utf8), type: "application/json"))
    run.http.stub(
      "idx=7",
      .ok(Array(try FakeBing.archiveBody(market: "en-US", images: older).utf8), type: "application/json"))
    for image in recent + older {
      let jpeg = try TestJPEG.make(
        width: FakeBing.uhdWidth, height: FakeBing.uhdHeight, colour: FakeBing.colour(for: image.name))
      run.http.stub("id=\(image.bingID)_UHD.jpg", .ok(Array(jpeg), type: "image/jpeg"))
    }
  }

  static func archiveRequests(_ run: InProcess, _ page: ArchivePage) -> Int {
    run.http.requests.filter { $0.contains("/HPImageArchive.aspx?") && $0.contains("&idx=\(page.index)&") }
      .count
  }

  static func store(_ run: InProcess) throws -> HistoryStore {
    try HistoryStore(path: run.paths.databaseFile)
  }

  static func storedKeys(_ run: InProcess) throws -> [String] {
    try store(run).pictures(.init(limit: 0)).map(\.id.key)
  }

  @Test func theFirstUpdateStoresFifteenDaysFromBothPages() throws {
    let run = try Self.context()
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(Self.archiveRequests(run, .recent) == 1)
    #expect(Self.archiveRequests(run, .older) == 1)
    // Newest first, the older page's days after the recent page's.
    #expect(try Self.storedKeys(run) == (Self.week + Self.weekBefore).map(\.key))
    #expect(result.stdout.split(separator: "\n").count == 15)
    #expect(result.stdout.split(separator: "\n").last?.hasPrefix("2026-11-17  en-US  Karst title") == true)
    // The shared day is one picture, downloaded once, with one appearance.
    let delta = try #require(try Self.store(run).picture(key: "OHR.Delta"))
    #expect(
      try Self.store(run).appearances(pictureID: delta.rowID).map(\.appearance.date.description) == [
        "2026-11-24"
      ])
    #expect(run.http.requests.filter { $0.contains("id=\(Self.week[7].bingID)_") }.count == 1)
    #expect(run.http.requests.filter { $0.contains("/th?id=") }.count == 15)
  }

  @Test func theNextDayAsksForTheRecentPageOnly() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--market", "en-US", "--no-apply"]).status == 0)
    run.clock.set(UTC.at("2026-12-02T09:00:00Z"))
    let tomorrow = FakeBingImage(
      name: "Tarn", number: "3000", fullStartDate: "202612020800", title: "Tarn title",
      copyright: "Tarn caption (© Tarn Photographer)")
    try Self.serve(
      run, recent: [tomorrow] + Self.week.prefix(7),
      older: Array(Self.week.suffix(2)) + Self.weekBefore.prefix(6))
    let before = run.http.requests.count
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("2026-12-02  en-US  Tarn title"))
    #expect(Self.archiveRequests(run, .recent) == 2)
    #expect(Self.archiveRequests(run, .older) == 1, "an ordinary update is one request per market")
    // The archive and the new picture, nothing else.
    #expect(run.http.requests.count == before + 2)
  }

  /// The newest stored day, then whether the next update on 2026-12-01 asks for the older page:
  /// only when the day after it is older than the recent page's oldest day (2026-11-24), which
  /// the recent page cannot give.
  @Test(arguments: [
    ("Cove", false),  // 2026-11-23: the recent page reaches back to the day after
    ("Glen", true),  // 2026-11-22: 2026-11-23 is on the older page alone
    ("Butte", true),  // 2026-11-21: a gap of ten days
  ])
  func aGapLongerThanTheRecentPageAsksForTheOlderPage(lastStored: String, asks: Bool) throws {
    // Ten days ago the machine stored one picture (`--days 1` asks for the recent page alone)...
    let then = try #require(Self.weekBefore.firstIndex { $0.name == lastStored })
    let run = try Self.context(recent: Array(Self.weekBefore.dropFirst(then)), older: [])
    let first = run.run(["update", "--market", "en-US", "--no-apply", "--days", "1"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try Self.storedKeys(run) == ["OHR.\(lastStored)"])
    #expect(Self.archiveRequests(run, .older) == 0)
    // ... and was off until today.
    try Self.serve(run, recent: Self.week, older: Self.olderPage)
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.archiveRequests(run, .recent) == 2)
    #expect(Self.archiveRequests(run, .older) == (asks ? 1 : 0))
    let stored = try Self.storedKeys(run)
    #expect(stored.prefix(8) == Self.week.map(\.key)[...])
    #expect(stored.count == (asks ? 15 : 9))
  }

  /// Status 500, or an HTML page with status 200, for the older page: a warning, and the recent
  /// page's eight days stored; the exit status is 0 and the journal has no failure.
  @Test(arguments: [
    ScriptedHTTPClient.Answer.response(status: 500, headers: [:], body: Array("oops".utf8)),
    .ok(Array("<html><head><title>Object moved</title></head></html>".utf8), type: "text/html"),
  ])
  func theOlderPageFailingAloneIsAWarning(answer: ScriptedHTTPClient.Answer) throws {
    let run = try Self.context()
    run.http.stub("idx=7", answer)
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0)
    #expect(try Self.storedKeys(run) == Self.week.map(\.key))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      lines.first?.hasPrefix("bingwall: warning: cannot fetch Bing's en-US pictures of 8 to 14 days ago (")
        == true)
    #expect(lines.first?.hasSuffix("); the newer ones are stored all the same") == true)
    #expect(result.stdout.split(separator: "\n").count == 8)
    let state = StateFile(stateDir: run.paths.stateDir).load()
    #expect(state.consecutiveFailures == 0)
    // On the test clock, which the older page's retries moved on.
    #expect(state.lastUpdateSuccess.map { $0 >= UTC.at("2026-12-01T09:00:00Z") } == true)
  }

  /// When the two pages disagree on the day they share (Bing re-issued it in between), the recent
  /// page's picture stands and the older page's is not downloaded.
  @Test func theRecentPageHasTheLastWordOnTheSharedDay() throws {
    var reissued = Self.week[7]
    reissued.name = "DeltaOld"
    reissued.number = "999"
    let run = try Self.context(older: [reissued] + Self.weekBefore)
    let result = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    let keys = try Self.storedKeys(run)
    #expect(keys.count == 15)
    #expect(keys.contains("OHR.Delta"))
    #expect(!keys.contains("OHR.DeltaOld"))
    #expect(!run.http.requests.contains { $0.contains("id=\(reissued.bingID)_") })
  }

  /// `--days` keeps the newest days of the merged window, all on the recent page: no older page.
  @Test func daysNeverAsksForTheOlderPage() throws {
    let run = try Self.context()
    let result = run.run(["update", "--market", "en-US", "--no-apply", "--days", "8"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.archiveRequests(run, .older) == 0)
    #expect(try Self.storedKeys(run) == Self.week.map(\.key))
  }

  /// Two markets on their first update: each asks for its own older page, once.
  @Test func eachMarketAsksForItsOwnOlderPage() throws {
    let run = try Self.context()
    let result = run.run(["update", "--market", "en-US", "--market", "en-CA", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    let older = run.http.requests.filter { $0.contains("&idx=7&") }
    #expect(older.count == 2)
    #expect(older.contains { $0.contains("mkt=en-US") })
    #expect(older.contains { $0.contains("mkt=en-CA") })
    #expect(try Self.storedKeys(run).count == 15)
  }

  /// doctor judges a lost file by the whole window too: a picture twelve days old, which only the
  /// older page lists, is downloaded again rather than forgotten.
  @Test func doctorDownloadsAgainALostPictureOfTheOlderPage() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--market", "en-US", "--no-apply"]).status == 0)
    let karst = try #require(try Self.store(run).picture(key: "OHR.Karst"))
    try FileManager.default.removeItem(atPath: karst.path)
    let older = Self.archiveRequests(run, .older)
    let fixed = run.run(["doctor", "--fix"])
    #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
    #expect(
      fixed.stdout.contains("fixed: [file] OHR.Karst: \(karst.path) is missing; downloaded again as"),
      "\(fixed.stdout)")
    #expect(Self.archiveRequests(run, .older) == older + 1)
    let again = try #require(try Self.store(run).picture(key: "OHR.Karst"))
    #expect(FileManager.default.fileExists(atPath: again.path))
  }

  /// `-v` tells why the older page was asked for, and its request as every other.
  @Test func verboseTellsTheOlderPageAndWhy() throws {
    let run = try Self.context()
    let result = run.run(["-v", "update", "--market", "en-US", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("archive: no picture of en-US stored yet: asking for the older page too"))
    #expect(
      result.stderr.contains(
        "GET https://bing.test/HPImageArchive.aspx?format=js&idx=7&n=8&mkt=en-US&mbl=1: HTTP 200"),
      "\(result.stderr)")
  }
}
