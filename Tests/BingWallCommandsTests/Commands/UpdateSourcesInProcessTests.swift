import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallStore
@testable import BingWallSystem

/// The other sources beside Bing in one update: NASA APOD's real body (science.nasa.gov's
/// `apod-basic`, whose picture that day was a PNG) stored beside Bing's week, with its source,
/// credit and licence; a source that fails costs its own warning and the exit status, never
/// Bing's pictures; a page where a picture should be is refused; the same bytes from two
/// sources are one picture.
@Suite struct UpdateSourcesInProcessTests {
  static let apodEndpoint = "https://apod.test"
  /// The picture the APOD body names, as the test serves it.
  static let apodPicture = "https://apod.test/pictures/sharpless.png"

  /// A run on 2026-12-01 (US Eastern too) whose Bing lists a week for en-US and whose APOD
  /// answers with the real 2026-10-02 body, its day and picture URL set to the run's.
  static func context(sources: String = "bing,apod") throws -> InProcess {
    let run = try InProcess(
      environment: [
        "BINGWALL_ENDPOINT": FakeBingRun.endpoint, "BINGWALL_BACKEND": "none",
        "BINGWALL_APOD_ENDPOINT": apodEndpoint, "BINGWALL_SOURCES": sources,
      ])
    run.clock.set(UTC.at("2026-12-01T15:00:00Z"))
    try UpdateWindowInProcessTests.serve(
      run, recent: UpdateWindowInProcessTests.week, older: UpdateWindowInProcessTests.olderPage)
    run.http.stub(
      "/wp-json/wp/v2/apod-basic/", .ok(try apodBody(day: "2026-12-01"), type: "application/json"))
    run.http.stub(
      "/pictures/sharpless.png", .ok(TestPNG.make(width: 640, height: 360), type: "image/png"))
    return run
  }

  /// The real body with `date` and `hdurl` replaced, every other field as NASA sent it.
  static func apodBody(day: String, picture: String = apodPicture) throws -> [UInt8] {
    let real = SourceFixtures.apod("apod_2026-10-02-v2.json")
    var object = try #require(try JSONSerialization.jsonObject(with: real) as? [String: Any])
    object["date"] = day
    object["hdurl"] = picture
    return Array(try JSONSerialization.data(withJSONObject: object))
  }

  static func store(_ run: InProcess) throws -> HistoryStore {
    try HistoryStore(path: run.paths.databaseFile)
  }

  /// An https endpoint (a mirror) is no loopback http endpoint: a body of its naming a service on
  /// this machine over plain http is refused, and nothing asks that service.
  @Test func anHTTPSMirrorsBodyCannotSendBingwallToALocalService() throws {
    let run = try Self.context()
    run.http.stub(
      "/wp-json/wp/v2/apod-basic/",
      .ok(
        try Self.apodBody(day: "2026-12-01", picture: "http://127.0.0.1:631/printers.png"),
        type: "application/json"))
    let result = run.run(["update", "--no-apply"])
    #expect(result.stderr.contains("NASA APOD"), "\(result.stderr)")
    #expect(!run.http.requests.contains { $0.contains("127.0.0.1:631") || $0.contains("printers.png") })
    #expect(try Self.store(run).pictures(.init(limit: 0, sources: [.apod])).isEmpty)
  }

  /// A source's picture is fetched as soon as the source answers, not in a round after Bing's
  /// pictures: while another update holds the lock, APOD's picture is already down, and nothing
  /// is stored until the lock is this update's.
  @Test func aSourcesPictureIsFetchedBeforeTheLockIsHeld() throws {
    let run = try Self.context()
    try FileManager.default.createDirectory(atPath: run.paths.stateDir, withIntermediateDirectories: true)
    let other = try #require(try FileLock(path: run.paths.stateFile(.updateLock), wait: false))
    let finished = Locked<Int32?>(nil)
    let stderr = BufferOutput()
    let context = run.context(stderr: stderr)
    let update = Thread {
      let status = BingWall.run(arguments: ["update", "--no-apply"], context: context)
      finished.withLock { $0 = status }
    }
    update.start()
    #expect(eventually { run.http.requests.contains { $0.hasSuffix("/pictures/sharpless.png") } })
    #expect(finished.withLock { $0 } == nil, "the update waits for the lock")
    #expect(!run.http.requests.contains { $0.contains("bing.com/th?id=") || $0.contains("/th?id=") })
    other.release()
    #expect(eventually { finished.withLock { $0 } != nil })
    #expect(finished.withLock { $0 } == 0, "\(stderr.text)")
    #expect(try Self.store(run).pictures(.init(limit: 0, sources: [.apod])).count == 1)
    #expect(try Self.store(run).pictures(.init(limit: 0, sources: [.bing])).count == 15)
    // Fetched once: the ingest under the lock named the file the early download made.
    #expect(run.http.requests.filter { $0.hasSuffix("/pictures/sharpless.png") }.count == 1)
  }

