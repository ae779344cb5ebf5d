import BingWallTestSupport
import Foundation

@testable import BingWallStore

/// A history as an older release left it: the schema's migrations up to `version` only, and
/// one Bing picture (`OHR.Lake`, id 1) that appeared in en-US and de-DE on 2026-12-01, for
/// the tests of the migrations that came after.
package enum OldHistory {
  package static func make(at path: String, version: Int) throws {
    let migrations = [
      HistorySchema.version1, HistorySchema.version2, HistorySchema.version3, HistorySchema.version4,
      HistorySchema.version5, HistorySchema.version6, HistorySchema.version7,
    ]
    let old = try SQLiteDatabase(path: path)
    _ = try SQLiteMigrator(Array(migrations.prefix(version))).migrate(old)
    try old.execute(
      """
      INSERT INTO pictures (id, key, sha256, path, resolution, width, height, bytes, added_at)
        VALUES (1, 'OHR.Lake', 'abababababababababababababababababababababababababababababababab', '/p/lake.jpg', 'UHD', 3840, 2160, 10, '2026-12-01T09:00:00Z');
      INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,
        copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)
        VALUES (1, 'en-US', '2026-12-01', 'OHR.Lake_EN-US1000', 'Lake title', 'A lake', 'Someone', 'c', '',
          '/th?id=OHR.Lake_EN-US1000', 'h', 1, '2026-12-01T08:00:00Z', 'now', 'now'),
          (1, 'de-DE', '2026-12-01', 'OHR.Lake_DE-DE1000', 'See', 'Ein See', 'Jemand', 'c', '',
          '/th?id=OHR.Lake_DE-DE1000', 'h', 1, '2026-12-01T08:00:00Z', 'now', 'now');
      """)
    guard try old.userVersion() == version else { throw OldHistoryError() }
  }

  struct OldHistoryError: Error {}
}
