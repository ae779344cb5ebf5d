import BingWallModel
import BingWallSystem
import FoundationEssentials

extension HistoryStore {
  /// Every picture that appeared somewhere, in the order and with the fields of
  /// `pictures(.init(limit: 0))`, handed to `body` one at a time; returns how many there were.
  ///
  /// `pictures` runs one query per picture, each with correlated subqueries for its appearance,
  /// markets and applies; for the gallery of a 100,000-picture history that is most of the time.
  /// Here one query yields every appearance joined with its picture, already in gallery order
  /// (a picture's rows together), and the picture is put together from its rows as they pass:
  /// the appearance shown is the one `pictureSelect` picks (not superseded first, then newest,
  /// then by market), the markets are all of them. Nothing but one picture's rows is held.
  @discardableResult
  /// `sources`: only pictures these showed (with every appearance they have); empty for all.
  package func forEachPictureNewestFirst(sources: [Source] = [], _ body: (Picture) throws -> Void) throws
    -> Int
  {
    var applies: [Int64: (count: Int, last: Date?)] = [:]
    for row in try database.query(
      """
      SELECT a.picture_id, count(*) AS n, substr(max(a.applied_at), 1, 40) AS last,
        substr(p.key, 1, 80) AS key
      FROM applies a JOIN pictures p ON p.id = a.picture_id GROUP BY a.picture_id
      """)
    {
      let id = try row.int64("picture_id")
      // An apply out of its type costs its picture only its last apply's time.
      let last = try decoded(row) { (row) throws(StoreError) -> Date? in
        do throws(StoreError) {
          return try row.optionalInstant("last")
        } catch .typeMismatch(_, _, _, let expected, let found) {
          throw .damagedRow(
            DamagedRow(
              table: .applies, id: 0, pictureID: id, key: try row.string("key"), column: "applied_at",
              found: found, expected: expected))
        }
      }
      applies[id] = (try row.int("n"), last ?? nil)
    }
    // Walking appearances newest first and keeping each picture's first (what `pictures` does)
    // orders pictures by their newest date, then by id, both descending: `newest` says that.
    let scope = sources.isEmpty ? "" : "WHERE source IN (SELECT value FROM json_each(:sources))"
    // Each text no longer than it is written (see `pictureSelect`); the gallery shows no source's
    // description, so it reads none.
    let (line, link, long) = (StoredText.lineLimit, StoredText.linkLimit, StoredText.longLimit)
    let (key, path) = (HistoryColumns.longestKey + 1, HistoryColumns.longestPath + 1)
    let statement = try database.prepare(
      """
      SELECT p.id, substr(p.key, 1, \(key)) AS key, substr(p.path, 1, \(path)) AS path,
        substr(p.resolution, 1, 21) AS resolution, p.width, p.height, p.bytes,
        substr(p.sha256, 1, 65) AS sha256, p.favorite, p.banned, substr(p.added_at, 1, 40) AS added_at,
        a.id AS appearance_id, a.superseded, substr(a.date, 1, 11) AS date, substr(a.market, 1, 17) AS market,
        substr(a.served_market, 1, 17) AS served_market, substr(a.bing_id, 1, \(key)) AS bing_id,
        substr(a.title, 1, \(line)) AS title, substr(a.caption, 1, \(line)) AS caption,
        substr(a.credit, 1, \(line)) AS credit, substr(a.copyright, 1, \(line)) AS copyright,
        substr(a.copyright_link, 1, \(link)) AS copyright_link, substr(s.headline, 1, \(long)) AS headline,
        substr(s.description, 1, \(long)) AS description, substr(s.quick_fact, 1, \(long)) AS quick_fact,
        substr(p.source, 1, 40) AS source, substr(a.source, 1, 40) AS appearance_source,
        substr(a.licence, 1, \(line)) AS licence, substr(a.licence_link, 1, \(link)) AS licence_link
      FROM (SELECT picture_id, max(date) AS newest FROM appearances \(scope) GROUP BY picture_id) n
      JOIN pictures p ON p.id = n.picture_id
      JOIN appearances a ON a.picture_id = n.picture_id
      LEFT JOIN stories s ON s.market = a.market AND s.bing_id = a.bing_id
      ORDER BY n.newest DESC, n.picture_id DESC
      """)
    defer { statement.reset() }
    if !sources.isEmpty { try statement.bind([":sources": .text(Self.jsonList(sources))]) }
    var reader: GalleryRowReader?
    var current: (picture: Picture, superseded: Bool, markets: [Market])?
    var sources: Set<Source> = []
    var count = 0
    func finish() throws {
      guard var (picture, _, markets) = current else { return }
      picture.sources = sources.sorted()
      markets.sort { $0.code < $1.code }
      picture.markets = markets.enumerated().filter { $0.offset == 0 || markets[$0.offset - 1] != $0.element }
        .map(\.element)
      (picture.appliedCount, picture.lastApplied) = applies[picture.rowID] ?? (0, nil)
      try body(picture)
      count += 1
    }
    while try statement.step() {
      let columns = try reader ?? GalleryRowReader(statement.makeLayout())
      reader = columns
      // A damaged row (an appearance, or the picture in each of its rows) is passed over, told once.
      guard
        let (row, superseded, shownBy) = try decoded(
          statement,
          { (statement) throws(StoreError) in
            try columns.picture(statement)
          })
      else { continue }
      if var same = current, same.picture.id == row.id {
        sources.insert(shownBy)
        same.markets += row.market.map { [$0] } ?? []
        let better =
          (!superseded && same.superseded)
          || (superseded == same.superseded
            && (row.date > same.picture.date
              || (row.date == same.picture.date
                && (row.market?.code ?? "") < (same.picture.market?.code ?? ""))))
        if better { same = (row, superseded, same.markets) }
        current = same
      } else {
        try finish()
        sources = [shownBy]
        current = (row, superseded, row.market.map { [$0] } ?? [])
      }
    }
    try finish()
    return count
  }
}