  @Test func apodIsStoredBesideBingWithItsSourceCreditAndLicence() throws {
    let run = try Self.context()
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    let apod = try #require(try Self.store(run).pictures(.init(limit: 0, sources: [.apod])).first)
    #expect(apod.id.source == .apod)
    #expect(apod.id.key == "2026-12-01")
    #expect(apod.title == "The Complete Sharpless Catalog: 313 Nebulas")
    #expect(apod.credit == "Bing Xin")
    #expect(!apod.licence.isEmpty)
    // The PNG is kept as a JPEG of its size, made through the bounded loader.
    #expect((apod.width, apod.height) == (640, 360))
    #expect(apod.path.hasSuffix(".jpg"))
    let head = try Data(contentsOf: URL(fileURLWithPath: apod.path)).prefix(3)
    #expect(Array(head) == [0xFF, 0xD8, 0xFF])
    #expect(try SHA256.hash(fileAt: apod.path) == apod.sha256)
    // Bing's pictures came as they always do.
    #expect(try Self.store(run).pictures(.init(limit: 0, sources: [.bing])).count == 15)
    #expect(result.stdout.contains("2026-12-01  NASA APOD  The Complete Sharpless Catalog"))
    // Named with its source, as list shows it and apply takes it.
    let shown = run.run(["show", "apod:2026-12-01"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("NASA APOD"))
    #expect(shown.stdout.contains("licence: "))
    #expect(shown.stdout.contains("set it: bingwall apply apod:2026-12-01"))
    let missing = run.run(["show", "apod:2026-01-01"])
    #expect(missing.status == ExitCode.failure)
    #expect(
      missing.stderr
        == "bingwall: error: no stored picture matches 'apod:2026-01-01'\n"
        + "bingwall: hint: 'bingwall list --source apod' shows what is stored\n")
    let listed = run.run(["list", "--source", "apod", "--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["source"] as? String } == ["apod"])
  }

  @Test func latestIsTheNewestOfTheSourcesThatAreOn() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    for source in ["bing", "apod"] {
      run.environment["BINGWALL_SOURCES"] = source
      let shown = run.run(["show", "latest", "--json"])
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
      #expect(json["source"] as? String == source, "\(shown.stderr)")
    }
  }

  @Test func aSecondUpdateFetchesNoPictureAgain() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    let pictures = run.http.requests.filter { $0.contains("sharpless.png") }.count
    let again = run.run(["update", "--no-apply"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("Already up to date."))
    #expect(run.http.requests.filter { $0.contains("sharpless.png") }.count == pictures)
  }

  @Test func aSourceThatFailsCostsAWarningAndTheExitStatusNotBingsPictures() throws {
    let run = try Self.context()
    run.http.stub("/wp-json/wp/v2/apod-basic/", .response(status: 503, headers: [:], body: []))
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == ExitCode.temporaryFailure)
    #expect(result.stderr.contains("bingwall: warning: "))
    #expect(result.stderr.contains("APOD"))
    #expect(!result.stderr.contains("bingwall: error: "))
    #expect(try Self.store(run).pictures(.init(limit: 0, sources: [.bing])).count == 15)
    #expect(try Self.store(run).pictures(.init(limit: 0, sources: [.apod])).isEmpty)
  }

  @Test func aPageWhereThePictureShouldBeIsNeverStored() throws {
    let run = try Self.context(sources: "apod")
    run.http.stub("/pictures/sharpless.png", .ok(Array("<html>Not here</html>".utf8), type: "text/html"))
    let result = run.run(["update", "--no-apply", "--json"])
    #expect(result.status == ExitCode.failure)
    #expect(result.stderr.contains("not a picture (Content-Type 'text/html')"))
    #expect(try Self.store(run).pictures(.init(limit: 0)).isEmpty)
    // Bing was not asked: only the configured source was.
    #expect(!run.http.requests.contains { $0.contains("HPImageArchive") })
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let failed = try #require(json["sources_failed"] as? [[String: Any]])
    #expect(failed.map { $0["source"] as? String } == ["apod"])
    #expect(failed.first?["temporary"] as? Bool == false)
  }

