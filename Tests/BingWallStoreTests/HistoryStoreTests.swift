import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// The history on a real SQLite file: one picture per key and content, one appearance per
/// market and date, updates in place.
@Suite struct HistoryStoreTests {
  let folder: TemporaryDirectory
  let store: HistoryStore
  let now = Date(timeIntervalSince1970: 1_764_680_000)

  init() throws {
    folder = try TemporaryDirectory()
    store = try HistoryStore(path: folder.file("history.db"))
  }

  func file(_ key: String, sha: String, path: String) -> NewPictureFile {
    NewPictureFile(
      key: key, sha256: sha.asTestSHA256, path: path, resolution: Resolution(stored: "UHD"), width: 3840,
      height: 2160,
      bytes: 4_000_000)
  }

  func appearance(_ market: String, _ date: String, id: String, title: String = "T", credit: String = "C")
    -> Appearance
  {
    Appearance(
      date: CalendarDate(parsing: date)!,
      words: PictureWords(
        title: title, caption: "Caption", credit: credit,
        copyright: "Caption (© \(credit))", copyrightLink: "https://x/"),
      bing: BingListing(
        market: Market(stored: market), servedMarket: Market(stored: market), bingID: id,
        urlbase: "/th?id=\(id)", hsh: "h", wp: true, fullStartDate: instant("\(date)T08:00:00Z")))
  }

  @Test func samePictureInTwoMarketsIsOneFileWithTwoAppearances() throws {
    try store.write {
      let id = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/a.jpg"), at: now)
      #expect(
        try store.record(appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US1"), pictureID: id, at: now))
      let again = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/other.jpg"), at: now)
      #expect(again == id)
      #expect(
        try store.record(appearance("de-DE", "2026-12-01", id: "OHR.Lake_DE-DE2"), pictureID: id, at: now))
    }
    let all = try store.pictures(.init(limit: 0))
    #expect(all.count == 1)
    #expect(all[0].markets == [Market(stored: "de-DE"), Market(stored: "en-US")])
    #expect(all[0].path == "/i/a.jpg")
    #expect(try store.hasPicture(key: "OHR.Lake"))
    #expect(try !store.hasPicture(key: "OHR.Other"))
  }

