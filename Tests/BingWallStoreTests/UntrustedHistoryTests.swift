import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// A history another user controls, opened as `greeter set`'s reader opens it: read-only, no
/// symbolic link, no trusted schema, and no value over 1 MB.
@Suite struct UntrustedHistoryTests {
  let folder: TemporaryDirectory
  let path: String
  let now = Date(timeIntervalSince1970: 1_764_680_000)

  init() throws {
    folder = try TemporaryDirectory()
    path = folder.file("history.db")
    try Self.record(title: "Lake", at: path, now: now)
  }

  static func record(title: String, at path: String, now: Date) throws {
    let store = try HistoryStore(path: path)
    try store.write {
      let id = try store.insert(
        NewPictureFile(
          key: "OHR.Lake", sha256: "aa".asTestSHA256, path: "/i/a.jpg", resolution: Resolution(stored: "UHD"),
          width: 3840,
          height: 2160,
          bytes: 4_000_000), at: now)
      try store.record(
        Appearance(
          date: "2026-12-01",
          words: PictureWords(
            title: title, caption: "Caption", credit: "C", copyright: "Caption (© C)",
            copyrightLink: RemoteURL(link: "https://x/")),
          bing: BingListing(
            market: Market(stored: "en-US"), servedMarket: Market(stored: "en-US"), bingID: "OHR.Lake_EN-US1",
            urlbase: "/th?id=OHR.Lake", hsh: "h", wp: true, fullStartDate: instant("2026-12-01T08:00:00Z"))),
        pictureID: id, at: now)
    }
  }

  @Test func itReadsButNeverWrites() throws {
    let store = try HistoryStore.openUntrusted(path: path)
    #expect(try store.resolve(.latest, market: nil, at: TestClock.start).title == "Lake")
    #expect(try store.database.queryOne("PRAGMA trusted_schema")?.int(0) == 0)
    #expect(throws: StoreError.self) { try store.database.execute("DELETE FROM appearances") }
  }

  @Test func aLinkToAHistoryIsRefused() throws {
    try FileManager.default.createSymbolicLink(atPath: folder.file("link.db"), withDestinationPath: path)
    #expect(throws: StoreError.self) { try HistoryStore.openUntrusted(path: folder.file("link.db")) }
  }

  @Test func aValueOverOneMegabyteIsAnErrorNotARead() throws {
    try FileManager.default.removeItem(atPath: path)
    try Self.record(title: String(repeating: "x", count: 2 << 20), at: path, now: now)
    let store = try HistoryStore.openUntrusted(path: path)
    #expect {
      try store.resolve(.latest, market: nil, at: TestClock.start)
    } throws: { error in
      "\(error)".contains("string or blob too big")
    }
  }
}
