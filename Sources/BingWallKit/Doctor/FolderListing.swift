import BingWallSystem
import Glibc

/// A file's identity on disk: the same file under two spellings of its path is one.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
}

/// What the image folder holds, read with `readdir` (`FileSystem.names`): 100,000 names cost a
/// few milliseconds, and only names no row knows are looked at further.
struct FolderListing: Sendable {
  var path: String
  var names: [String]

  /// Nil when the folder does not exist (nothing fetched yet); throws when it cannot be read.
  static func read(_ path: String, in files: any FileSystem) throws(FileError) -> FolderListing? {
    try files.names(in: path).map { FolderListing(path: path, names: $0) }
  }
}
