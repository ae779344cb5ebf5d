import BingWallModel
import BingWallSystem
import CLinux
import Dispatch
import FoundationEssentials
import Glibc

/// The folder of picture files: readable unique names, and files that exist only once complete.
package struct ImageFolder: Sendable {
  package let path: String

  package init(path: String) {
    self.path = path
  }

  /// Creates the folder (mode 0700) when missing.
  package func ensure() throws(FileError) {
    try Paths.ensureDirectory(path)
  }

  /// Letters, digits, `-` and `_` pass; anything else becomes `_`; at most 80 characters.
  package static func sanitise(_ text: String) -> String {
    let safe = text.unicodeScalars.prefix(80).map { scalar -> Character in
      let isSafe =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9")
        || scalar == "-" || scalar == "_"
      return isSafe ? Character(scalar) : "_"
    }
    return safe.isEmpty ? "picture" : String(safe)
  }

  /// A file for a download in progress; it has no name until `commit`.
  package func pendingFile() throws(FileError) -> PendingImageFile {
    try PendingImageFile(folder: path)
  }

  /// Removes `.bingwall-*.part` files left by a process killed on a file system without O_TMPFILE.
  package func removeAbandonedFiles() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    for name in names where name.hasPrefix(PendingImageFile.fallbackPrefix) && name.hasSuffix(".part") {
      unlink(path + "/" + name)
    }
  }
}

/// A download being written into the image folder.
///
/// On Linux it is an O_TMPFILE file: unnamed, so a crash or kill mid-transfer leaves nothing.
/// Where the file system lacks O_TMPFILE it is a hidden `.bingwall-XXXXXX.part` file, removed on
/// failure and swept by the next update.
package final class PendingImageFile {
  static let fallbackPrefix = ".bingwall-"
  let folder: String
  package private(set) var fileDescriptor: Int32
  /// The visible temporary name when O_TMPFILE was not available.
  private var namedPath: String?
  private var finished = false
  /// Set by `syncAll`, so `commit` need not sync again.
  private var synced = false

  init(folder: String) throws(FileError) {
    self.folder = folder
    let fd = bw_open_tmpfile(folder, 0o644)
    if fd >= 0 {
      fileDescriptor = fd
      return
    }
    var template = Array((folder + "/" + Self.fallbackPrefix + "XXXXXX.part").utf8CString)
    let named = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
    if named < 0 { throw FileError.system(operation: "create a file in", path: folder, errno: errno) }
    _ = fcntl(named, F_SETFD, FD_CLOEXEC)
    fchmod(named, 0o644)
    fileDescriptor = named
    namedPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// Empties the file for another attempt.
  func truncate() throws(FileError) {
    if ftruncate(fileDescriptor, 0) != 0 || lseek(fileDescriptor, 0, SEEK_SET) < 0 {
      throw FileError.system(operation: "truncate", path: folder, errno: errno)
    }
  }

  /// The path to read the content back (for checks) before it has a name.
  package var readablePath: String { namedPath ?? "/proc/self/fd/\(fileDescriptor)" }

  /// Syncs the content and gives it a name in the folder; fails with `EEXIST` instead of replacing a file.
  /// Then syncs the folder, so the name survives a crash, unless the caller syncs it once for
  /// several names (`syncingFolder: false`).
  package func commit(as name: String, syncingFolder: Bool = true) throws(FileError) -> String {
    let target = folder + "/" + name
    if !synced, fsync(fileDescriptor) != 0 {
      throw FileError.system(operation: "sync", path: target, errno: errno)
    }
    let linked: Int32
    if let namedPath {
      linked = link(namedPath, target)
    } else {
      linked = bw_link_tmpfile(fileDescriptor, target)
    }
    if linked != 0 { throw FileError.system(operation: "name", path: target, errno: errno) }
    discard()
    if syncingFolder { try TemporaryFile.syncFolder(folder) }
    return target
  }

  /// Syncs several files at once: each fsync waits on the disk, and waiting in parallel lets
  /// the kernel write them out together. A file whose sync fails is synced again by `commit`.
  package static func syncAll(_ files: [PendingImageFile]) {
    let descriptors = files.map(\.fileDescriptor)
    // Each iteration writes its own slot, and concurrentPerform returns only when all are done:
    // no lock needed (and none that ThreadSanitizer would have to understand).
    let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: descriptors.count)
    defer { results.deallocate() }
    results.initialize(repeating: false)
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: descriptors.count) { index in
      slots[index] = fsync(descriptors[index]) == 0
    }
    for (file, ok) in zip(files, results) { file.synced = ok }
  }

  /// Closes and forgets the file; an unnamed one disappears with its descriptor.
  package func discard() {
    if finished { return }
    finished = true
    close(fileDescriptor)
    fileDescriptor = -1
    if let namedPath { unlink(namedPath) }
  }

  deinit { discard() }
}
