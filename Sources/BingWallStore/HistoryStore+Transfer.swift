import BingWallModel
import BingWallSystem
import FoundationEssentials

/// One market appearance as the history holds it, with the flag that says Bing later showed
/// another picture for that market and day: what `export` writes and `import` restores.
package struct StoredAppearance: Sendable, Equatable {
  package var appearance: Appearance
  package var superseded: Bool

  package init(_ appearance: Appearance, superseded: Bool) {
    self.appearance = appearance
    self.superseded = superseded
  }
}

/// A picture brought in from outside the history (an export, a folder of JPEGs): its checked
/// file and everything recorded about it, marks and arrival time included.
package struct ImportedPicture: Sendable, Equatable {
  package var file: NewPictureFile
  package var favorite: Bool
  package var banned: Bool
  var addedAt: Date
  package var appearances: [StoredAppearance]

  package init(
    file: NewPictureFile, favorite: Bool, banned: Bool, addedAt: Date, appearances: [StoredAppearance]
  ) {
    self.file = file
    self.favorite = favorite
    self.banned = banned
    self.addedAt = addedAt
    // Whatever the export or the sidecar says, its texts are kept as an update keeps a source's:
    // one clean line each, cut at the same lengths (`StoredText`), never a raw escape.
    self.appearances = appearances.map {
      StoredAppearance($0.appearance.withStoredText(), superseded: $0.superseded)
    }
  }
}

extension HistoryStore {
  /// Every appearance of a picture, superseded ones included, oldest date first; a damaged one is
  /// skipped and told (`decoded`).
  package func appearances(pictureID: Int64) throws(StoreError) -> [StoredAppearance] {
    let rows = try database.query(
      """
      SELECT \(Appearance.boundedColumns), superseded, id AS appearance_id,
        (SELECT substr(key, 1, 80) FROM pictures WHERE id = picture_id) AS picture_key
      FROM appearances WHERE picture_id = ? ORDER BY date, source, market
      """, [.integer(pictureID)])
    var found: [StoredAppearance] = []
    for row in rows {
      let stored = try decoded(row) { (row) throws(StoreError) -> StoredAppearance in
        do throws(StoreError) {
          return StoredAppearance(try Appearance(row: row), superseded: try row.bool("superseded"))
        } catch .typeMismatch(_, _, let column, let expected, let found) {
          throw .damagedRow(
            DamagedRow(
              table: .appearances, id: try row.int64("appearance_id"), pictureID: pictureID,
              key: try row.optionalString("picture_key") ?? "?", column: column, found: found,
              expected: expected))
        }
      }
      if let stored { found.append(stored) }
    }
    return found
  }

  /// Records an imported picture whose file is already named at `picture.file.path`, with its
  /// marks, arrival time and appearances as given; returns its id. Call inside `write`.
  ///
  /// The history already here wins a conflict: an imported appearance for a market and day that a
  /// stored picture holds (not superseded) is kept, but as superseded, so neither picture loses
  /// its metadata and `show DATE` still means what it meant before the import. An appearance
  /// without a market (a plain file whose name named none) never supersedes or is superseded.
  package func insert(_ picture: ImportedPicture, at now: Date) throws(StoreError) -> Int64 {
    let file = picture.file
    try database.run(
      """
      INSERT INTO pictures (\(NewPictureFile.columnNames), favorite, banned, added_at)
      VALUES (\(NewPictureFile.placeholders), ?, ?, ?)
      """,
      file.columns + [
        SQLiteValue(picture.favorite), SQLiteValue(picture.banned), SQLiteValue(instant: picture.addedAt),
      ])
    // A key `prune` removed is wanted again once it is imported (see `HistorySchema.version3`).
    try database.run("DELETE FROM pruned WHERE key = ?", [.text(file.key)])
    guard
      let id = try database.queryOne(
        "SELECT id FROM pictures WHERE key = ? AND sha256 = ?", [.text(file.key), .text(file.sha256)]
      )?.int64("id")
    else {
      throw StoreError.misuse(path: path, message: "picture \(file.key) vanished while being imported")
    }
    let stamp = SQLiteValue.text(Timestamp.iso8601(now))
    for stored in picture.appearances {
      let appearance = stored.appearance
      var superseded = stored.superseded
      if !superseded, appearance.market != nil {
        superseded =
          try database.queryOne(
            """
            SELECT 1 FROM appearances
            WHERE source = ? AND market = ? AND date = ? AND picture_id != ? AND superseded = 0 LIMIT 1
            """,
            [
              SQLiteValue(appearance.source), SQLiteValue(appearance.market),
              SQLiteValue(appearance.date),
              .integer(id),
            ]) != nil
      }
      try database.run(
        """
        INSERT INTO appearances (picture_id, \(Appearance.columnNames), first_seen, updated_at, superseded)
        VALUES (?, \(Appearance.placeholders), ?, ?, ?)
        ON CONFLICT (market, date, picture_id) DO NOTHING
        """,
        [.integer(id)] + appearance.columns + [stamp, stamp, SQLiteValue(superseded)])
    }
    return id
  }
}
