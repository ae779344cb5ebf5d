import BingWallSystem
import FoundationEssentials

extension HistoryStore {
  /// Every stored picture, newest first (by its newest appearance, as `list` orders), with what
  /// retention needs to weigh it.
  package func retentionItems() throws(StoreError) -> [RetentionItem] {
    let rows = try database.query(
      """
      SELECT p.id, p.key, p.path, p.bytes, p.favorite,
        coalesce((SELECT max(date) FROM appearances WHERE picture_id = p.id), substr(p.added_at, 1, 10))
          AS date,
        coalesce((
          SELECT CASE WHEN title = '' OR title = 'Info' THEN caption ELSE title END
          FROM appearances WHERE picture_id = p.id ORDER BY superseded, date DESC LIMIT 1), '') AS title
      FROM pictures p ORDER BY date DESC, p.id DESC
      """)
    var items: [RetentionItem] = []
    items.reserveCapacity(rows.count)
    for row in rows {
      items.append(
        RetentionItem(
          id: try row.int64(at: 0), key: try row.string(at: 1), date: try row.string(at: 5),
          title: try row.string(at: 6), path: try row.string(at: 2), bytes: try row.int64(at: 3),
          favorite: try row.bool("favorite")))
    }
    return items
  }

  /// Deletes the rows of `items` (their appearances and applies go with them, and the search
  /// index through its triggers) and remembers their keys as pruned, in one transaction. Files
  /// are the caller's: rows first, then files, so a crash leaves at worst a file without a row.
  package func deleteRows(of items: [RetentionItem], at now: Date) throws {
    let stamp = SQLiteValue.text(Timestamp.iso8601(now))
    try write {
      let delete = try database.prepare("DELETE FROM pictures WHERE id = ?")
      let remember = try database.prepare(
        "INSERT INTO pruned (key, pruned_at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET pruned_at = excluded.pruned_at"
      )
      for item in items {
        delete.reset()
        try delete.bind([.integer(item.id)])
        _ = try delete.step()
        // A key with another file still stored (a re-issued picture) is not gone.
        if try !hasPicture(key: item.key) {
          remember.reset()
          try remember.bind([.text(item.key), stamp])
          _ = try remember.step()
        }
      }
    }
  }

  /// The keys among `keys` that `prune` removed and nothing stored again since.
  package func prunedKeys(among keys: [String]) throws(StoreError) -> Set<String> {
    var found: Set<String> = []
    for key in keys
    where try database.queryOne("SELECT 1 FROM pruned WHERE key = ?", [.text(key)]) != nil {
      found.insert(key)
    }
    return found
  }

}
