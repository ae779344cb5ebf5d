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
    // Each group names one of its rows (its first), for the warning when the group is damaged.
    let rows = try database.query(
      """
      SELECT g.*, substr(p.key, 1, 80) AS key FROM (
        SELECT substr(source, 1, 40) AS source, count(DISTINCT picture_id) AS pictures,
          substr(max(first_seen), 1, 40) AS newest, min(id) AS id, min(picture_id) AS picture_id
        FROM appearances GROUP BY source) g
      LEFT JOIN pictures p ON p.id = g.picture_id
      """)
    for row in rows {
      let held = try decoded(row) { (row) throws(StoreError) in
        do throws(StoreError) {
          return (
            try row.source("source"),
            SourceHoldings(
              pictures: try row.int("pictures"), newestArrival: try row.optionalInstant("newest"))
          )
        } catch .typeMismatch(_, _, let column, let expected, let found) {
          throw .damagedRow(
            DamagedRow(
              table: .appearances, id: try row.int64("id"), pictureID: try row.optionalInt64("picture_id"),
              key: try row.optionalString("key") ?? "?", column: column == "newest" ? "first_seen" : column,
              found: found, expected: expected))
        }
      }
      if let (source, holding) = held { holdings[source] = holding }
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
    let rows = try database.query(
      """
      SELECT substr(source, 1, 40) AS source, substr(fetched_at, 1, 40) AS fetched_at,
        substr(newest_day, 1, 11) AS newest_day
      FROM source_fetches
      """)
    for row in rows {
      let fetch = try decoded(row) { (row) throws(StoreError) in
        do throws(StoreError) {
          let day = try row.optionalString("newest_day") == nil ? nil : try row.date("newest_day")
          return (
            try row.source("source"), SourceFetch(fetchedAt: try row.instant("fetched_at"), newestDay: day)
          )
        } catch .typeMismatch(_, _, let column, let expected, let found) {
          var damage = DamagedRow(
            table: .sourceFetches, id: 0, pictureID: nil, key: (try? row.string("source")) ?? "?",
            column: column, found: found, expected: expected)
          damage.fetchKey = try? row.value("source")
          throw .damagedRow(damage)
        }
      }
      if let (source, last) = fetch { fetches[source] = last }
    }
    return fetches
  }
}
