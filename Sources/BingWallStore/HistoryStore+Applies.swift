import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

extension HistoryStore {
  /// Records that a stored picture became the wallpaper: when, through which backend, and why
  /// (`apply`, `random`, `update`, `rotate`).
  package func recordApply(pictureID: Int64, backend: String, reason: String, at now: Date) throws {
    try write {
      try database.run(
        "INSERT INTO applies (picture_id, applied_at, backend, reason) VALUES (?, ?, ?, ?)",
        [.integer(pictureID), .text(Timestamp.iso8601(now)), .text(backend), .text(reason)])
    }
  }

  /// When any picture was last set (`Timestamp.iso8601`), or nil when none ever was. A damaged
  /// newest row is told once and read as no time, so it never stops an update.
  package func lastApplyTime() throws(StoreError) -> Date? {
    let newest = try database.queryOne(
      """
      SELECT a.id, a.picture_id, substr(a.applied_at, 1, 40) AS applied_at, substr(p.key, 1, 80) AS key
      FROM applies a LEFT JOIN pictures p ON p.id = a.picture_id ORDER BY a.id DESC LIMIT 1
      """)
    guard let newest else { return nil }
    return try decoded(newest) { (row) throws(StoreError) in
      do throws(StoreError) {
        return try row.instant("applied_at")
      } catch .typeMismatch(_, _, let column, let expected, let found) {
        throw .damagedRow(
          DamagedRow(
            table: .applies, id: try row.int64("id"), pictureID: try row.optionalInt64("picture_id"),
            key: try row.optionalString("key") ?? "?", column: column, found: found, expected: expected))
      }
    }
  }

  /// The ids of the pictures applied most recently, newest first, each once.
  package func recentlyApplied(limit: Int) throws(StoreError) -> [Int64] {
    guard limit > 0 else { return [] }
    // The newest rows only, not a GROUP BY over years of rotation.
    let rows = try database.query(
      "SELECT picture_id FROM applies ORDER BY id DESC LIMIT ?", [.integer(Int64(limit * 20))])
    var ids = UniqueElements<Int64>()
    for row in rows where ids.count < limit {
      ids.add(try row.int64("picture_id"))
    }
    return ids.elements
  }

  /// What `random` may pick from.
  package struct RandomQuery: Sendable, Equatable {
    var favoritesOnly = false
    var market: Market?
    /// Pictures to leave out besides the usual ones (e.g. whose file has gone).
    var excluded: Set<Int64> = []

    package init(favoritesOnly: Bool = false, market: Market? = nil, excluded: Set<Int64> = []) {
      self.favoritesOnly = favoritesOnly
      self.market = market
      self.excluded = excluded
    }
  }

  /// A random picture: never banned, never the current wallpaper, and not one of the last
  /// min(10, n/2) applied (n = how many could be picked), so a small history still rotates.
  ///
  /// `generator` makes the pick reproducible (`--seed`).
  func randomPicture<Generator: RandomNumberGenerator>(
    _ query: RandomQuery, using generator: inout Generator
  ) throws -> Picture? {
    let (base, bindings) = Self.pickable(query)
    let recent = try recentlyApplied(limit: 10)
    // n counts the current picture too; only whether it is below 20 matters (then the window is 10).
    let eligible = try count(where: base, bindings, upTo: 20)
    var avoided = Array(recent.prefix(min(10, eligible / 2))) + query.excluded.sorted()
    if let current = recent.first, !avoided.contains(current) { avoided.append(current) }
    var filter = base
    if !avoided.isEmpty {
      filter += " AND id NOT IN (\(avoided.map(String.init).joined(separator: ",")))"
    }
    guard let id = try randomID(where: filter, bindings, using: &generator) else { return nil }
    return try picture(id: id)
  }

  /// The filter on `pictures` that `query` allows, before recent picks are avoided.
  private static func pickable(_ query: RandomQuery) -> (filter: String, bindings: [SQLiteValue]) {
    var conditions = ["banned = 0"]
    var bindings: [SQLiteValue] = []
    if query.favoritesOnly { conditions.append("favorite = 1") }
    if let market = query.market {
      conditions.append(
        "EXISTS (SELECT 1 FROM appearances a WHERE a.picture_id = pictures.id AND a.market = ?)")
      bindings.append(SQLiteValue(market))
    }
    return (conditions.joined(separator: " AND "), bindings)
  }

