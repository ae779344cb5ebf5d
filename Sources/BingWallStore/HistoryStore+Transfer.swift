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
  /// ISO 8601, as `added_at` is stored.
  var addedAt: String
  package var appearances: [StoredAppearance]

  package init(
    file: NewPictureFile, favorite: Bool, banned: Bool, addedAt: String, appearances: [StoredAppearance]
  ) {
    self.file = file
    self.favorite = favorite
    self.banned = banned
    self.addedAt = addedAt
    self.appearances = appearances
  }
}

extension HistoryStore {
  /// Every appearance of a picture, superseded ones included, oldest date first.
  package func appearances(pictureID: Int64) throws(StoreError) -> [StoredAppearance] {
    try database.query(
      """
      SELECT market, served_market, date, bing_id, title, caption, credit, copyright, copyright_link,
        urlbase, hsh, wp, fullstartdate, superseded
      FROM appearances WHERE picture_id = ? ORDER BY date, market
      """, [.integer(pictureID)]
    ).map { (row) throws(StoreError) -> StoredAppearance in
      StoredAppearance(
        Appearance(
          market: try row.string("market"), servedMarket: try row.optionalString("served_market"),
          date: try row.string("date"), bingID: try row.string("bing_id"), title: try row.string("title"),
          caption: try row.string("caption"), credit: try row.string("credit"),
          copyright: try row.string("copyright"), copyrightLink: try row.string("copyright_link"),
          urlbase: try row.string("urlbase"), hsh: try row.string("hsh"), wp: try row.bool("wp"),
          fullStartDate: try row.string("fullstartdate")),
        superseded: try row.bool("superseded"))
    }
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
      INSERT INTO pictures (key, sha256, path, resolution, width, height, bytes, favorite, banned, added_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(file.key), .text(file.sha256), .text(file.path), .text(file.resolution),
        .integer(Int64(file.width)), .integer(Int64(file.height)), .integer(file.bytes),
        SQLiteValue(picture.favorite), SQLiteValue(picture.banned), .text(picture.addedAt),
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
      if !superseded, !appearance.market.isEmpty {
        superseded =
          try database.queryOne(
            """
            SELECT 1 FROM appearances
            WHERE market = ? AND date = ? AND picture_id != ? AND superseded = 0 LIMIT 1
            """, [.text(appearance.market), .text(appearance.date), .integer(id)]) != nil
      }
      try database.run(
        """
        INSERT INTO appearances (picture_id, market, date, served_market, bing_id, title, caption, credit,
          copyright, copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at, superseded)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (market, date, picture_id) DO NOTHING
        """,
        [
          .integer(id), .text(appearance.market), .text(appearance.date),
          SQLiteValue(appearance.servedMarket),
          .text(appearance.bingID), .text(appearance.title), .text(appearance.caption),
          .text(appearance.credit), .text(appearance.copyright), .text(appearance.copyrightLink),
          .text(appearance.urlbase), .text(appearance.hsh), SQLiteValue(appearance.wp),
          .text(appearance.fullStartDate), stamp, stamp, SQLiteValue(superseded),
        ])
    }
    return id
  }
}
