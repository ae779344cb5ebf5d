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
        copyright: "Caption (© \(credit))", copyrightLink: RemoteURL(link: "https://x/")),
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
      words: PictureWords(title: "Comet", caption: "", credit: "NASA", copyright: "", copyrightLink: nil),
      licence: "", licenceLink: nil, description: "A comet.")
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

  /// A picture whose appearance Bing listed carries that listing; another source's carries none,
  /// and `--json` tells both as it always did: an empty market and id, no served market.
  @Test func aPictureCarriesBingsListingOnlyWhenBingListedIt() throws {
    try store.write {
      let lake = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/a.jpg"), at: now)
      var shown = appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US1")
      shown.bing?.servedMarket = Market(stored: "ROW")
      try store.record(shown, pictureID: lake, at: now)
      var comet = file("2026-12-02", sha: "bb", path: "/i/b.jpg")
      comet.source = .apod
      let apod = try store.insert(comet, at: now)
      let words = PictureWords(title: "Comet", caption: "", credit: "NASA", copyright: "", copyrightLink: nil)
      try store.record(
        Appearance(
          source: .apod, date: "2026-12-02", words: words, licence: "Public domain",
          licenceLink: RemoteURL(link: "https://creativecommons.org/publicdomain/mark/1.0/"),
          description: "A comet."),
        pictureID: apod, at: now)
    }
    let pictures = try store.pictures(.init(limit: 0))
    let lake = try #require(pictures.first { $0.id == .bing("OHR.Lake") })
    let comet = try #require(pictures.first { $0.id.source == .apod })
    #expect(
      lake.bing
        == Picture.Listing(
          market: Market(stored: "en-US"), servedMarket: Market(stored: "ROW"), bingID: "OHR.Lake_EN-US1"))
    #expect(comet.bing == nil && comet.market == nil)
    func listed(_ picture: Picture) -> String {
      guard case .object(let members) = picture.json else { return "" }
      let names = ["market", "copyright_link", "bing_id", "served_market", "licence_link"]
      return JSONOutput.object(members.filter { names.contains($0.0) }).rendered()
    }
    #expect(
      listed(lake) == """
        {
          "market": "en-US",
          "copyright_link": "https://x/",
          "bing_id": "OHR.Lake_EN-US1",
          "served_market": "ROW",
          "licence_link": ""
        }
        """)
    #expect(
      listed(comet) == """
        {
          "market": "",
          "copyright_link": "",
          "bing_id": "",
          "served_market": null,
          "licence_link": "https://creativecommons.org/publicdomain/mark/1.0/"
        }
        """)
  }

  /// A link is a `RemoteURL` from the wire to the row. A history written before may hold a text
  /// that is none (a relative path, `javascript:`): it reads as no link, and the file keeps it.
  @Test func aStoredLinkThatIsNoURLReadsAsNoneAndStaysInTheFile() throws {
    let id = try store.write {
      let id = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/a.jpg"), at: now)
      try store.record(appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US1"), pictureID: id, at: now)
      return id
    }
    #expect(try store.pictures(.init(limit: 0)).first?.copyrightLink?.text == "https://x/")
    for old in ["/search?q=Lake&form=hpcapt", "javascript:void(0)", "http://www.bing.com/search?q=Lake"] {
      try store.database.run(
        "UPDATE appearances SET copyright_link = ?, licence_link = ? WHERE picture_id = ?",
        [.text(old), .text(old), .integer(id)])
      let picture = try #require(try store.pictures(.init(limit: 0)).first)
      #expect(picture.copyrightLink == nil && picture.licenceLink == nil, "\(old)")
      let appearance = try #require(try store.appearances(pictureID: id).first?.appearance)
      #expect(appearance.words.copyrightLink == nil && appearance.licenceLink == nil, "\(old)")
      let row = try #require(
        try store.database.queryOne(
          "SELECT copyright_link, licence_link FROM appearances WHERE picture_id = ?", [.integer(id)]))
      #expect(try row.string("copyright_link") == old && row.string("licence_link") == old)
    }
  }

  /// The start of a market's newest picture, as the schedule reads it: ISO 8601, or Bing's own
  /// `yyyyMMddHHmm` that histories written before 2026 kept; a text that is neither reads as
  /// none, which makes the market due rather than never due.
  @Test func theNewestStartReadsEitherSpellingAndNothingElse() throws {
    let id = try store.write {
      let id = try store.insert(file("OHR.Lake", sha: "aa", path: "/i/a.jpg"), at: now)
      try store.record(appearance("en-US", "2026-12-01", id: "OHR.Lake_EN-US1"), pictureID: id, at: now)
      return id
    }
    let enUS = Market(stored: "en-US")
    // A day of 2026 is not yet the newest at `now`, in 2025 (`PlausibleDay`).
    let later = try #require(instant("2026-12-02T12:00:00Z"))
    #expect(try store.newestFullStartDate(market: enUS, at: later) == instant("2026-12-01T08:00:00Z"))
    #expect(try store.newestFullStartDate(market: Market(stored: "ja-JP"), at: later) == nil)
    for (stored, read) in [("202612010800", instant("2026-12-01T08:00:00Z")), ("tomorrow", nil), ("", nil)] {
      try store.database.run(
        "UPDATE appearances SET fullstartdate = ? WHERE picture_id = ?", [.text(stored), .integer(id)])
      #expect(try store.newestFullStartDate(market: enUS, at: later) == read, "\(stored)")
    }
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
    #expect(picture.bing?.bingID == "OHR.Lake_EN-US9")
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
    #expect(try store.pictures(.init(limit: 0, market: Market(stored: "ja-JP"))).map(\.id.key) == ["OHR.Jp"])
    #expect(try store.pictures(.init(limit: 0, since: "2026-11-29")).count == 3)
    #expect(try store.pictures(.init(limit: 0, favoritesOnly: true)).isEmpty)
    // What `list` says it left out counts what the same filter lists, joined to the pictures or not.
    try store.write { try store.setMark(.favorite, to: true, pictureIDs: [all[2].rowID]) }
    let queries: [HistoryStore.Query] = [
      .init(limit: 0), .init(limit: 0, market: Market(stored: "ja-JP")), .init(limit: 0, since: "2026-11-29"),
      .init(limit: 0, favoritesOnly: true), .init(limit: 0, bannedOnly: true),
    ]
    #expect(try queries.map { try store.pictureCount($0) } == [4, 1, 3, 1, 0])
    #expect(try queries.map { try store.pictureCount($0) } == queries.map { try store.pictures($0).count })

    #expect(try store.resolve(.key("OHR.P1"), market: nil, at: TestClock.start).date == "2026-11-29")
    #expect(
      try store.resolve(PictureSelector(parsing: "P1"), market: nil, at: TestClock.start).id.key == "OHR.P1")
    #expect(
      try store.resolve(.latest, market: Market(stored: "en-US"), at: TestClock.start).id.key == "OHR.P2")
    #expect(
      try store.resolve(PictureSelector(parsing: "2026-11-28"), market: nil, at: TestClock.start).id.key
        == "OHR.P0")
    #expect(
      throws: HistoryError.ambiguous(
        date: "2026-11-30", markets: [Market(stored: "en-US"), Market(stored: "ja-JP")])
    ) {
      try store.resolve(PictureSelector(parsing: "2026-11-30"), market: nil, at: TestClock.start)
    }
    #expect(
      try store.resolve(
        PictureSelector(parsing: "2026-11-30"), market: Market(stored: "ja-JP"), at: TestClock.start
      ).id.key
        == "OHR.Jp")
    let first = try #require(all.last)
    #expect(
      try store.resolve(PictureSelector(parsing: String(first.rowID)), market: nil, at: TestClock.start)
        == first
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