  /// The one picture `query` allows, when it allows exactly one: `random` then has nothing
  /// else to pick if that one is on screen.
  package func onlyPickable(_ query: RandomQuery) throws(StoreError) -> Int64? {
    let (filter, bindings) = Self.pickable(query)
    let rows = try database.query("SELECT id FROM pictures WHERE \(filter) LIMIT 2", bindings)
    guard rows.count == 1 else { return nil }
    return try rows[0].int64("id")
  }

  /// A uniformly random id among the rows matching `filter`.
  ///
  /// Draws ids between the smallest and the largest and keeps the first that matches: a point
  /// query each, so a large history costs microseconds. After 64 misses (a filter that leaves
  /// few pictures) it counts the matches and takes one by OFFSET, which is also uniform.
  private func randomID<Generator: RandomNumberGenerator>(
    where filter: String, _ bindings: [SQLiteValue], using generator: inout Generator
  ) throws -> Int64? {
    // Two subqueries: SQLite answers a lone min() or max() from the index end, not both at once.
    guard
      let bounds = try database.queryOne(
        "SELECT (SELECT min(id) FROM pictures) AS low, (SELECT max(id) FROM pictures) AS high"),
      let low = try bounds.optionalInt64("low"), let high = try bounds.optionalInt64("high")
    else { return nil }
    let probe = try database.prepare("SELECT 1 FROM pictures WHERE id = ? AND \(filter)")
    for _ in 0..<64 {
      let id = Int64.random(in: low...high, using: &generator)
      probe.reset()
      try probe.bind([.integer(id)] + bindings)
      if try probe.step() { return id }
    }
    let candidates = try count(where: filter, bindings)
    guard candidates > 0 else { return nil }
    let offset = Int.random(in: 0..<candidates, using: &generator)
    let row = try database.queryOne(
      "SELECT id FROM pictures WHERE \(filter) ORDER BY id LIMIT 1 OFFSET ?",
      bindings + [.integer(Int64(offset))])
    return try row?.int64("id")
  }

  /// How many pictures match, counting no further than `limit` when one is given.
  private func count(where filter: String, _ bindings: [SQLiteValue], upTo limit: Int? = nil)
    throws(StoreError)
    -> Int
  {
    let cap = limit.map { " LIMIT \($0)" } ?? ""
    return try database.queryOne(
      "SELECT count(*) AS n FROM (SELECT 1 FROM pictures WHERE \(filter)\(cap))", bindings)?.int("n") ?? 0
  }
}

/// A small seedable generator (SplitMix64), so `random --seed N` picks the same picture again.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension HistoryStore {
  /// `fullstartdate` of a market's newest appearance at `now`: when its next picture is due. A
  /// day after tomorrow (`PlausibleDay`) is no one's newest: it would put the next picture off for
  /// ever. Nil when the market has none, or when the text reads as no instant
  /// (`HistoryColumns.instant`).
  package func newestFullStartDate(market: Market, at now: Date) throws(StoreError) -> Date? {
    try database.queryOne(
      """
      SELECT fullstartdate FROM appearances WHERE market = ? AND source = 'bing' AND date <= ?
      ORDER BY date DESC LIMIT 1
      """,
      [SQLiteValue(market), SQLiteValue(PlausibleDay.latest(at: now))]
    )?.optionalString("fullstartdate").flatMap(HistoryColumns.instant)
  }
}

extension HistoryStore {
  /// A random picture whose file is still there: a lost file is skipped (and reported to the
  /// caller through `missing`) instead of failing the pick.
  package func randomReadablePicture<Generator: RandomNumberGenerator>(
    _ query: RandomQuery, using generator: inout Generator, missing: inout [Picture]
  ) throws -> Picture? {
    var query = query
    for _ in 0..<20 {
      guard let picture = try randomPicture(query, using: &generator) else { return nil }
      if access(picture.path, R_OK) == 0 { return picture }
      missing.append(picture)
      query.excluded.insert(picture.rowID)
    }
    return nil
  }
}
