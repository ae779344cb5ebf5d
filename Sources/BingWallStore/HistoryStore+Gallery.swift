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
      "SELECT picture_id, count(*) AS n, max(applied_at) AS last FROM applies GROUP BY picture_id")
    {
      applies[try row.int64("picture_id")] = (try row.int("n"), try row.optionalInstant("last"))
    }
    // Walking appearances newest first and keeping each picture's first (what `pictures` does)
    // orders pictures by their newest date, then by id, both descending: `newest` says that.
    let scope = sources.isEmpty ? "" : "WHERE source IN (SELECT value FROM json_each(:sources))"
    let statement = try database.prepare(
      """
      SELECT p.id, p.key, p.path, p.resolution, p.width, p.height, p.bytes, p.sha256, p.favorite,
        p.banned, p.added_at, a.superseded, a.date, a.market, a.served_market, a.bing_id, a.title,
        a.caption, a.credit, a.copyright, a.copyright_link, s.headline, s.description, s.quick_fact,
        p.source, a.source AS appearance_source, a.licence, a.licence_link, a.description AS source_description
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
      picture.sources = Source.allCases.filter(sources.contains)
      markets.sort { $0.code < $1.code }
      picture.markets = markets.enumerated().filter { $0.offset == 0 || markets[$0.offset - 1] != $0.element }
        .map(\.element)
      (picture.appliedCount, picture.lastApplied) = applies[picture.id] ?? (0, nil)
      try body(picture)
      count += 1
    }
    while try statement.step() {
      let columns = try reader ?? GalleryRowReader(statement.makeLayout())
      reader = columns
      let (row, superseded, shownBy) = try columns.picture(statement)
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
/// `SQLiteRow`'s typed accessors without a dictionary lookup per field of 100,000 rows.
struct GalleryRowReader {
  let layout: SQLiteRow.Layout
  let id, key, path, resolution, width, height, bytes, sha256, favorite, banned, addedAt: Int
  let superseded, date, market, servedMarket, bingID, title, caption, credit, copyright, copyrightLink: Int
  let headline, description, quickFact: Int
  let source, appearanceSource, licence, licenceLink, sourceDescription: Int

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
    (superseded, date, market, servedMarket) = (
      try column("superseded"), try column("date"), try column("market"), try column("served_market")
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
    sourceDescription = try column("source_description")
  }

  /// The row's picture with this appearance (markets, sources and applies left empty for the
  /// caller), whether the appearance is superseded, and the source that showed it.
  func picture(_ statement: SQLiteStatement) throws(StoreError) -> (
    Picture, superseded: Bool, shownBy: Source
  ) {
    func integer(_ index: Int) throws(StoreError) -> Int64 {
      let value = statement.value(at: index)
      guard case .integer(let number) = value else { throw mismatch(index, "INTEGER", value) }
      return number
    }
    func text(_ index: Int) throws(StoreError) -> String {
      let value = statement.value(at: index)
      guard case .text(let string) = value else { throw mismatch(index, "TEXT", value) }
      return string
    }
    func optionalText(_ index: Int) throws(StoreError) -> String? {
      let value = statement.value(at: index)
      if value == .null { return nil }
      guard case .text(let string) = value else { throw mismatch(index, "TEXT", value) }
      return string
    }
    var story: PictureStory?
    // A row of empty texts only records that Bing had none: no story to show.
    if let headline = try optionalText(headline) {
      story = PictureStory(
        headline: headline, description: try optionalText(description) ?? "",
        quickFact: try optionalText(quickFact) ?? "")
    }
    func parsed<T>(_ index: Int, _ expected: String, _ parse: (String) -> T?) throws(StoreError) -> T {
      let value = statement.value(at: index)
      guard case .text(let string) = value, let parsed = parse(string) else {
        throw mismatch(index, expected, value)
      }
      return parsed
    }
    let picture = Picture(
      id: try integer(id), key: try text(key),
      date: try parsed(date, "a date YYYY-MM-DD", HistoryColumns.date),
      market: HistoryColumns.market(try text(market)),
      markets: [], title: try text(title), caption: try text(caption), credit: try text(credit),
      copyright: try text(copyright), copyrightLink: try text(copyrightLink), path: try text(path),
      resolution: Resolution(stored: try text(resolution)), width: Int(try integer(width)),
      height: Int(try integer(height)),
      bytes: try integer(bytes), sha256: try text(sha256), favorite: try integer(favorite) != 0,
      banned: try integer(banned) != 0, appliedCount: 0, lastApplied: nil, bingID: try text(bingID),
      servedMarket: try optionalText(servedMarket).map(Market.init(stored:)),
      addedAt: try parsed(addedAt, "a time such as 2026-12-01T09:00:00Z", HistoryColumns.instant),
      story: story?.isEmpty == true ? nil : story,
      source: try parsed(source, "a source such as bing", Source.init(rawValue:)), sources: [],
      licence: try text(licence), licenceLink: try text(licenceLink), description: try text(sourceDescription)
    )
    return (
      picture, try integer(superseded) != 0,
      try parsed(appearanceSource, "a source such as bing", Source.init(rawValue:))
    )
  }

  private func mismatch(_ index: Int, _ expected: String, _ found: SQLiteValue) -> StoreError {
    .typeMismatch(
      path: layout.path, sql: layout.sql, column: layout.names[index], expected: expected,
      found: found.typeName)
  }
}
