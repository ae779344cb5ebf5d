import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// What `bingwall doctor` asks of the history: SQLite's own checks, every row that names a file,
/// and the repairs (`--fix`): forget a picture whose file is gone, point a picture at a file fetched
/// again, adopt a file a crash left without its row.
extension HistoryStore {
  /// A stored picture as the file checks see it: what its file must be.
  package struct StoredFile: Sendable, Equatable {
    package var id: Int64
    package var key: String
    package var path: String
    package var sha256: String
    package var bytes: Int64
    package var resolution: Resolution
  }

  /// `PRAGMA integrity_check` (or, `quick`, `quick_check`, which skips matching every index
  /// against its table: linear instead of N log N): SQLite's own lines, none when all is well.
  /// At most `limit` lines, since a badly damaged file gives one per damaged page.
  package func integrityProblems(quick: Bool, limit: Int = 20) throws(StoreError) -> [String] {
    let pragma = quick ? "quick_check" : "integrity_check"
    let rows = try database.query("PRAGMA \(pragma)(\(limit))")
    let lines = try rows.map { row throws(StoreError) in try row.string(0) }
    return lines == ["ok"] ? [] : lines
  }

  /// `PRAGMA foreign_key_check`: rows that point at a picture that no longer exists (written by
  /// something that did not turn foreign keys on), as `appearances row 12 → pictures`.
  package func foreignKeyProblems() throws(StoreError) -> [String] {
    try database.query("PRAGMA foreign_key_check").map { row throws(StoreError) in
      let table = try row.string(0)
      let rowid = try row.optionalInt64(1).map(String.init) ?? "?"
      return "\(table) row \(rowid) refers to a missing row of \(try row.string(2))"
    }
  }

  /// Deletes the rows `foreignKeyProblems` names: they belong to no picture, so nothing can show
  /// them. Call inside `write`.
  package func deleteOrphanedRows() throws(StoreError) {
    for table in ["appearances", "applies", "renditions"] {
      try database.run(
        "DELETE FROM \(table) WHERE picture_id NOT IN (SELECT id FROM pictures)")
    }
  }

  /// SQLite's words for a failure and its code, without the advice `StoreError` adds: doctor gives
  /// its own. Other errors as they describe themselves.
  package static func briefly(_ error: any Error) -> String {
    switch error as? StoreError {
    case .open(_, let code, let message)?, .prepare(_, _, let code, let message)?,
      .statement(_, _, let code, let message)?:
      return "\(message) (\(code.name))"
    default:
      return "\(error)"
    }
  }

  /// Every stored picture's file, in id order; `hashes` false leaves `sha256` empty (`--quick`).
  ///
  /// Stepped by hand rather than through `query`: a 100,000-picture history is 100,000 rows, and
  /// `doctor --quick` has half a second for all of them.
  package func storedFiles(hashes: Bool = true) throws(StoreError) -> [StoredFile] {
    let hash = hashes ? "sha256" : "''"
    let statement = try database.prepare(
      "SELECT id, key, path, \(hash), bytes, resolution FROM pictures ORDER BY id")
    var files: [StoredFile] = []
    while try statement.step() {
      func text(_ index: Int) -> String {
        if case .text(let value) = statement.value(at: index) { return value }
        return ""
      }
      func integer(_ index: Int) -> Int64 {
        if case .integer(let value) = statement.value(at: index) { return value }
        return 0
      }
      files.append(
        StoredFile(
          id: integer(0), key: text(1), path: text(2), sha256: text(3), bytes: integer(4),
          resolution: Resolution(stored: text(5))))
    }
    return files
  }

  /// Forgets a picture whose file is gone for good, with its appearances, applies and marks
  /// (the schema cascades). Call inside `write`.
  package func deletePicture(id: Int64) throws(StoreError) {
    try database.run("DELETE FROM pictures WHERE id = ?", [.integer(id)])
  }

  /// Points a picture at a file fetched again, with that file's own hash, size and dimensions
  /// (Bing may serve other bytes, or only the fallback size, today). Call inside `write`.
  func replaceFile(pictureID: Int64, with file: NewPictureFile) throws(StoreError) {
    try database.run(
      """
      UPDATE pictures SET path = ?, sha256 = ?, resolution = ?, width = ?, height = ?, bytes = ?
      WHERE id = ?
      """,
      [
        .text(file.path), .text(file.sha256), SQLiteValue(file.resolution), .integer(Int64(file.width)),
        .integer(Int64(file.height)), .integer(file.bytes), .integer(pictureID),
      ])
  }

  /// Records a named file that no row knew (a crash between naming and committing left it) as
  /// the picture `file` describes, with its appearances, in one transaction; returns its id.
  @discardableResult
  package func adopt(_ file: NewPictureFile, appearances: [Appearance], at now: Date) throws -> Int64 {
    try write {
      let id = try insert(file, at: now)
      for appearance in appearances { try record(appearance, pictureID: id, at: now) }
      return id
    }
  }
}
