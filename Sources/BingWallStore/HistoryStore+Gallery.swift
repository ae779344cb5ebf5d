import BingWallSystem

extension HistoryStore {
  /// Every picture that appeared somewhere, in the order and with the fields of
  /// `pictures(.init(limit: 0))`, handed to `body` one at a time; returns how many there were.
  ///
  /// One query instead of one per picture: the gallery of a 100,000-picture history reads its
  /// rows in a single pass and never holds them all. Walking appearances newest first and keeping
  /// each picture's first one (what `pictures` does) orders pictures by their newest date, then by
  /// id, both descending; the grouped `newest` table says that directly.
  @discardableResult
  package func forEachPictureNewestFirst(_ body: (Picture) throws -> Void) throws -> Int {
    let statement = try database.prepare(
      Self.pictureSelect(appearance: "")
        + """

        JOIN (SELECT picture_id, max(date) AS newest FROM appearances GROUP BY picture_id) n
          ON n.picture_id = p.id
        ORDER BY n.newest DESC, p.id DESC
        """)
    defer { statement.reset() }
    var layout: SQLiteRow.Layout?
    var count = 0
    while try statement.step() {
      // One layout for every row: the column names do not change within a statement.
      let current = layout ?? statement.makeLayout()
      layout = current
      let row = SQLiteRow(layout: current, values: (0..<current.names.count).map { statement.value(at: $0) })
      try body(try Self.picture(from: row))
      count += 1
    }
    return count
  }
}
