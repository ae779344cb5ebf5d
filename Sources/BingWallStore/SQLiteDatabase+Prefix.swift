import BingWallSystem
import CSQLite

/// The beginning of one long value, read in place.
///
/// https://www.sqlite.org/c3ref/blob_open.html
/// A query that names a column makes SQLite load the whole value, even for `substr()`: a 300 MB
/// text costs 300 MB however little of it is wanted. An incremental blob handle reads only the
/// bytes asked for, from a TEXT value as from a BLOB one.
extension SQLiteDatabase {
  /// The first `limit` bytes of `table.column` in the row whose rowid is `rowid`, cut back to
  /// whole UTF-8 characters; nil when the row is gone or the value is not text or a blob (NULL,
  /// a number), which SQLite will not open so.
  func textPrefix(table: String, column: String, rowid: Int64, bytes limit: Int) -> String? {
    var blob: OpaquePointer?
    guard sqlite3_blob_open(handle, "main", table, column, rowid, 0, &blob) == SQLITE_OK, let blob else {
      if let blob { sqlite3_blob_close(blob) }
      return nil
    }
    defer { sqlite3_blob_close(blob) }
    let count = min(Int(sqlite3_blob_bytes(blob)), limit)
    guard count > 0 else { return "" }
    var bytes = [UInt8](repeating: 0, count: count)
    let code = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(count), 0) }
    guard code == SQLITE_OK else { return nil }
    return String(decoding: Self.wholeCharacters(bytes), as: UTF8.self)
  }

  /// `bytes` without a UTF-8 sequence the cut left incomplete at its end.
  static func wholeCharacters(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    // The last lead byte, at most three continuation bytes back.
    var start = bytes.count - 1
    while start > 0, bytes.count - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    let lead = bytes[start]
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    return start + length > bytes.count ? bytes[..<start] : bytes[...]
  }
}
