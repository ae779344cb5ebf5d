import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// `random`'s pick on a real history: never banned, never current, not recently applied.
@Suite struct RandomPictureTests {
  let folder: TemporaryDirectory
  let store: HistoryStore
  let now = Date(timeIntervalSince1970: 1_764_680_000)

  init() throws {
    folder = try TemporaryDirectory()
    store = try HistoryStore(path: folder.file("history.db"))
  }

  /// `count` pictures, one per day, alternating en-US and de-DE.
  @discardableResult
  func seed(_ count: Int) throws -> [Int64] {
    try store.write { () throws -> [Int64] in
      try (0..<count).map { index in
        let key = "OHR.P\(index)"
        let id = try store.insert(
          NewPictureFile(
            key: key, sha256: "s\(index)".asTestSHA256, path: "/i/\(index).jpg",
            resolution: Resolution(stored: "UHD"),
            width: 1, height: 1,
            bytes: 1), at: now)
        let market = index % 2 == 0 ? "en-US" : "de-DE"
        try store.record(
          Appearance(
            // One day after another, each a real one (the 50th is February 19th).
            date: CalendarDate(year: 2026, month: index / 31 + 1, day: index % 31 + 1)!,
            words: PictureWords(
              title: "T", caption: "C", credit: "R", copyright: "C (© R)", copyrightLink: nil),
            bing: BingListing(
              market: Market(stored: market), servedMarket: Market(stored: market), bingID: key + "_X1",
              urlbase: "/th?id=\(key)_X1", hsh: "", wp: true, fullStartDate: instant("2026-01-01T08:00:00Z"))),
          pictureID: id, at: now)
        return id
      }
    }
  }

  func pick(_ query: HistoryStore.RandomQuery = .init(), seed: UInt64) throws -> Picture? {
    var generator = SeededGenerator(seed: seed)
    return try store.randomPicture(query, using: &generator)
  }

  @Test func theSameSeedPicksTheSamePicture() throws {
    try seed(50)
    let picks = try (0..<20).map { try pick(seed: UInt64($0))?.rowID }
    #expect(try (0..<20).map { try pick(seed: UInt64($0))?.rowID } == picks)
    #expect(Set(picks).count > 5)
  }

  @Test func neverBannedNorCurrentNorRecent() throws {
    let ids = try seed(30)
    try store.database.run(
      "UPDATE pictures SET banned = 1 WHERE id IN (?, ?)", [.integer(ids[0]), .integer(ids[1])])
    for id in ids[2..<12] { try store.recordApply(pictureID: id, backend: "none", reason: "test", at: now) }
    let recent = Set(ids[2..<12])
    for seed in 0..<200 {
      let picked = try #require(try pick(seed: UInt64(seed)))
      #expect(!picked.banned)
      #expect(!recent.contains(picked.rowID), "picked recently applied \(picked.rowID)")
    }
  }

  @Test func aSmallHistoryStillRotates() throws {
    let ids = try seed(3)
    // Current is ids[2]; with n = 2 eligible, the window is 1: only the current is avoided.
    try store.recordApply(pictureID: ids[1], backend: "none", reason: "test", at: now)
    try store.recordApply(pictureID: ids[2], backend: "none", reason: "test", at: now)
    let picks = Set(try (0..<50).compactMap { try pick(seed: UInt64($0))?.rowID })
    #expect(picks == [ids[0], ids[1]])
  }

  @Test func filtersByFavouriteAndMarket() throws {
    let ids = try seed(10)
    try store.database.run("UPDATE pictures SET favorite = 1 WHERE id = ?", [.integer(ids[4])])
    #expect(try pick(.init(favoritesOnly: true), seed: 1)?.rowID == ids[4])
    for seed in 0..<30 {
      #expect(
        try pick(.init(market: Market(stored: "de-DE")), seed: UInt64(seed))?.markets == [
          Market(stored: "de-DE")
        ])
    }
  }

  @Test func nothingLeftGivesNil() throws {
    let ids = try seed(1)
    try store.recordApply(pictureID: ids[0], backend: "none", reason: "test", at: now)
    #expect(try pick(seed: 3) == nil)
    #expect(try pick(.init(favoritesOnly: true), seed: 3) == nil)
  }

  @Test func appliesAreCountedOnThePicture() throws {
    let ids = try seed(2)
    try store.recordApply(pictureID: ids[0], backend: "feh", reason: "apply", at: now)
    try store.recordApply(pictureID: ids[0], backend: "feh", reason: "random", at: now.addingTimeInterval(60))
    let picture = try #require(try store.picture(id: ids[0]))
    #expect(picture.appliedCount == 2)
    #expect(picture.lastApplied.map(Timestamp.iso8601) == Timestamp.iso8601(now.addingTimeInterval(60)))
    #expect(try store.recentlyApplied(limit: 5) == [ids[0]])
  }

  @Test func aPictureWhoseFileIsGoneIsSkipped() throws {
    let ids = try seed(4)
    // Only picture 2 has its file; the others point at paths that do not exist.
    let real = folder.file("2.jpg")
    try Data([0xFF]).write(to: URL(fileURLWithPath: real))
    try store.database.run("UPDATE pictures SET path = ? WHERE id = ?", [.text(real), .integer(ids[2])])
    for seed in 0..<10 {
      var generator = SeededGenerator(seed: UInt64(seed))
      var missing: [Picture] = []
      let picked = try store.randomReadablePicture(.init(), using: &generator, missing: &missing)
      #expect(picked?.rowID == ids[2])
      #expect(missing.allSatisfy { $0.rowID != ids[2] })
    }
  }
}
