import BingWallBing
import BingWallStore
import BingWallSystem
import Glibc

/// A file's identity on disk: the same file under two spellings of its path is one.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
}

/// What the image folder holds, read with `readdir` (100,000 names in a few milliseconds; each
/// entry's inode comes with its name, so telling known files from unknown ones costs no `stat`).
struct FolderListing: Sendable {
  struct Entry: Sendable {
    var name: String
    var inode: UInt64
    /// From the directory entry; `DT_UNKNOWN` on file systems that do not say.
    var type: UInt8
  }

  var path: String
  var device: UInt64
  var entries: [Entry]

  /// Nil when the folder does not exist (nothing fetched yet); throws when it cannot be read.
  static func read(_ path: String) throws(FileError) -> FolderListing? {
    var status = stat()
    if stat(path, &status) != 0 {
      if errno == ENOENT { return nil }
      throw FileError.system(operation: "read", path: path, errno: errno)
    }
    guard let directory = opendir(path) else {
      throw FileError.system(operation: "read", path: path, errno: errno)
    }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." { continue }
      entries.append(Entry(name: name, inode: UInt64(entry.pointee.d_ino), type: entry.pointee.d_type))
    }
    return FolderListing(path: path, device: UInt64(status.st_dev), entries: entries)
  }

  /// True for a regular file (asking the file system when the entry does not say).
  func isRegularFile(_ entry: Entry) -> Bool {
    if entry.type == UInt8(DT_REG) { return true }
    if entry.type != UInt8(DT_UNKNOWN) { return false }
    var status = stat()
    return lstat(path + "/" + entry.name, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }
}

/// What a file name in the image folder says, when it follows `ImageFolder.fileName`:
/// `<date>_<Name>_<RES>[-N].jpg`.
struct PictureFileName: Sendable, Equatable {
  var date: String
  var name: String
  var resolution: String
  var attempt: Int

  /// The key the picture most likely has: `OHR.` and the name (a name with a `.` was written
  /// with `_`, so that one guess can miss; the archive match does not rely on it).
  var likelyKey: String { "OHR." + name }

  init?(_ fileName: String) {
    guard fileName.hasSuffix(".jpg") else { return nil }
    var stem = Substring(fileName.dropLast(4))
    attempt = 1
    if let dash = stem.lastIndex(of: "-"), let number = Int(stem[stem.index(after: dash)...]), number > 1,
      !stem[..<dash].hasSuffix("_")
    {
      // `_800x600` never ends in `-N`, but `-2` after a resolution does.
      let before = stem[..<dash]
      if let underscore = before.lastIndex(of: "_"),
        Resolution(String(before[before.index(after: underscore)...])) != nil
      {
        attempt = number
        stem = before
      }
    }
    guard let first = stem.firstIndex(of: "_"), let last = stem.lastIndex(of: "_"), first < last else {
      return nil
    }
    date = String(stem[..<first])
    name = String(stem[stem.index(after: first)..<last])
    resolution = String(stem[stem.index(after: last)...])
    guard CalendarDate(parsing: date) != nil, Resolution.known.contains(resolution), !name.isEmpty else {
      return nil
    }
  }
}
