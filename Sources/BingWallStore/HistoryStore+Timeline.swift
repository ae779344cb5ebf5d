import BingWallModel
import BingWallSystem

/// Which way `next` and `previous` step through the days.
package enum TimelineDirection: Sendable, Equatable {
  case newer, older
}

/// A picture's place on the timeline: the pictures that appeared in some markets, in date
/// order (oldest first), banned ones left out.
package struct TimelinePlace: Sendable, Equatable {
  package var pictureID: Int64
  package var date: CalendarDate
  /// 1 for the oldest picture, `count` for the newest.
  package var position: Int
  package var count: Int
}

extension HistoryStore {
  /// Each picture once, on the newest day it appeared in `:markets` (a JSON array), unless
  /// banned; a superseded appearance is not that day's picture. A picture imported with no
  /// market belongs to none that could leave it out, so it is in every timeline.
  private static let timeline = """
    WITH days AS (
      SELECT a.picture_id AS id, max(a.date) AS date
      FROM appearances a JOIN pictures p ON p.id = a.picture_id
      WHERE a.superseded = 0 AND p.banned = 0
        AND (a.market = '' OR a.market IN (SELECT value FROM json_each(:markets)))
      GROUP BY a.picture_id)
    """

  /// The picture one step from picture `from` towards `direction`, and its place; nil at the end.
  /// `from` may be off the timeline (banned, or from another market): the step is then taken from
  /// its newest day. With no `from`, the newest picture on the timeline.
  package func step(
    from: Int64?, towards direction: TimelineDirection, markets: [Market]
  ) throws(StoreError) -> TimelinePlace? {
    let marketList = Self.marketList(markets)
    var bindings: [String: SQLiteValue] = [":markets": marketList]
    let sql: String
    if let from, let day = try day(of: from, markets: marketList) {
      bindings[":date"] = .text(day)
      bindings[":id"] = .integer(from)
      sql =
        direction == .newer
        ? "SELECT id, date FROM days WHERE date > :date OR (date = :date AND id > :id) ORDER BY date, id LIMIT 1"
        : "SELECT id, date FROM days WHERE date < :date OR (date = :date AND id < :id) "
          + "ORDER BY date DESC, id DESC LIMIT 1"
    } else {
      sql = "SELECT id, date FROM days ORDER BY date DESC, id DESC LIMIT 1"
    }
    guard let row = try database.queryOne(Self.timeline + sql, bindings) else { return nil }
    return try place(id: try row.int64("id"), date: try row.date("date"), markets: marketList)
  }

  /// The place of the end of the timeline `direction` points to (the newest or the oldest);
  /// nil when the timeline is empty.
  package func end(towards direction: TimelineDirection, markets: [Market]) throws(StoreError)
    -> TimelinePlace?
  {
    let marketList = Self.marketList(markets)
    let order = direction == .newer ? "date DESC, id DESC" : "date, id"
    guard
      let row = try database.queryOne(
        Self.timeline + "SELECT id, date FROM days ORDER BY \(order) LIMIT 1", [":markets": marketList])
    else { return nil }
    return try place(id: try row.int64("id"), date: try row.date("date"), markets: marketList)
  }

  /// Where picture `id`, on day `date` of the timeline, stands.
  private func place(id: Int64, date: CalendarDate, markets: SQLiteValue) throws(StoreError) -> TimelinePlace
  {
    let row = try database.queryOne(
      Self.timeline + """
        SELECT (SELECT count(*) FROM days WHERE date < :date OR (date = :date AND id <= :id)) AS position,
          (SELECT count(*) FROM days) AS count
        """, [":markets": markets, ":date": SQLiteValue(date), ":id": .integer(id)])
    return TimelinePlace(
      pictureID: id, date: date, position: try row?.int("position") ?? 0, count: try row?.int("count") ?? 0)
  }

  /// `:markets`: the codes as a JSON array, for `json_each`.
  private static func marketList(_ markets: [Market]) -> SQLiteValue {
    .text(JSONOutput.array(markets.map { JSONOutput.string($0.code) }).rendered())
  }

  /// The day picture `id` stands on: its newest in the markets, else its newest anywhere, else the
  /// day it was added; nil when no such picture is stored.
  private func day(of id: Int64, markets: SQLiteValue) throws(StoreError) -> String? {
    try database.queryOne(
      """
      SELECT coalesce(
        (SELECT max(date) FROM appearances WHERE picture_id = :id AND superseded = 0
          AND (market = '' OR market IN (SELECT value FROM json_each(:markets)))),
        (SELECT max(date) FROM appearances WHERE picture_id = :id),
        substr(p.added_at, 1, 10)) AS date
      FROM pictures p WHERE p.id = :id
      """, [":id": .integer(id), ":markets": markets])?.optionalString("date")
  }
}
