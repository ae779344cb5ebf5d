import BingWallModel
import BingWallSystem
import FoundationEssentials

extension HistoryStore {
  /// Whether the appearance of `bingID` in `market` has no story yet: `update` fetches Bing's
  /// model for a market only while its newest picture has none, so once a day at most.
  package func lacksStory(market: Market, bingID: String) throws(StoreError) -> Bool {
    try database.queryOne(
      "SELECT 1 FROM stories WHERE market = ? AND bing_id = ?", [SQLiteValue(market), .text(bingID)]) == nil
  }

  /// Stores `story` for the appearance of `bingID` in `market` (its text replacing an older
  /// one's), when the history has that appearance; returns whether it did. A story of a picture
  /// not stored is not kept: it would match nothing.
  @discardableResult
  package func record(
    _ story: PictureStory, market: Market, bingID: String, date: CalendarDate?, at now: Date
  ) throws(StoreError) -> Bool {
    try database.run(
      """
      INSERT INTO stories (market, bing_id, date, headline, description, quick_fact, fetched_at)
      SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
      WHERE EXISTS (SELECT 1 FROM appearances WHERE market = ?1 AND bing_id = ?2)
      ON CONFLICT (market, bing_id) DO UPDATE SET
        date = excluded.date, headline = excluded.headline, description = excluded.description,
        quick_fact = excluded.quick_fact, fetched_at = excluded.fetched_at
      """,
      [
        SQLiteValue(market), .text(bingID), SQLiteValue(date?.description), .text(story.headline),
        .text(story.description),
        .text(story.quickFact), SQLiteValue(instant: now),
      ]) > 0
  }
}