  /// Another source's appearance has no Bing listing: the row holds Bing's columns empty, as
  /// before, and reads back with none; Bing's own keeps its listing.
  @Test func anotherSourcesAppearanceHasNoBingListing() throws {
    let apod = Appearance(
      source: .apod, date: "2026-12-01",
      words: PictureWords(title: "Comet", caption: "", credit: "NASA", copyright: "", copyrightLink: ""),
      licence: "", licenceLink: "", description: "A comet.")
    #expect(apod.bing == nil && apod.market == nil)
    let bing = appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US1")
    let id = try store.write {
      let id = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/a.jpg"), at: now)
      try store.record(bing, pictureID: id, at: now)
      try store.record(apod, pictureID: id, at: now)
      return id
    }
    let stored = try store.appearances(pictureID: id).map(\.appearance)
    #expect(stored.first { $0.source == .apod }?.bing == nil)
    #expect(stored.first { $0.source == .bing }?.bing == bing.bing)
    let row = try #require(
      try store.database.queryOne(
        "SELECT market, served_market, bing_id, urlbase, hsh, wp, fullstartdate FROM appearances WHERE source = 'apod'"
      ))
    #expect(try row.string("market") == "" && row.optionalString("served_market") == nil)
    #expect(try row.string("bing_id") == "" && row.string("urlbase") == "" && row.string("hsh") == "")
    #expect(try row.bool("wp") && row.string("fullstartdate") == "")
  }

  @Test func aReissuedDateIsUpdatedInPlace() throws {
    try store.write {
      let id = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/a.jpg"), at: now)
      try store.record(
        appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US1", credit: "Wrong"), pictureID: id, at: now)
      let isNew = try store.record(
        appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US9", credit: "Right"), pictureID: id, at: now)
      #expect(!isNew)
    }
    let picture = try #require(try store.pictures(.init()).first)
    #expect(picture.credit == "Right")
    #expect(picture.bingID == "OHR.Lake_EN-US9")
    #expect(try store.pictures(.init(limit: 0)).count == 1)
  }

  @Test func pathsAreUniqueAndARollbackLeavesNothing() throws {
    try store.write { _ = try store.insert(file("OHR.A", sha: "aa", path: "/i/a.jpg"), at: now) }
    #expect(throws: StoreError.self) {
      try store.write { _ = try store.insert(file("OHR.B", sha: "bb", path: "/i/a.jpg"), at: now) }
    }
    struct Boom: Error {}
    #expect(throws: Boom.self) {
      try store.write {
        _ = try store.insert(file("OHR.C", sha: "cc", path: "/i/c.jpg"), at: now)
        throw Boom()
      }
    }
    #expect(try !store.hasPicture(key: "OHR.C"))
    #expect(try store.isPathTaken("/i/a.jpg"))
    #expect(try !store.isPathTaken("/i/c.jpg"))
  }

  @Test func listFiltersAndSelectorsResolve() throws {
    try store.write {
      for (index, day) in ["2026-11-28", "2026-11-29", "2026-11-30"].enumerated() {
        let id = try store.insert(file("OHR.P\(index)", sha: "s\(index)", path: "/i/\(index).jpg"), at: now)
        try store.record(appearance("en-US", day, id: "OHR.P\(index)_EN-US1"), pictureID: id, at: now)
      }
      let other = try store.insert(file("OHR.Jp", sha: "jp", path: "/i/jp.jpg"), at: now)
      try store.record(appearance("ja-JP", "2026-11-30", id: "OHR.Jp_JA-JP1"), pictureID: other, at: now)
    }
    let all = try store.pictures(.init(limit: 0))
    #expect(all.map(\.date) == ["2026-11-30", "2026-11-30", "2026-11-29", "2026-11-28"])
    #expect(try store.pictures(.init(limit: 2)).count == 2)
    #expect(try store.pictures(.init(limit: 0, market: Market(stored: "ja-JP"))).map(\.key) == ["OHR.Jp"])
    #expect(try store.pictures(.init(limit: 0, since: "2026-11-29")).count == 3)
    #expect(try store.pictures(.init(limit: 0, favoritesOnly: true)).isEmpty)

    #expect(try store.resolve(.key("OHR.P1"), market: nil, at: TestClock.start).date == "2026-11-29")
    #expect(
      try store.resolve(PictureSelector(parsing: "P1"), market: nil, at: TestClock.start).key == "OHR.P1")
    #expect(try store.resolve(.latest, market: Market(stored: "en-US"), at: TestClock.start).key == "OHR.P2")
    #expect(
      try store.resolve(PictureSelector(parsing: "2026-11-28"), market: nil, at: TestClock.start).key
        == "OHR.P0")
    #expect(throws: HistoryError.ambiguous(date: "2026-11-30", markets: ["en-US", "ja-JP"])) {
      try store.resolve(PictureSelector(parsing: "2026-11-30"), market: nil, at: TestClock.start)
    }
    #expect(
      try store.resolve(
        PictureSelector(parsing: "2026-11-30"), market: Market(stored: "ja-JP"), at: TestClock.start
      ).key
        == "OHR.Jp")
    let first = try #require(all.last)
    #expect(
      try store.resolve(PictureSelector(parsing: String(first.id)), market: nil, at: TestClock.start) == first
    )
    #expect(throws: HistoryError.notFound(selector: "OHR.Nope", market: nil)) {
      try store.resolve(.key("OHR.Nope"), market: nil, at: TestClock.start)
    }
  }

  @Test func anEmptyHistoryHasNoLatest() throws {
    #expect(throws: HistoryError.empty) { try store.resolve(.latest, market: nil, at: TestClock.start) }
    #expect(try HistoryStore.openExisting(path: folder.file("missing.db")) == nil)
  }

  @Test func selectorsParse() {
    #expect(PictureSelector(parsing: "latest") == .latest)
    #expect(PictureSelector(parsing: "42") == .id(42))
    #expect(PictureSelector(parsing: "2026-02-03") == .date(CalendarDate(year: 2026, month: 2, day: 3)!))
    #expect(PictureSelector(parsing: "OHR.X") == .key("OHR.X"))
    #expect(PictureSelector(parsing: "X") == .key("X"))
    #expect(PictureSelector.storedKey("X") == "OHR.X")
    #expect(PictureSelector.storedKey("OHR.X") == "OHR.X")
  }
}

@Suite struct ImageFolderTests {
  @Test(arguments: [
    ("2026-12-01", "BeaversBend", "UHD", "2026-12-01_BeaversBend_UHD.jpg"),
    ("2026-12-01", "../../etc/passwd", "UHD", "2026-12-01_______etc_passwd_UHD.jpg"),
    ("2026-12-01", "a/b\0c", "1920x1080", "2026-12-01_a_b_c_1920x1080.jpg"),
    ("2026-12-01", "", "UHD", "2026-12-01_picture_UHD.jpg"),
    ("2026-12-01", "ÉtéCafé", "UHD", "2026-12-01__t_Caf__UHD.jpg"),
  ])
  func namesAreOurOwn(_ date: String, _ name: String, _ resolution: String, _ expected: String) {
    let fileName = PictureFileName(
      date: CalendarDate(parsing: date)!, name: name, resolution: Resolution(stored: resolution))
    #expect(fileName.fileName == expected)
  }

  @Test func aPendingFileHasNoNameUntilCommitted() throws {
    let folder = try TemporaryDirectory()
    let images = ImageFolder(path: folder.file("images"))
    try images.ensure()
    let pending = try images.pendingFile()
    _ = "partial".withCString { write(pending.fileDescriptor, $0, 7) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: images.path).isEmpty)
    let path = try pending.commit(as: "a.jpg")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "partial")

    let second = try images.pendingFile()
    #expect(throws: FileError.self) { try second.commit(as: "a.jpg") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "partial")
    second.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: images.path) == ["a.jpg"])
  }
}
