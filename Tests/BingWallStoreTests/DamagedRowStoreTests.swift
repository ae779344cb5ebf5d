import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// A damaged row on a real SQLite file, in process: the readers skip it and tell it once, a page
/// still fills, doctor's scan finds it by the same rules, and a long text is read in place.
@Suite struct DamagedRowStoreTests {
  let folder: TemporaryDirectory
  let store: HistoryStore
  let now = Date(timeIntervalSince1970: 1_764_680_000)

  init() throws {
    folder = try TemporaryDirectory()
    store = try HistoryStore(path: folder.file("history.db"))
    for (index, name) in ["Lake", "Fox", "Dune"].enumerated() {
      let date = CalendarDate(parsing: "2026-12-0\(3 - index)")!
      try store.write {
        let id = try store.insert(
          NewPictureFile(
            key: "OHR.\(name)", sha256: name.asTestSHA256, path: "/i/\(name).jpg",
            resolution: Resolution(stored: "UHD"), width: 3840, height: 2160, bytes: 1000),
          at: now)
        try store.record(
          Appearance(
            date: date,
            words: PictureWords(title: name, caption: "c", credit: "", copyright: "", copyrightLink: nil),
            bing: BingListing(
              market: Market(stored: "en-US"), servedMarket: nil, bingID: name, urlbase: "", hsh: "",
              wp: true,
              fullStartDate: nil)),
          pictureID: id, at: now)
      }
    }
  }

  @Test func aDamagedPictureIsSkippedToldOnceAndThePageStillFills() throws {
    try store.database.execute("UPDATE pictures SET source = 'Bogus Source' WHERE key = 'OHR.Lake'")
    var told: [DamagedRow] = []
    store.onDamagedRow = { told.append($0) }
    // Lake is the newest: a page of two is Fox and Dune, the walk reading on past it.
    #expect(try store.pictures(.init(limit: 2)).map(\.id.key) == ["OHR.Fox", "OHR.Dune"])
    #expect(try store.pictures(.init(limit: 0, fields: .listed)).map(\.id.key) == ["OHR.Fox", "OHR.Dune"])
    #expect(try store.picture(id: 1) == nil)
    #expect(told.count == 1)
    #expect(told.first?.table == .pictures && told.first?.column == "source" && told.first?.key == "OHR.Lake")
    #expect(told.first?.found == "'Bogus Source'")
    // doctor's scan: the same row, by the same rule.
    let found = try store.damagedRows()
    #expect(found.map(\.column) == ["source"] && found.first?.id == 1)
    #expect(
      try store.repair(for: found[0], now: now)
        == .set(.text("bing", because: "the source its appearances name")))
  }

  /// A fetch memo is named by its source, whatever a hand stored there: a long text, a blob. Each
  /// is found, and `--fix` deletes that very row, so the next doctor is clean.
  @Test func aDamagedFetchMemoIsDeletedByItsOwnKey() throws {
    try store.database.execute(
      """
      INSERT INTO source_fetches (source, fetched_at) VALUES
        ('\(String(repeating: "x", count: 100))', '2026-12-01T08:00:00Z'),
        (x'00ff', '2026-12-01T08:00:00Z'), ('apod', 'soon');
      """)
    let found = try store.damagedRows()
    #expect(found.count == 3, "\(found)")
    #expect(Set(found.map(\.column)) == ["source", "fetched_at"])
    try store.write {
      for damage in found where try store.repair(for: damage, now: now) == .deleteRow {
        try store.deleteRow(of: damage)
      }
    }
    #expect(try store.damagedRows().isEmpty)
    #expect(try store.database.query("SELECT source FROM source_fetches").isEmpty)
  }

  /// What an update asks before it fetches and sets: a hand-made day or apply time never stops
  /// it, and a day after tomorrow is not the market's newest day.
  @Test func theUpdatesQuestionsPassOverADamagedRow() throws {
    let market = Market(stored: "en-US")
    // 2026-12-03, the newest picture's day.
    let today = Date(timeIntervalSince1970: 1_796_300_000)
    #expect(try store.newestDate(market: market, at: today) == CalendarDate(parsing: "2026-12-03"))
    // 'bogus' sorts after every digit; 9999-12-31 is after tomorrow.
    try store.database.execute("UPDATE appearances SET date = 'bogus' WHERE id = 1")
    try store.database.execute("UPDATE appearances SET date = '9999-12-31' WHERE id = 2")
    #expect(try store.newestDate(market: market, at: today) == CalendarDate(parsing: "2026-12-01"))

    #expect(try store.lastApplyTime() == nil)
    try store.database.execute(
      "INSERT INTO applies (picture_id, applied_at, backend, reason) VALUES (3, 'yesterday', 'x', 'apply')")
    var told: [DamagedRow] = []
    store.onDamagedRow = { told.append($0) }
    #expect(try store.lastApplyTime() == nil)
    #expect(told.map(\.column) == ["applied_at"] && told.first?.table == .applies)
  }

  @Test(arguments: [
    ("UPDATE pictures SET bytes = 'many' WHERE id = 2", "bytes"),
    ("UPDATE pictures SET sha256 = 'zz' WHERE id = 2", "sha256"),
    ("UPDATE pictures SET added_at = 'yesterday' WHERE id = 2", "added_at"),
    ("UPDATE appearances SET market = 'en US!' WHERE picture_id = 2", "market"),
    ("UPDATE appearances SET date = '2026-02-31' WHERE picture_id = 2", "date"),
    ("UPDATE appearances SET title = x'00ff' WHERE picture_id = 2", "title"),
  ])
  func eachValueOutOfItsTypeIsOneDamagedRow(_ edit: String, _ column: String) throws {
    try store.database.execute(edit)
    var told: [DamagedRow] = []
    store.onDamagedRow = { told.append($0) }
    #expect(try store.pictures(.init(limit: 0)).map(\.id.key) == ["OHR.Lake", "OHR.Dune"])
    var gallery: [String] = []
    try store.forEachPictureNewestFirst { gallery.append($0.id.key) }
    #expect(gallery == ["OHR.Lake", "OHR.Dune"])
    #expect(told.map(\.column) == [column], "\(told)")
    #expect(try store.damagedRows().map(\.column) == [column])
  }

  @Test func aLongTextIsReadInPlaceAndCutAtWholeCharacters() throws {
    let long = String(repeating: "é", count: 10_000)
    try store.database.run("UPDATE appearances SET description = ? WHERE picture_id = 1", [.text(long)])
    let shown = try #require(try store.picture(id: 1))
    #expect(shown.description == String(repeating: "é", count: StoredText.longLimit))
    #expect(try store.pictures(.init(limit: 1, fields: .listed)).first?.description == "")
    #expect(
      store.database.textPrefix(table: "appearances", column: "description", rowid: 1, bytes: 5) == "éé")
  }
}
