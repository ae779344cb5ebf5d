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
