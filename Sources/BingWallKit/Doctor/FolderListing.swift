import BingWallSystem
import Glibc

/// A file's identity on disk: the same file under two spellings of its path is one.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
}

/// What the image folder holds, read with `readdir`: 100,000 names cost a few milliseconds, and
/// only names no row knows are looked at further.
struct FolderListing: Sendable {
  var path: String
  var names: [String]

  /// Nil when the folder does not exist (nothing fetched yet); throws when it cannot be read.
  static func read(_ path: String) throws(FileError) -> FolderListing? {
    guard let directory = opendir(path) else {
      if errno == ENOENT { return nil }
      throw FileError.system(operation: "read", path: path, errno: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." { continue }
      names.append(name)
    }
    return FolderListing(path: path, names: names)
  }
}
