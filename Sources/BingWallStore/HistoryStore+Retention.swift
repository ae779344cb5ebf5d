import BingWallModel
import BingWallSystem
import FoundationEssentials

extension HistoryStore {
  /// Every stored picture, newest first (by the last day it was shown, as `list` orders), with
  /// what retention needs to weigh it and to say what went. A picture with no readable day (an
  /// appearance's nor the day it was added) is left out: what cannot be weighed is not removed,
  /// and `doctor` reports its row.
  ///
  /// Two plain scans merged in memory, not one query with a subquery per picture: on 100,000
  /// pictures the correlated form costs SQLite alone several times what the whole prune may.
  package func retentionItems() throws(StoreError) -> [RetentionItem] {
    // Per picture: its newest date, and the title of its preferred appearance (current before
    // superseded, then newest), the one `list` shows.
    var shown: [Int64: (date: CalendarDate, preferred: (current: Bool, date: CalendarDate), title: String)] =
      [:]
    let appearances = try database.prepare(
      "SELECT picture_id, date, superseded, title, caption FROM appearances")
    while try appearances.step() {
      guard case .integer(let id) = appearances.value(at: 0),
        let date = HistoryColumns.date(appearances.value(at: 1).textOrEmpty)
      else { continue }
      let candidate = (current: appearances.value(at: 2) == .integer(0), date: date)
      if let old = shown[id], !Self.isPreferred(candidate, over: old.preferred) {
        shown[id]?.date = max(old.date, date)
        continue
      }
      let title = appearances.value(at: 3).textOrEmpty
      let display = title.isEmpty || title == "Info" ? appearances.value(at: 4).textOrEmpty : title
      shown[id] = (max(shown[id]?.date ?? date, date), candidate, display)
    }
    var items: [RetentionItem] = []
    items.reserveCapacity(shown.count)
    let pictures = try database.prepare("SELECT id, key, path, bytes, favorite, added_at FROM pictures")
    while try pictures.step() {
      guard case .integer(let id) = pictures.value(at: 0) else { continue }
      let seen = shown[id]
      guard let date = seen?.date ?? HistoryColumns.date(String(pictures.value(at: 5).textOrEmpty.prefix(10)))
      else { continue }
      items.append(
        RetentionItem(
          id: id, key: pictures.value(at: 1).textOrEmpty, date: date, title: seen?.title ?? "",
          path: pictures.value(at: 2).textOrEmpty, bytes: pictures.value(at: 3).integerOrZero,
          favorite: pictures.value(at: 4) == .integer(1)))
    }
    items.sort { ($0.date, $0.id) > ($1.date, $1.id) }
    return items
  }

  /// The appearance `list` shows first: a current one before a superseded one, then the newest.
  private static func isPreferred(
    _ candidate: (current: Bool, date: CalendarDate), over other: (current: Bool, date: CalendarDate)
  ) -> Bool {
    candidate.current != other.current ? candidate.current : candidate.date > other.date
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

  /// True when `prune` removed `key` and nothing stored it again since.
  /// What the history holds of a key, in one query: what `update` asks of each key it is shown.
  package enum KeyState: Sendable, Equatable {
    /// The retention policy deleted it; only `--force` fetches it again.
    case pruned
    /// Some file of it is stored; the newest one's id, which a new appearance points to.
    case stored(newestID: Int64)
    /// Neither.
    case new
  }

  package func state(ofKey key: String) throws(StoreError) -> KeyState { try state(of: .bing(key)) }

  /// What the history holds of a picture. `pruned` keeps keys alone: the sources' ids never
  /// take one another's shapes (`OHR.Name`, a date, `File:Name.jpg`, a GUID, a page's path).
  package func state(of id: PictureID) throws(StoreError) -> KeyState {
    let row = try database.queryOne(
      """
      SELECT EXISTS (SELECT 1 FROM pruned WHERE key = ?1) AS pruned,
        (SELECT max(id) FROM pictures WHERE source = ?2 AND key = ?1) AS id
      """, [.text(id.key), SQLiteValue(id.source)])
    if try row?.bool("pruned") == true { return .pruned }
    if let id = try row?.optionalInt64("id") { return .stored(newestID: id) }
    return .new
  }

  package func isPruned(key: String) throws(StoreError) -> Bool {
    try database.queryOne("SELECT 1 FROM pruned WHERE key = ?", [.text(key)]) != nil
  }

}

extension SQLiteValue {
  /// The text of a TEXT value, else "" (a scan's NOT NULL text column).
  fileprivate var textOrEmpty: String {
    if case .text(let text) = self { return text }
    return ""
  }

  /// The number of an INTEGER value, else 0.
  fileprivate var integerOrZero: Int64 {
    if case .integer(let number) = self { return number }
    return 0
  }
}
