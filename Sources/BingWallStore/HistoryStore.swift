import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// The picture history: what `update` records and `list`, `show`, `apply` read.
///
/// One connection per process; writes go through `write`, a `BEGIN IMMEDIATE` transaction, so
/// two processes queue on the busy timeout instead of failing with "database is locked".
package final class HistoryStore {
  let database: SQLiteDatabase
  package let path: String
  /// Told about each damaged row a reader skips (see `decoded`), once per row: the command's
  /// warning. Nothing by default (a completion, doctor, which lists them itself).
  package var onDamagedRow: (DamagedRow) -> Void = { _ in }
  /// The rows told already, as `table id picture`.
  private var toldDamage: Set<String> = []

  /// Opens (creating when missing) and migrates the database at `path`; its folder must exist.
  /// `readOnlyMedia` opens it immutable and unmigrated, for reading a history in a folder that
  /// cannot be written (see `openExisting`).
  package init(path: String, readOnlyMedia: Bool = false) throws(StoreError) {
    self.path = path
    try HistorySchema.migrator.checkHeader(ofFileAt: path)
    database = try SQLiteDatabase(path: path, immutable: readOnlyMedia)
    if readOnlyMedia {
      let version = try database.userVersion()
      guard version == HistorySchema.migrator.latestVersion else {
        throw StoreError.readOnlyNeedsUpgrade(
          path: path, found: version, known: HistorySchema.migrator.latestVersion)
      }
    } else {
      try HistorySchema.migrator.migrate(database)
    }
  }

  /// Opens an existing history, or nil when there is none yet (nothing fetched). In a folder that
  /// cannot be written (read-only media, a read-only mount) it is opened read-only, so `list`,
  /// `show` and `status` still work; a command that writes then fails with SQLite's "readonly".
  package static func openExisting(path: String) throws(StoreError) -> HistoryStore? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let folder = Paths.parent(of: path)
    return try HistoryStore(path: path, readOnlyMedia: access(folder.isEmpty ? "." : folder, W_OK) != 0)
  }

  /// Opens, read-only and unmigrated, a history another user controls, for a process that runs as
  /// that user (`SQLiteDatabase`'s `untrusted`: no symbolic link, defensive, no trusted schema,
  /// bounded values). Immutable when its folder cannot be written, as `openExisting`; otherwise
  /// SQLite may make the `-wal` and `-shm` files a WAL database needs, as her own reads do.
  package static func openUntrusted(path: String) throws(StoreError) -> HistoryStore {
    let folder = Paths.parent(of: path)
    let immutable = access(folder.isEmpty ? "." : folder, W_OK) != 0
    let database = try SQLiteDatabase(path: path, immutable: immutable, untrusted: true)
    let version = try database.userVersion()
    let known = HistorySchema.migrator.latestVersion
    if version > known { throw StoreError.newerSchema(path: path, found: version, known: known) }
    if version < known { throw StoreError.needsUpgrade(path: path, found: version, known: known) }
    return HistoryStore(path: path, database: database)
  }

  private init(path: String, database: SQLiteDatabase) {
    self.path = path
    self.database = database
  }

  /// Runs `body` in one write transaction: all of it lands, or none of it.
  @discardableResult
  package func write<T>(_ body: () throws -> T) throws -> T {
    try database.transaction(body)
  }

  // MARK: - What is stored

  /// True when some file of this picture is stored: `update` then records only the appearance.
  package func hasPicture(key: String) throws(StoreError) -> Bool {
    try database.queryOne("SELECT 1 FROM pictures WHERE key = ? LIMIT 1", [.text(key)]) != nil
  }

  /// The picture with this exact content, if stored (a placeholder served for another key shows
  /// here; so does the same photograph sent by another source).
  package func picture(sha256: String) throws(StoreError) -> (id: Int64, pictureID: PictureID, path: String)?
  {
    guard
      let row = try database.queryOne(
        """
        SELECT id, substr(source, 1, 40) AS source, substr(key, 1, \(HistoryColumns.longestKey + 1)) AS key,
          substr(path, 1, \(HistoryColumns.longestPath + 1)) AS path
        FROM pictures WHERE sha256 = ? ORDER BY id LIMIT 1
        """, [.text(sha256)])
    else { return nil }
    return try decoded(row) { (row) throws(StoreError) in
      do throws(StoreError) {
        return (
          try row.int64("id"), PictureID(source: try row.source("source"), key: try row.key("key")),
          try row.path("path")
        )
      } catch .typeMismatch(_, _, let column, let expected, let found) {
        let id = try row.int64("id")
        throw .damagedRow(
          DamagedRow(
            table: .pictures, id: id, pictureID: id, key: (try? row.string("key")) ?? "?", column: column,
            found: found, expected: expected))
      }
    }
  }

  /// True when a stored picture or rendition uses `path`: paths are never reused for other content.
  package func isPathTaken(_ path: String) throws(StoreError) -> Bool {
    try database.queryOne(
      "SELECT 1 FROM pictures WHERE path = ?1 UNION ALL SELECT 1 FROM renditions WHERE path = ?1 LIMIT 1",
      [.text(path)]) != nil
  }

  // MARK: - Recording

  /// Adds a validated file (or finds the same key and content already stored); returns its id.
  /// Call inside `write`.
  @discardableResult
  func insert(_ file: NewPictureFile, at now: Date) throws(StoreError) -> Int64 {
    try database.run(
      """
      INSERT INTO pictures (\(NewPictureFile.columnNames), added_at)
      VALUES (\(NewPictureFile.placeholders), ?) ON CONFLICT (key, sha256) DO NOTHING
      """,
      file.columns + [SQLiteValue(instant: now)])
    try database.run("DELETE FROM pruned WHERE key = ?", [.text(file.key)])
    // By key and content alone, as the table's one constraint has it: the same bytes under the
    // same key are one picture whichever source sent them.
    let row = try database.queryOne(
      "SELECT id FROM pictures WHERE key = ? AND sha256 = ?", [.text(file.key), .text(file.sha256)])
    guard let id = try row?.int64("id") else {
      throw StoreError.misuse(path: path, message: "picture \(file.key) vanished while being recorded")
    }
    return id
  }

  /// The newest stored file of a picture, the one a new appearance of it points to.
  package func newestPictureID(_ id: PictureID) throws(StoreError) -> Int64? {
    try database.queryOne(
      "SELECT max(id) AS id FROM pictures WHERE source = ? AND key = ?",
      [SQLiteValue(id.source), .text(id.key)]
    )?.optionalInt64("id")
  }

  /// The newest day at `now` on which the history has a picture of `market`; nil before its first
  /// update. A day after tomorrow (`PlausibleDay`) or a value that is no day (a hand's `bogus`,
  /// which sorts after every digit) is passed over, as `newest` passes it over: neither may stop
  /// an update, nor stand for the market's newest day for ever.
  package func newestDate(market: Market, at now: Date) throws(StoreError) -> CalendarDate? {
    let days = try database.query(
      "SELECT DISTINCT date FROM appearances WHERE market = ? AND typeof(date) = 'text' AND date <= ? "
        + "ORDER BY date DESC LIMIT 16",
      [SQLiteValue(market), SQLiteValue(PlausibleDay.latest(at: now))])
    for row in days {
      if let text = try? row.string("date"), let day = HistoryColumns.date(text) { return day }
    }
    return nil
  }

  /// Records that Bing showed picture `pictureID` in a market on a date. A re-issue of the same
  /// picture (new id, corrected credit) updates that row in place; another picture for the same
  /// market and day supersedes the old row without erasing it, so no picture loses its metadata.
  /// Returns true when the market and day were not recorded before. Call inside `write`.
  @discardableResult
  package func record(_ appearance: Appearance, pictureID: Int64, at now: Date) throws(StoreError) -> Bool {
    // The day's slot: a source's market (none for most sources) on a date.
    let day: [SQLiteValue] = [
      SQLiteValue(appearance.source), SQLiteValue(appearance.market), SQLiteValue(appearance.date),
    ]
    let existed =
      try database.queryOne(
        "SELECT 1 FROM appearances WHERE source = ? AND market = ? AND date = ?", day) != nil
    try database.run(
      "UPDATE appearances SET superseded = 1 WHERE source = ? AND market = ? AND date = ? AND picture_id != ?",
      day + [.integer(pictureID)])
    let stamp = SQLiteValue.text(Timestamp.iso8601(now))
    try database.run(
      """
      INSERT INTO appearances (picture_id, \(Appearance.columnNames), first_seen, updated_at)
      VALUES (?, \(Appearance.placeholders), ?, ?)
      ON CONFLICT (market, date, picture_id) DO UPDATE SET
        served_market = excluded.served_market,
        bing_id = excluded.bing_id, title = excluded.title, caption = excluded.caption,
        credit = excluded.credit, copyright = excluded.copyright,
        copyright_link = excluded.copyright_link, urlbase = excluded.urlbase, hsh = excluded.hsh,
        wp = excluded.wp, fullstartdate = excluded.fullstartdate, licence = excluded.licence,
        licence_link = excluded.licence_link, description = excluded.description,
        updated_at = excluded.updated_at, superseded = 0
      """,
      [.integer(pictureID)] + appearance.columns + [stamp, stamp])
    return !existed
  }

  /// The stored file with exactly this key and content, if any.
  func file(key: String, sha256: String) throws(StoreError) -> (id: Int64, path: String)? {
    guard
      let row = try database.queryOne(
        "SELECT id, path FROM pictures WHERE key = ? AND sha256 = ?", [.text(key), .text(sha256)])
    else { return nil }
    return (try row.int64("id"), try row.string("path"))
  }

  /// Points a picture at a new file, when its old one was lost and `--force` fetched it again.
  /// Call inside `write`.
  package func move(pictureID: Int64, to path: String) throws(StoreError) {
    try database.run("UPDATE pictures SET path = ? WHERE id = ?", [.text(path), .integer(pictureID)])
  }

  // MARK: - Reading

  /// What `list` asks for.
  package struct Query: Sendable, Equatable {
    /// 0 means no limit.
    var limit: Int = 20
    var market: Market?
    var favoritesOnly = false
    var bannedOnly = false
    /// Only pictures shown on or after this local date.
    var since: CalendarDate?
    /// Only pictures these sources showed; empty for every source.
    var sources: [Source]
    /// Only appearances on or before this day; nil for any day (`newest` sets it).
    var through: CalendarDate?
    /// The columns read: `list`'s table reads no description.
    var fields: PictureFields

    package init(
      limit: Int = 20, market: Market? = nil, favoritesOnly: Bool = false, bannedOnly: Bool = false,
      since: CalendarDate? = nil, sources: [Source] = [], fields: PictureFields = .all
    ) {
      self.fields = fields
      self.limit = limit
      self.market = market
      self.favoritesOnly = favoritesOnly
      self.bannedOnly = bannedOnly
      self.since = since
      self.sources = sources
    }
  }

  /// Pictures newest first, each with its newest appearance (in `query.market` when given). A
  /// damaged picture is skipped (`decoded`) and the walk reads on, so a page still holds `limit`.
  package func pictures(_ query: Query) throws(StoreError) -> [Picture] {
    // Walk appearances newest first along their date index and stop at `limit` distinct
    // pictures: a page of a 100,000-picture history reads a page of rows, not all of them.
    let (filter, bindings) = Self.filter(query)
    let walk = try database.prepare(
      """
      SELECT a.picture_id AS id FROM appearances a JOIN pictures p ON p.id = a.picture_id \(filter)
      ORDER BY a.date DESC, a.picture_id DESC
      """)
    try walk.bind(bindings)
    var unique = UniqueElements<Int64>()
    var found: [Picture] = []
    var exhausted = false
    while !exhausted, query.limit == 0 || found.count < query.limit {
      var ids: [Int64] = []
      while query.limit == 0 || found.count + ids.count < query.limit {
        guard try walk.step() else {
          exhausted = true
          break
        }
        guard case .integer(let id) = walk.value(at: 0), unique.add(id) else { continue }
        ids.append(id)
      }
      found += try page(ids, query: query, bindings: bindings)
    }
    return found
  }

  /// How many pictures `query` matches with no limit: what `list` says it left out.
  package func pictureCount(_ query: Query) throws(StoreError) -> Int {
    let (filter, bindings) = Self.filter(query)
    // Pictures are joined only for a filter on their own columns: every appearance's picture
    // exists (a foreign key), and without the join the count reads the appearances' index
    // alone, 327 pages of a 100,000-picture history instead of 5,398.
    let pictures = query.favoritesOnly || query.bannedOnly ? "JOIN pictures p ON p.id = a.picture_id" : ""
    return try database.queryOne(
      "SELECT count(DISTINCT a.picture_id) AS n FROM appearances a \(pictures) \(filter)", bindings)?.int("n")
      ?? 0
  }

  /// The `WHERE` clause on appearances `a` and pictures `p` that `query` asks for, and its values.
  private static func filter(_ query: Query) -> (String, [String: SQLiteValue]) {
    var conditions: [String] = []
    var bindings: [String: SQLiteValue] = [:]
    if let market = query.market {
      conditions.append("a.market = :market")
      bindings[":market"] = SQLiteValue(market)
    }
    // Only these two read pictures `p` (`pictureCount` joins it for them alone).
    if query.favoritesOnly { conditions.append("p.favorite = 1") }
    if query.bannedOnly { conditions.append("p.banned = 1") }
    if let since = query.since {
      conditions.append("a.date >= :since")
      bindings[":since"] = SQLiteValue(since)
    }
    if !query.sources.isEmpty {
      conditions.append("a.source IN (SELECT value FROM json_each(:sources))")
      bindings[":sources"] = .text(jsonList(query.sources))
    }
    if let through = query.through {
      conditions.append("a.date <= :through")
      bindings[":through"] = SQLiteValue(through)
    }
    return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), bindings)
  }

  /// The pictures `ids` names, in that order, as `query` reads them; damaged ones skipped.
  private func page(_ ids: [Int64], query: Query, bindings: [String: SQLiteValue]) throws(StoreError)
    -> [Picture]
  {
    guard !ids.isEmpty else { return [] }
    // One statement for the whole page (its ids as one JSON array), not one per picture: each
    // prepare parses this long SELECT again, which was most of what `list` cost.
    var clauses: [String] = []
    if query.market != nil { clauses.append("AND market = :market") }
    if !query.sources.isEmpty { clauses.append("AND source IN (SELECT value FROM json_each(:sources))") }
    if query.through != nil { clauses.append("AND date <= :through") }
    let page =
      Self.pictureSelect(appearance: clauses.joined(separator: " "), fields: query.fields)
      + " WHERE p.id IN (SELECT value FROM json_each(:ids))"
    var values: [String: SQLiteValue] = [
      ":ids": .text("[" + ids.map(String.init).joined(separator: ",") + "]")
    ]
    if let market = query.market { values[":market"] = SQLiteValue(market) }
    if !query.sources.isEmpty { values[":sources"] = bindings[":sources"] }
    if query.through != nil { values[":through"] = bindings[":through"] }
    var byID: [Int64: Picture] = [:]
    for row in try database.query(page, values) {
      guard
        let picture = try decoded(row, { (row) throws(StoreError) in try picture(from: row, query.fields) })
      else { continue }
      byID[picture.rowID] = picture
    }
    return ids.compactMap { byID[$0] }
  }

  /// The newest picture at `now`, in `market` and of `sources` when given: what `latest` names and
  /// an update sets. Never of a day after tomorrow (`PlausibleDay`), whatever the history holds:
  /// a row dated 9999-12-31 would otherwise be the newest for ever.
  package func newest(market: Market? = nil, sources: [Source] = [], at now: Date) throws(StoreError)
    -> Picture?
  {
    var query = Query(limit: 1, market: market, sources: sources)
    query.through = PlausibleDay.latest(at: now)
    return try pictures(query).first
  }

  /// One picture by id; nil when there is none, or it is damaged (told through `onDamagedRow`).
  package func picture(id: Int64) throws(StoreError) -> Picture? {
    guard
      let row = try database.queryOne(
        Self.pictureSelect(appearance: "") + " WHERE p.id = :id", [":id": .integer(id)])
    else { return nil }
    return try decoded(row) { (row) throws(StoreError) in try picture(from: row, .all) }
  }

  /// The pictures that appeared on a local date, each in the market given or any market.
  func pictures(onDate date: CalendarDate, market: Market?, source: Source? = nil) throws(StoreError)
    -> [Picture]
  {
    var bindings: [String: SQLiteValue] = [":date": SQLiteValue(date)]
    var marketClause = ""
    if let market {
      marketClause = "AND market = :market"
      bindings[":market"] = SQLiteValue(market)
    }
    if let source {
      marketClause += " AND source = :source"
      bindings[":source"] = SQLiteValue(source)
    }
    let sql =
      Self.pictureSelect(appearance: "AND date = :date AND superseded = 0 \(marketClause)")
      + " WHERE a.id IS NOT NULL ORDER BY p.id DESC"
    var found: [Picture] = []
    for row in try database.query(sql, bindings) {
      if let picture = try decoded(row, { (row) throws(StoreError) in try picture(from: row, .all) }) {
        found.append(picture)
      }
    }
    return found
  }

  /// The newest stored file of a picture, as a picture.
  func picture(_ id: PictureID) throws(StoreError) -> Picture? {
    guard let id = try newestPictureID(id) else { return nil }
    return try picture(id: id)
  }

  /// The newest stored file of a Bing key, as a picture.
  func picture(key: String) throws(StoreError) -> Picture? { try picture(.bing(key)) }

  /// `sources` as a JSON array for `json_each`: their raw values are fixed lower-case words, so
  /// none needs escaping.
  static func jsonList(_ sources: [Source]) -> String {
    "[" + sources.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
  }

  // MARK: - Damaged rows

  /// `decode(row)`, or nil when the row is damaged (a value out of its type, see `DamagedRow`):
  /// then it is told once through `onDamagedRow` and skipped. Every reader of rows asks this one
  /// function, so a damaged row is one row passed over, never a command that fails.
  func decoded<Row, T>(_ row: Row, _ decode: (Row) throws(StoreError) -> T) throws(StoreError) -> T? {
    do throws(StoreError) {
      return try decode(row)
    } catch .damagedRow(let damage) {
      tell(damage)
      return nil
    }
  }

  /// Tells `onDamagedRow` about `damage`, once per row for this connection (two readers may
  /// find it by different columns).
  func tell(_ damage: DamagedRow) {
    let row =
      "\(damage.table.rawValue) \(damage.id) \(damage.pictureID ?? 0) \(damage.fetchKey.map { "\($0)" } ?? "")"
    if toldDamage.insert(row).inserted { onDamagedRow(damage) }
  }

  // MARK: - The picture a row holds

  /// Which columns a reader of pictures asks for.
  package enum PictureFields: Sendable, Equatable {
    /// What `list`'s table shows: no story, no description.
    case listed
    /// Every field, the longer texts too (`show`, `--json`).
    case all
  }

  /// The shared SELECT: a picture, its chosen appearance, its markets and its apply count.
  /// `appearance` narrows which appearance is chosen (newest first).
  ///
  /// Every text is read no longer than it is written (`StoredText`, `HistoryColumns`), with
  /// `substr`, so that a value a hand made 300 MB long reaches Swift as the bytes bingwall would
  /// have kept (or, for a value that must be whole, as one a byte too long, which its rule
  /// refuses). The longer texts (the description, the story) are not in it: `picture(from:)`
  /// reads their first bytes in place (`textPrefix`), and only for `.all`.
  static func pictureSelect(appearance: String, fields: PictureFields = .all) -> String {
    let (line, link) = (StoredText.lineLimit, StoredText.linkLimit)
    let (key, path) = (HistoryColumns.longestKey + 1, HistoryColumns.longestPath + 1)
    let long = fields == .all ? ", s.id AS story_id, typeof(a.description) AS description_type" : ""
    return """
      SELECT p.id, substr(p.key, 1, \(key)) AS key, substr(p.path, 1, \(path)) AS path,
        substr(p.resolution, 1, 21) AS resolution, p.width, p.height, p.bytes,
        substr(p.sha256, 1, 65) AS sha256, p.favorite, p.banned, substr(p.added_at, 1, 40) AS added_at,
        substr(coalesce(a.date, substr(p.added_at, 1, 10)), 1, 11) AS date,
        substr(coalesce(a.market, ''), 1, 17) AS market, substr(a.served_market, 1, 17) AS served_market,
        substr(coalesce(a.bing_id, p.key), 1, \(key)) AS bing_id,
        substr(coalesce(a.title, ''), 1, \(line)) AS title,
        substr(coalesce(a.caption, ''), 1, \(line)) AS caption,
        substr(coalesce(a.credit, ''), 1, \(line)) AS credit,
        substr(coalesce(a.copyright, ''), 1, \(line)) AS copyright,
        substr(coalesce(a.copyright_link, ''), 1, \(link)) AS copyright_link,
        (SELECT group_concat(substr(market, 1, 17), ' ') FROM appearances WHERE picture_id = p.id AND market != '')
          AS markets,
        (SELECT count(*) FROM applies WHERE picture_id = p.id) AS applied_count,
        (SELECT substr(max(applied_at), 1, 40) FROM applies WHERE picture_id = p.id) AS last_applied,
        substr(p.source, 1, 40) AS source,
        (SELECT group_concat(DISTINCT substr(source, 1, 40)) FROM appearances WHERE picture_id = p.id) AS sources,
        substr(coalesce(a.licence, ''), 1, \(line)) AS licence,
        substr(coalesce(a.licence_link, ''), 1, \(link)) AS licence_link, a.id AS appearance_id\(long)
      FROM pictures p
      LEFT JOIN appearances a ON a.id = (
        SELECT id FROM appearances WHERE picture_id = p.id \(appearance)
        ORDER BY superseded, date DESC, market LIMIT 1)
      LEFT JOIN stories s ON s.market = a.market AND s.bing_id = a.bing_id
      """
  }

  /// The picture a row of `pictureSelect` holds; `.damagedRow` naming the row when a value is out
  /// of its type: the picture's own, its chosen appearance's, or its applies'.
  func picture(from row: SQLiteRow, _ fields: PictureFields) throws(StoreError) -> Picture {
    do throws(StoreError) {
      var picture = try Self.picture(from: row)
      if fields == .all { try readLongTexts(of: &picture, row) }
      return picture
    } catch .typeMismatch(_, _, let column, let expected, let found) {
      throw .damagedRow(Self.damage(in: row, column: column, expected: expected, found: found))
    }
  }

  /// The story and the description, each its first `StoredText.longLimit` characters, read in
  /// place: a 300 MB description costs a few kilobytes.
  private func readLongTexts(of picture: inout Picture, _ row: SQLiteRow) throws(StoreError) {
    let limit = StoredText.longLimit
    func prefix(_ table: String, _ column: String, _ rowid: Int64) -> String {
      // Four bytes the most a character takes in UTF-8.
      String(
        (database.textPrefix(table: table, column: column, rowid: rowid, bytes: limit * 4) ?? "").prefix(
          limit))
    }
    if let story = try row.optionalInt64("story_id") {
      let told = PictureStory(
        headline: prefix("stories", "headline", story), description: prefix("stories", "description", story),
        quickFact: prefix("stories", "quick_fact", story))
      // A row of empty texts only records that Bing had none: no story to show.
      picture.story = told.isEmpty ? nil : told
    }
    if let appearance = try row.optionalInt64("appearance_id") {
      let type = try row.string("description_type")
      guard type == "text" else {
        throw .typeMismatch(
          path: path, sql: "", column: "description", expected: "TEXT", found: type.uppercased())
      }
      picture.description = prefix("appearances", "description", appearance)
    }
  }

  /// The row a failed column of `pictureSelect` belongs to.
  private static func damage(in row: SQLiteRow, column: String, expected: String, found: String) -> DamagedRow
  {
    var id: Int64 = 0
    if case .integer(let value)? = row["id"] { id = value }
    var key = "?"
    if case .text(let value)? = row["key"] { key = value }
    var appearance: Int64?
    if case .integer(let value)? = row["appearance_id"] { appearance = value }
    let appearanceColumns: Set<String> = [
      "date", "market", "served_market", "bing_id", "title", "caption", "credit", "copyright",
      "copyright_link", "licence", "licence_link", "description",
    ]
    let table: DamagedRow.Table
    var rowID = id
    var name = column
    if column == "last_applied" {
      (table, rowID, name) = (.applies, 0, "applied_at")
    } else if let appearance, appearanceColumns.contains(column) {
      (table, rowID) = (.appearances, appearance)
    } else {
      table = .pictures
      if column == "date" { name = "added_at" }
    }
    return DamagedRow(
      table: table, id: rowID, pictureID: id, key: key, column: name, found: found, expected: expected)
  }

  /// The fields every reader of `pictureSelect` reads; `picture(from:_:)` adds the longer texts.
  private static func picture(from row: SQLiteRow) throws(StoreError) -> Picture {
    Picture(
      rowID: try row.int64("id"), id: PictureID(source: try row.source("source"), key: try row.key("key")),
      date: try row.date("date"),
      bing: Picture.Listing(
        stored: try row.market("market"), servedMarket: try row.optionalMarket("served_market"),
        bingID: try row.string("bing_id")),
      markets: HistoryColumns.markets(try row.optionalString("markets")),
      title: try row.string("title"),
      caption: try row.string("caption"), credit: try row.string("credit"),
      copyright: try row.string("copyright"),
      copyrightLink: try row.link("copyright_link"), path: try row.path("path"),
      resolution: try row.resolution("resolution"), width: Int(try row.positive("width")),
      height: Int(try row.positive("height")),
      bytes: try row.positive("bytes"), sha256: try row.sha256("sha256"), favorite: try row.bool("favorite"),
      banned: try row.bool("banned"), appliedCount: try row.int("applied_count"),
      lastApplied: try row.optionalInstant("last_applied"), addedAt: try row.instant("added_at"),
      story: nil, sources: HistoryColumns.sources(try row.optionalString("sources")),
      licence: try row.string("licence"), licenceLink: try row.link("licence_link"), description: "")
  }
}
