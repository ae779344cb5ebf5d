import BingWallSystem

extension HistoryStore {
  /// Every picture that appeared somewhere, in the order and with the fields of
  /// `pictures(.init(limit: 0))`, handed to `body` one at a time; returns how many there were.
  ///
  /// One query instead of one per picture, read column by column instead of by name: the gallery
  /// of a 100,000-picture history reads its rows in a single pass and never holds them all.
  /// Walking appearances newest first and keeping each picture's first one (what `pictures` does)
  /// orders pictures by their newest date, then by id, both descending; the grouped `newest`
  /// table says that directly.
  @discardableResult
  package func forEachPictureNewestFirst(_ body: (Picture) throws -> Void) throws -> Int {
    let sql =
      Self.pictureSelect(appearance: "")
        + """

        JOIN (SELECT picture_id, max(date) AS newest FROM appearances GROUP BY picture_id) n
          ON n.picture_id = p.id
        ORDER BY n.newest DESC, p.id DESC
        """
    let statement = try database.prepare(sql)
    defer { statement.reset() }
    var reader: GalleryRowReader?
    var count = 0
    while try statement.step() {
      // Names are looked up once: they do not change within a statement.
      let current = try reader ?? GalleryRowReader(statement.makeLayout())
      reader = current
      try body(try current.picture(statement))
      count += 1
    }
    return count
  }
}

/// Reads `pictureSelect`'s columns by position, found once by name: the same checks as
/// `HistoryStore.picture(from:)` without a dictionary lookup per field of 100,000 rows.
struct GalleryRowReader {
  let layout: SQLiteRow.Layout
  let id, key, path, resolution, width, height, bytes, sha256, favorite, banned, addedAt: Int
  let date, market, servedMarket, bingID, title, caption, credit, copyright, copyrightLink: Int
  let markets, appliedCount, lastApplied: Int

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
    (date, market, servedMarket) = (try column("date"), try column("market"), try column("served_market"))
    (bingID, title, caption, credit) = (
      try column("bing_id"), try column("title"), try column("caption"), try column("credit")
    )
    (copyright, copyrightLink) = (try column("copyright"), try column("copyright_link"))
    (markets, appliedCount, lastApplied) = (
      try column("markets"), try column("applied_count"), try column("last_applied")
    )
  }

  func picture(_ statement: SQLiteStatement) throws(StoreError) -> Picture {
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
    // Sorted, then each once: what `picture(from:)` gets through a Set, without hashing.
    var marketList = (try optionalText(markets) ?? "").split(separator: " ").map(String.init).sorted()
    marketList = marketList.enumerated().filter { $0.offset == 0 || marketList[$0.offset - 1] != $0.element }
      .map(\.element)
    return Picture(
      id: try integer(id), key: try text(key), date: try text(date), market: try text(market),
      markets: marketList, title: try text(title), caption: try text(caption), credit: try text(credit),
      copyright: try text(copyright), copyrightLink: try text(copyrightLink), path: try text(path),
      resolution: try text(resolution), width: Int(try integer(width)), height: Int(try integer(height)),
      bytes: try integer(bytes), sha256: try text(sha256), favorite: try integer(favorite) != 0,
      banned: try integer(banned) != 0, appliedCount: Int(try integer(appliedCount)),
      lastApplied: try optionalText(lastApplied), bingID: try text(bingID),
      servedMarket: try optionalText(servedMarket), addedAt: try text(addedAt))
  }

  private func mismatch(_ index: Int, _ expected: String, _ found: SQLiteValue) -> StoreError {
    .typeMismatch(
      path: layout.path, sql: layout.sql, column: layout.names[index], expected: expected,
      found: found.typeName)
  }
}