/// Reads the gallery query's columns by position, found once by name: the checks of
/// `SQLiteRow`'s typed readers (the same rules, `HistoryColumns`) without a dictionary lookup per
/// field of 100,000 rows. A value out of its type is a `.damagedRow` naming the row.
struct GalleryRowReader {
  let layout: SQLiteRow.Layout
  let id, key, path, resolution, width, height, bytes, sha256, favorite, banned, addedAt: Int
  let appearanceID, superseded, date, market, servedMarket, bingID, title, caption, credit: Int
  let copyright, copyrightLink, headline, description, quickFact: Int
  let source, appearanceSource, licence, licenceLink: Int

  init(_ layout: SQLiteRow.Layout) throws(StoreError) {
    self.layout = layout
    func column(_ name: String) throws(StoreError) -> Int {
      guard let index = layout.index(of: name) else {
        throw .noSuchColumn(path: layout.path, sql: layout.sql, column: name)
      }
      return index
    }
    (id, key, path, resolution) = (
      try column("id"), try column("key"), try column("path"), try column("resolution")
    )
    (width, height, bytes, sha256) = (
      try column("width"), try column("height"), try column("bytes"), try column("sha256")
    )
    (favorite, banned, addedAt) = (try column("favorite"), try column("banned"), try column("added_at"))
    (appearanceID, superseded, date, market, servedMarket) = (
      try column("appearance_id"), try column("superseded"), try column("date"), try column("market"),
      try column("served_market")
    )
    (bingID, title, caption, credit) = (
      try column("bing_id"), try column("title"), try column("caption"), try column("credit")
    )
    (copyright, copyrightLink) = (try column("copyright"), try column("copyright_link"))
    (headline, description, quickFact) = (
      try column("headline"), try column("description"), try column("quick_fact")
    )
    (source, appearanceSource, licence, licenceLink) = (
      try column("source"), try column("appearance_source"), try column("licence"), try column("licence_link")
    )
  }