  @Test func theSameBytesFromTwoSourcesAreOnePictureWithTwoAppearances() throws {
    let run = try Self.context()
    // APOD's picture that day is byte for byte Bing's Fox.
    let fox = UpdateWindowInProcessTests.week[1]
    run.http.stub(
      "/wp-json/wp/v2/apod-basic/",
      .ok(
        try Self.apodBody(day: "2026-12-01", picture: "https://apod.test/fox.jpg"), type: "application/json"))
    let jpeg = try TestJPEG.make(
      width: FakeBing.uhdWidth, height: FakeBing.uhdHeight, colour: FakeBing.colour(for: fox.name))
    run.http.stub("/fox.jpg", .ok(Array(jpeg), type: "image/jpeg"))
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    let store = try Self.store(run)
    let picture = try #require(try store.picture(key: fox.key))
    #expect(picture.sources == [.bing, .apod])
    #expect(
      try store.appearances(pictureID: picture.rowID).map(\.appearance.source).sorted {
        $0.rawValue < $1.rawValue
      } == [.apod, .bing])
    #expect(try store.pictures(.init(limit: 0)).count == 15)
    #expect(try store.pictures(.init(limit: 0, sources: [.apod])).map(\.id) == [picture.id])
    // Not told as a new picture: it is one more appearance of Bing's Fox.
    #expect(
      result.stdout.split(separator: "\n").filter { $0.contains("\(fox.name) title") }.count == 1,
      "\(result.stdout)")
  }

  @Test func anExportTakesTheSourceAndLicenceToAnotherHistory() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    let folder = try TemporaryDirectory()
    #expect(run.run(["export", folder.path + "/out"]).status == 0)
    let other = try InProcess(environment: ["BINGWALL_BACKEND": "none"])
    let imported = other.run(["import", folder.path + "/out"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let before = try #require(try Self.store(run).pictures(.init(limit: 0, sources: [.apod])).first)
    let after = try #require(try Self.store(other).pictures(.init(limit: 0, sources: [.apod])).first)
    #expect(after.id.source == .apod)
    #expect(after.sources == [.apod])
    #expect(after.licence == before.licence)
    #expect(after.description == before.description)
    #expect(after.sha256 == before.sha256)
    // --source keeps one source's pictures of an export.
    let third = try InProcess(environment: ["BINGWALL_BACKEND": "none"])
    #expect(third.run(["import", folder.path + "/out", "--source", "apod"]).status == 0)
    #expect(try Self.store(third).pictures(.init(limit: 0)).map(\.id.source) == [.apod])
  }

  @Test func sourcesListsEachSourceWhetherItIsOnAndWhatIsStored() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    let result = run.run(["sources", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["name"] as? String } == SourceRegistry.standard.sources.map(\.rawValue))
    #expect(rows.filter { $0["enabled"] as? Bool == true }.map { $0["name"] as? String } == ["bing", "apod"])
    #expect(rows.first { $0["name"] as? String == "apod" }?["pictures"] as? Int == 1)
    #expect(rows.first { $0["name"] as? String == "bing" }?["pictures"] as? Int == 15)
    #expect(
      rows.first { $0["name"] as? String == "apod" }?["last_fetch"] as? String == "2026-12-01T15:00:00Z")
    let text = run.run(["sources"])
    #expect(text.stdout.contains("apod — NASA APOD (on)"))
    #expect(text.stdout.contains("spotlight — Windows Spotlight (off)"))
  }
}

/// Schema version 6: a history made by the release before it keeps every row, each Bing's.
@Suite struct SourceColumnsMigrationTests {
  @Test func aVersion5HistoryBecomesBingsWithNothingLost() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    try OldHistory.make(at: path, version: 5)
    let store = try HistoryStore(path: path)
    let lake = try #require(try store.picture(id: 1))
    #expect(lake.id.source == .bing)
    #expect(lake.sources == [.bing])
    #expect(lake.markets.map(\.code) == ["de-DE", "en-US"])
    let appearances = try store.appearances(pictureID: 1)
    #expect(appearances.map(\.appearance.words.title).sorted() == ["Lake title", "See"])
    #expect(appearances.allSatisfy { $0.appearance.source == .bing && $0.appearance.licence.isEmpty })
    #expect(lake.licence == "")
    #expect(try store.picture(key: "OHR.Lake")?.rowID == 1)
    #expect(try store.pictures(.init(limit: 0, sources: [.bing])).map(\.rowID) == [1])
    #expect(try store.pictures(.init(limit: 0, sources: [.apod])).isEmpty)
    #expect(try store.resolve(.init(parsing: "bing:Lake"), market: nil, at: TestClock.start).rowID == 1)
  }
}

