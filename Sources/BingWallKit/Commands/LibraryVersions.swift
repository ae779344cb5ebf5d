import CCurl
import CSQLite

// TEMPORARY until the Net and Store adapters land; replaced by their own accessors.
enum LibraryVersions {
  static var curl: String { CurlHTTPClient.libraryDescription.replacingOccurrences(of: "libcurl ", with: "") }
  static var sqlite: String { String(cString: sqlite3_libversion()) }
}
