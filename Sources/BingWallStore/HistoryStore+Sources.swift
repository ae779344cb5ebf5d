import BingWallModel
import BingWallSystem
import FoundationEssentials

/// What the history holds of one source: `bingwall sources`.
package struct SourceHoldings: Sendable, Equatable {
  /// Pictures that source showed.
  package var pictures: Int
  /// When the newest of them arrived; nil when none has.
  package var newestArrival: Date?
}

extension HistoryStore {
  /// Each source's pictures and newest arrival, from its appearances.
  package func holdings() throws(StoreError) -> [Source: SourceHoldings] {
    var holdings: [Source: SourceHoldings] = [:]
    let rows = try database.query(
      """
      SELECT source, count(DISTINCT picture_id) AS pictures, max(first_seen) AS newest
      FROM appearances GROUP BY source
      """)
    for row in rows {
      holdings[try row.source("source")] = SourceHoldings(
        pictures: try row.int("pictures"), newestArrival: try row.optionalInstant("newest"))
    }
    return holdings
  }
}

/// A source's last successful fetch (see `HistorySchema.version7`).
package struct SourceFetch: Sendable, Equatable {
  package var fetchedAt: Date
  /// The newest day its answer had a picture of; nil when it had none (a video day).
  package var newestDay: CalendarDate?

  package init(fetchedAt: Date, newestDay: CalendarDate?) {
    self.fetchedAt = fetchedAt
    self.newestDay = newestDay
  }
}

extension HistoryStore {
  /// Records that `source` answered at `fetch.fetchedAt`. Call inside `write`.
  package func record(_ fetch: SourceFetch, of source: Source) throws(StoreError) {
    try database.run(
      """
      INSERT INTO source_fetches (source, fetched_at, newest_day) VALUES (?, ?, ?)
      ON CONFLICT (source) DO UPDATE SET fetched_at = excluded.fetched_at, newest_day = excluded.newest_day
      """,
      [SQLiteValue(source), SQLiteValue(instant: fetch.fetchedAt), SQLiteValue(fetch.newestDay?.description)])
  }

  /// Every source's last successful fetch.
  package func fetches() throws(StoreError) -> [Source: SourceFetch] {
    var fetches: [Source: SourceFetch] = [:]
    for row in try database.query("SELECT source, fetched_at, newest_day FROM source_fetches") {
      let day = try row.optionalString("newest_day").flatMap(HistoryColumns.date)
      fetches[try row.source("source")] = SourceFetch(
        fetchedAt: try row.instant("fetched_at"), newestDay: day)
    }
    return fetches
  }
}