  /// The row's picture with this appearance (markets, sources and applies left empty for the
  /// caller), whether the appearance is superseded, and the source that showed it.
  func picture(_ statement: SQLiteStatement) throws(StoreError) -> (
    Picture, superseded: Bool, shownBy: Source
  ) {
    func integer(_ index: Int) throws(StoreError) -> Int64 {
      let value = statement.value(at: index)
      guard case .integer(let number) = value else { throw damage(statement, index, "INTEGER", value) }
      return number
    }
    func positive(_ index: Int) throws(StoreError) -> Int64 {
      let value = statement.value(at: index)
      guard case .integer(let number) = value, number > 0 else {
        throw damage(statement, index, HistoryColumns.Expected.positive, value)
      }
      return number
    }
    func text(_ index: Int) throws(StoreError) -> String {
      let value = statement.value(at: index)
      guard case .text(let string) = value else { throw damage(statement, index, "TEXT", value) }
      return string
    }
    func optionalText(_ index: Int) throws(StoreError) -> String? {
      let value = statement.value(at: index)
      if value == .null { return nil }
      guard case .text(let string) = value else { throw damage(statement, index, "TEXT", value) }
      return string
    }
    func parsed<T>(_ index: Int, _ expected: String, _ parse: (String) -> T?) throws(StoreError) -> T {
      let value = statement.value(at: index)
      guard case .text(let string) = value, let parsed = parse(string) else {
        throw damage(statement, index, expected, value)
      }
      return parsed
    }
    func checked(_ index: Int, _ expected: String, _ rule: (String) -> Bool) throws(StoreError) -> String {
      try parsed(index, expected) { rule($0) ? $0 : nil }
    }
    func marketCode(_ index: Int) throws(StoreError) -> Market? {
      try parsed(index, HistoryColumns.Expected.market) { (text: String) -> Market?? in
        if text.isEmpty { return .some(nil) }
        return HistoryColumns.isMarketCode(text) ? .some(Market(stored: text)) : .none
      }
    }
    // The story's texts are extras that name no picture and no day: a value of another type is
    // no text, as `show` reads it, not a damaged picture (doctor's rules have no story table).
    func storyText(_ index: Int) -> String? {
      if case .text(let string) = statement.value(at: index) { return string }
      return nil
    }
    var story: PictureStory?
    // A row of empty texts only records that Bing had none: no story to show.
    if let headline = storyText(headline) {
      story = PictureStory(
        headline: headline, description: storyText(description) ?? "", quickFact: storyText(quickFact) ?? "")
    }
    let served: Market?? =
      statement.value(at: servedMarket) == .null ? .some(nil) : .some(try marketCode(servedMarket))
    let picture = Picture(
      rowID: try integer(id),
      id: PictureID(
        source: try parsed(source, HistoryColumns.Expected.source, Source.init(rawValue:)),
        key: try checked(key, HistoryColumns.Expected.key, HistoryColumns.isKey)),
      date: try parsed(date, HistoryColumns.Expected.date, HistoryColumns.date),
      bing: Picture.Listing(
        stored: try marketCode(market), servedMarket: served ?? nil, bingID: try text(bingID)),
      markets: [], title: try text(title), caption: try text(caption), credit: try text(credit),
      copyright: try text(copyright), copyrightLink: RemoteURL(link: try text(copyrightLink)),
      path: try checked(path, HistoryColumns.Expected.path, HistoryColumns.isPath),
      resolution: Resolution(
        stored: try checked(resolution, HistoryColumns.Expected.resolution, HistoryColumns.isResolution)),
      width: Int(try positive(width)), height: Int(try positive(height)),
      bytes: try positive(bytes),
      sha256: try checked(sha256, HistoryColumns.Expected.sha256, HistoryColumns.isSHA256),
      favorite: try integer(favorite) != 0,
      banned: try integer(banned) != 0, appliedCount: 0, lastApplied: nil,
      addedAt: try parsed(addedAt, HistoryColumns.Expected.instant, HistoryColumns.instant),
      story: story?.isEmpty == true ? nil : story, sources: [],
      licence: try text(licence), licenceLink: RemoteURL(link: try text(licenceLink)), description: ""
    )
    return (
      picture, try integer(superseded) != 0,
      try parsed(appearanceSource, HistoryColumns.Expected.source, Source.init(rawValue:))
    )
  }

  /// The row a value out of its type belongs to: the picture's, or for a column of its
  /// appearance, the appearance's.
  private func damage(_ statement: SQLiteStatement, _ index: Int, _ expected: String, _ found: SQLiteValue)
    -> StoreError
  {
    let pictureColumns: Set<Int> = [
      id, key, path, resolution, width, height, bytes, sha256, favorite, banned, addedAt, source,
    ]
    var pictureID: Int64 = 0
    if case .integer(let value) = statement.value(at: id) { pictureID = value }
    var appearance: Int64 = 0
    if case .integer(let value) = statement.value(at: appearanceID) { appearance = value }
    var keyText = "?"
    if case .text(let value) = statement.value(at: key) { keyText = value }
    let shown = HistoryStore.shown(found)
    var column = layout.names[index]
    if index == appearanceSource { column = "source" }
    let onPicture = pictureColumns.contains(index)
    return .damagedRow(
      DamagedRow(
        table: onPicture ? .pictures : .appearances, id: onPicture ? pictureID : appearance,
        pictureID: pictureID, key: keyText, column: column, found: shown, expected: expected))
  }
}
