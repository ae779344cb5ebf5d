import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore

/// The portrait rendition's rows (schema version 4): a history of version 3 takes the table, a
/// row either names a file with its hash or says Bing has none, and it goes with its picture.
@Suite struct RenditionsStoreTests {
  static func history(in folder: TemporaryDirectory) throws -> String {
    let path = folder.file("history.db")
    let old = try SQLiteDatabase(path: path)
    _ = try SQLiteMigrator([HistorySchema.version1, HistorySchema.version2, HistorySchema.version3]).migrate(
      old)
    try old.execute(
      """
      INSERT INTO pictures (id, key, sha256, path, resolution, width, height, bytes, added_at)
        VALUES (1, 'OHR.Lake', 'abababababababababababababababababababababababababababababababab', '/p/lake.jpg', 'UHD', 3840, 2160, 10, '2026-12-01T09:00:00Z'),
               (2, 'OHR.Fox', 'cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd', '/p/fox.jpg', 'UHD', 3840, 2160, 10, '2026-12-01T09:00:00Z');
      """)
    #expect(try old.userVersion() == 3)
    return path
  }

  static let now = Date(timeIntervalSince1970: 1_796_000_000)

  @Test func aVersion3HistoryGainsRenditionsAndTheyGoWithTheirPicture() throws {
    let folder = try TemporaryDirectory()
    let store = try HistoryStore(path: try Self.history(in: folder))
    let portrait = NewPictureFile(
      key: "OHR.Lake", sha256: "ef".asTestSHA256, path: "/p/lake_1080x1920.jpg",
      resolution: Resolution(stored: "1080x1920"), width: 1080,
      height: 1920, bytes: 20)
    try store.write {
      try store.recordPortrait(pictureID: 1, file: portrait, at: Self.now)
      try store.recordNoPortrait(pictureID: 2, at: Self.now)
      // "None" never overwrites a file recorded.
      try store.recordNoPortrait(pictureID: 1, at: Self.now)
    }
    #expect(try store.portraits(of: [1, 2, 3]) == [1: "/p/lake_1080x1920.jpg"])
    #expect(try store.portraitsAsked(of: [1, 2, 3]) == [1, 2])
    #expect(try store.isPathTaken("/p/lake_1080x1920.jpg"))
    #expect(try store.storedRenditions().map(\.key) == ["OHR.Lake"])

    try store.write { try store.deletePicture(id: 1) }
    #expect(try store.portraitsAsked(of: [1, 2]) == [2])
    #expect(try !store.isPathTaken("/p/lake_1080x1920.jpg"))
    try store.forgetPortrait(pictureID: 2)
    #expect(try store.portraitsAsked(of: [2]).isEmpty)
  }

  /// A row with a file but no hash (or the reverse) is refused by the schema itself.
  @Test func aFileWithoutItsHashIsRefused() throws {
    let folder = try TemporaryDirectory()
    let store = try HistoryStore(path: try Self.history(in: folder))
    #expect(throws: StoreError.self) {
      try store.database.execute(
        "INSERT INTO renditions (picture_id, kind, path, added_at) VALUES (1, 'portrait', '/p/x.jpg', 'now')")
    }
    #expect(throws: StoreError.self) {
      try store.database.execute(
        "INSERT INTO renditions (picture_id, kind, added_at) VALUES (1, 'square', 'now')")
    }
  }
}
