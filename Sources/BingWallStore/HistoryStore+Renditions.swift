import BingWallModel
import BingWallSystem
import FoundationEssentials

/// A picture's second file: Bing's portrait rendition of the same day, kept beside the picture
/// (see `HistorySchema.version4`). Never in `list`, `export` or `search`: the picture is one.
extension HistoryStore {
  /// A rendition's file as the history records it.
  package struct StoredRendition: Sendable, Equatable {
    package var pictureID: Int64
    package var key: String
    package var path: String
    package var sha256: String
    package var bytes: Int64
  }

  /// The readable-or-not portrait file of each of `pictureIDs` that has one.
  package func portraits(of pictureIDs: [Int64]) throws(StoreError) -> [Int64: String] {
    guard !pictureIDs.isEmpty else { return [:] }
    var portraits: [Int64: String] = [:]
    for row in try database.query(
      """
      SELECT picture_id, path FROM renditions
      WHERE kind = 'portrait' AND path IS NOT NULL AND picture_id IN (SELECT value FROM json_each(?))
      """, [Self.jsonArray(pictureIDs)])
    {
      portraits[try row.int64(0)] = try row.string(1)
    }
    return portraits
  }

  /// Picture `pictureID`'s portrait file and hash as recorded, nil when it has none.
  func storedPortrait(pictureID: Int64) throws(StoreError) -> (path: String, sha256: String)? {
    guard
      let row = try database.queryOne(
        "SELECT path, sha256 FROM renditions WHERE picture_id = ? AND kind = 'portrait' AND path IS NOT NULL",
        [.integer(pictureID)])
    else { return nil }
    return (try row.string("path"), try row.string("sha256"))
  }

  /// Which of `pictureIDs` Bing was already asked about: a portrait stored, or none served.
  package func portraitsAsked(of pictureIDs: [Int64]) throws(StoreError) -> Set<Int64> {
    guard !pictureIDs.isEmpty else { return [] }
    return Set(
      try database.query(
        "SELECT picture_id FROM renditions WHERE kind = 'portrait' AND picture_id IN (SELECT value FROM json_each(?))",
        [Self.jsonArray(pictureIDs)]
      ).map { row throws(StoreError) in try row.int64(0) })
  }

  /// Records picture `pictureID`'s portrait file. Call inside `write`.
  func recordPortrait(pictureID: Int64, file: NewPictureFile, at now: Date) throws(StoreError) {
    try database.run(
      """
      INSERT INTO renditions (picture_id, kind, path, sha256, width, height, bytes, added_at)
      VALUES (?, 'portrait', ?, ?, ?, ?, ?, ?)
      ON CONFLICT (picture_id, kind) DO UPDATE SET path = excluded.path, sha256 = excluded.sha256,
        width = excluded.width, height = excluded.height, bytes = excluded.bytes, added_at = excluded.added_at
      """,
      [
        .integer(pictureID), .text(file.path), .text(file.sha256), .integer(Int64(file.width)),
        .integer(Int64(file.height)), .integer(file.bytes), .text(Timestamp.iso8601(now)),
      ])
  }

  /// Records that Bing serves no portrait file of picture `pictureID` (unless one is stored).
  package func recordNoPortrait(pictureID: Int64, at now: Date) throws(StoreError) {
    try database.run(
      """
      INSERT INTO renditions (picture_id, kind, added_at) VALUES (?, 'portrait', ?)
      ON CONFLICT (picture_id, kind) DO NOTHING
      """,
      [.integer(pictureID), .text(Timestamp.iso8601(now))])
  }

  /// Forgets picture `pictureID`'s portrait (its file is lost or damaged): the next update under
  /// a portrait screen asks Bing again.
  package func forgetPortrait(pictureID: Int64) throws(StoreError) {
    try database.run(
      "DELETE FROM renditions WHERE picture_id = ? AND kind = 'portrait'", [.integer(pictureID)])
  }

  /// Every stored rendition's file, in picture order (`doctor`); `hashes` false leaves
  /// `sha256` empty.
  package func storedRenditions(hashes: Bool = true) throws(StoreError) -> [StoredRendition] {
    let hash = hashes ? "r.sha256" : "''"
    return try database.query(
      """
      SELECT r.picture_id, p.key, r.path, \(hash), r.bytes FROM renditions r JOIN pictures p ON p.id = r.picture_id
      WHERE r.path IS NOT NULL ORDER BY r.picture_id
      """
    ).map { row throws(StoreError) in
      StoredRendition(
        pictureID: try row.int64(0), key: try row.string(1), path: try row.string(2),
        sha256: try row.string(3), bytes: try row.int64(4))
    }
  }

  /// The ids as one JSON array, bound once however many (`json_each`): no variable limit.
  static func jsonArray(_ ids: [Int64]) -> SQLiteValue {
    .text("[" + ids.map(String.init).joined(separator: ",") + "]")
  }
}
