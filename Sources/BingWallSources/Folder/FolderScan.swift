import BingWallSystem
import Glibc

/// The pictures a folder of the user's holds, found by walking it: what a folder source offers.
/// It only reads: nothing in the folder is opened for writing, moved or removed.
///
/// Bounded whatever the folder holds: at most `maximumEntries` entries looked at and at most
/// `maximumDepth` folders deep. A symbolic link is taken only when it names a file inside the
/// folder: a link to a folder is not followed (so no walk loops), and one that leaves the folder
/// is passed over. A FIFO, a socket or a device is never opened, and hidden entries (`.name`:
/// thumbnails, a `.git`) are left alone. A picture is a regular file named `.jpg`, `.jpeg` or
/// `.png` that is not empty; its bytes are checked later by the inspectors a download passes.
struct FolderScan: Sendable, Equatable {
  /// One picture file found.
  struct Entry: Sendable, Equatable {
    /// Its path below the folder, `/`-separated: `beach/sunset.jpg`.
    var relativePath: String
    var bytes: Int64
    /// The last change of its bytes, in nanoseconds since the epoch: with its size and inode,
    /// what tells a later scan that the file is the one already looked at.
    var modified: Int64
    var device: UInt64
    var inode: UInt64
  }

  /// The pictures, in the order of their paths.
  var pictures: [Entry] = []
  /// What was passed over: files of other kinds or empty ones, special files, links that leave
  /// the folder or name a folder, names that are not UTF-8 (`-v` counts them).
  var passedOver = 0
  /// Folders inside that could not be read, by their paths below the folder.
  var unreadable: [String] = []
  /// Folders left unread because they lie deeper than `maximumDepth`.
  var tooDeep = 0
  /// Whether the walk stopped at `maximumEntries`, leaving the rest of the folder unread.
  var stoppedEarly = false

  /// The most entries one scan looks at.
  static let maximumEntries = 100_000
  /// The deepest folder read: the folder itself is 0, a folder in it 1.
  static let maximumDepth = 8

  /// Walks `folder`. Throws when the folder itself cannot be opened; a folder inside that cannot
  /// be read is listed in `unreadable` and the walk goes on.
  static func scan(folder: String, maximumEntries: Int = maximumEntries) throws(FileError)
    -> FolderScan
  {
    let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard root >= 0 else { throw FileError.system(operation: "read", path: folder, errno: errno) }
    // The folder's real path, which a link must stay under; itself through whatever links name it.
    guard let resolved = realpath(folder, nil) else {
      let code = errno
      close(root)
      throw FileError.system(operation: "read", path: folder, errno: code)
    }
    defer { free(resolved) }
    var walk = Walk(realRoot: String(cString: resolved), folder: folder, budget: maximumEntries)
    walk.read(root, prefix: "", depth: 0)
    walk.scan.pictures.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
    return walk.scan
  }

  /// Whether `name` is a picture's: `.jpg`, `.jpeg` or `.png`, in any case.
  static func isPictureName(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    return ["jpg", "jpeg", "png"].contains(name[name.index(after: dot)...].lowercased())
  }

  /// One walk's state: what it found and how many entries it may still look at.
  private struct Walk {
    let realRoot: String
    let folder: String
    var budget: Int
    var scan = FolderScan()

    /// Reads the folder open as `descriptor` (which it closes) and those below it.
    mutating func read(_ descriptor: Int32, prefix: String, depth: Int) {
      guard let directory = fdopendir(descriptor) else {
        close(descriptor)
        scan.unreadable.append(prefix.isEmpty ? "." : prefix)
        return
      }
      defer { closedir(directory) }
      var folders: [(name: String, path: String)] = []
      while let entry = readdir(directory) {
        let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(validatingCString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        guard let name else {
          scan.passedOver += 1
          continue
        }
        if name == "." || name == ".." || name.hasPrefix(".") { continue }
        guard budget > 0 else {
          scan.stoppedEarly = true
          return
        }
        budget -= 1
        let path = prefix.isEmpty ? name : prefix + "/" + name
        var status = stat()
        guard fstatat(dirfd(directory), name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
          scan.passedOver += 1
          continue
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: folders.append((name, path))
        case S_IFREG: take(name, path: path, status)
        case S_IFLNK: follow(name, path: path)
        default: scan.passedOver += 1
        }
      }
      for (name, path) in folders {
        guard depth < FolderScan.maximumDepth else {
          scan.tooDeep += 1
          continue
        }
        let inner = openat(dirfd(directory), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard inner >= 0 else {
          scan.unreadable.append(path)
          continue
        }
        read(inner, prefix: path, depth: depth + 1)
        if scan.stoppedEarly { return }
      }
    }

    /// A regular file: a picture when its name says so and it is not empty.
    private mutating func take(_ name: String, path: String, _ status: stat) {
      guard FolderScan.isPictureName(name), status.st_size > 0 else {
        scan.passedOver += 1
        return
      }
      scan.pictures.append(
        Entry(
          relativePath: path, bytes: Int64(status.st_size),
          modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
          device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }

    /// A symbolic link: taken as the picture it names when that is a file inside the folder.
    private mutating func follow(_ name: String, path: String) {
      let full = folder + "/" + path
      guard let target = realpath(full, nil) else {
        scan.passedOver += 1
        return
      }
      let real = String(cString: target)
      free(target)
      var status = stat()
      guard real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/"), stat(real, &status) == 0,
        status.st_mode & S_IFMT == S_IFREG
      else {
        scan.passedOver += 1
        return
      }
      take(name, path: path, status)
    }
  }
}