/// Each source at its own time: an update asks a source again only once it has published again
/// (its plug-in's `nextFetch`), unless the person names it; `status` says when each was asked and is next.
@Suite struct SourceScheduleInProcessTests {
  static func apodRequests(_ run: InProcess) -> Int {
    run.http.requests.filter { $0.contains("/wp-json/wp/v2/apod-basic/") }.count
  }

  @Test func apodIsAskedOnceADayAfterItPublishesUnlessNamed() throws {
    let run = try UpdateSourcesInProcessTests.context(sources: "apod")
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(Self.apodRequests(run) == 1)
    // An hour later (cron's next run): APOD has not published again; it is not asked.
    run.clock.set(UTC.at("2026-12-01T16:00:00Z"))
    let later = run.run(["update", "--no-apply"])
    #expect(later.status == 0, "\(later.stderr)")
    #expect(Self.apodRequests(run) == 1)
    // Named, it is asked all the same.
    #expect(run.run(["update", "--no-apply", "--source", "apod"]).status == 0)
    #expect(Self.apodRequests(run) == 2)
    // `status` says when it was asked and when it is next: 00:05 in New York (05:05 UTC).
    run.processes.stub("crontab") { _ in .exit(1, stderr: "no crontab for user\n") }
    let status = run.run(["status", "--json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    let sources = try #require(json["sources"] as? [[String: Any]])
    #expect(sources.map { $0["name"] as? String } == ["apod"])
    #expect(sources.first?["last_fetch"] as? String == "2026-12-01T16:00:00Z")
    #expect(sources.first?["next_fetch"] as? String == "2026-12-02T05:05:00Z")
    #expect(run.run(["status"]).stdout.contains("\napod:"))
    // Past its publication, the next update asks it again.
    run.clock.set(UTC.at("2026-12-02T05:06:00Z"))
    run.http.stub(
      "/wp-json/wp/v2/apod-basic/",
      .ok(try UpdateSourcesInProcessTests.apodBody(day: "2026-12-02"), type: "application/json"))
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(Self.apodRequests(run) == 3)
  }

  @Test func aSourceThatFailedIsAskedAgainAtTheNextUpdate() throws {
    let run = try UpdateSourcesInProcessTests.context(sources: "apod")
    run.http.stub("/wp-json/wp/v2/apod-basic/", .response(status: 503, headers: [:], body: []))
    #expect(run.run(["update", "--no-apply"]).status == ExitCode.temporaryFailure)
    let asked = Self.apodRequests(run)
    run.clock.set(UTC.at("2026-12-01T16:00:00Z"))
    _ = run.run(["update", "--no-apply"])
    #expect(Self.apodRequests(run) > asked)
  }
}

/// Spotlight's portrait file: fetched beside the landscape picture while a screen of the session
/// is taller than wide, and kept as the picture's rendition.
@Suite struct SourcePortraitInProcessTests {
  @Test func spotlightsPortraitFileIsKeptForAScreenOnItsSide() throws {
    let run = try PortraitInProcessTests.context(portrait: true)
    run.environment["BINGWALL_SOURCES"] = "spotlight"
    run.environment["BINGWALL_SPOTLIGHT_ENDPOINT"] = "https://spotlight.test"
    let body = SourceFixtures.spotlight("spotlight_2025-06-02-v4.json")
    run.http.stub("/v4/api/selection", .ok(Array(body), type: "application/json"))
    let batch = try #require(
      (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["batchrsp"] as? [String: Any])
    var served = 0
    for item in try #require(batch["items"] as? [[String: Any]]) {
      let text = try #require(item["item"] as? String)
      let ad = try #require(
        (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["ad"] as? [String: Any])
      for (field, size) in [("landscapeImage", (64, 36)), ("portraitImage", (36, 64))] {
        guard let url = (ad[field] as? [String: Any])?["asset"] as? String else { continue }
        let jpeg = try TestJPEG.make(width: size.0, height: size.1, colour: FakeBing.colour(for: url))
        run.http.stub(url, .ok(Array(jpeg), type: "image/jpeg"))
        served += 1
      }
    }
    #expect(served >= 2)
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    let store = try HistoryStore(path: run.paths.databaseFile)
    let pictures = try store.pictures(.init(limit: 0, sources: [.spotlight]))
    #expect(!pictures.isEmpty)
    let portraits = try store.portraits(of: pictures.map(\.rowID))
    #expect(portraits.count == pictures.count, "\(result.stdout)\(result.stderr)")
    for path in portraits.values {
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 0)
    }
    // Said under -v only (PortraitInProcessTests).
    #expect(!result.stdout.contains("portrait file of "))
  }
}
