import Glibc

/// The file work of the use cases, as one seam of the context: `LocalFileSystem` on the disk,
/// and in the tests an in-memory one that refuses loudly what it does not model. SwiftPM's
/// `Basics.FileSystem`, with its in-memory fake, is the model.
///
/// Paths are absolute. What needs a descriptor held across calls (a folder opened once so that
/// no link swapped in between is followed, a picture streamed while it is hashed) stays on the
/// system calls; this is for the rest: whole small files, names, states, moves and removals.
package protocol FileSystem: Sendable {
  /// The bytes of the regular file at `path`, or nil when there is none. More than `limit`
  /// bytes is `EFBIG`: the files read whole are small, and a huge one is an error.
  func contents(of path: String, limit: Int) throws(FileError) -> [UInt8]?

  /// Replaces `path` with `bytes`, so that a crash at any moment leaves the old file or the new:
  /// a temporary file in the same folder, written, fsynced, renamed over `path`, the folder
  /// fsynced. The file gets `mode`.
  func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t) throws(FileError)

  /// The names in `folder` (without `.` and `..`), in no order; nil when there is no folder.
  func names(in folder: String) throws(FileError) -> [String]?

  /// What is at `path`, nil when nothing is; a link is itself unless `followingLinks`.
  func status(of path: String, followingLinks: Bool) -> FileStatus?

  /// Throws why this process may not read `path` (`access(2)`, `R_OK`): `ENOENT`, `EACCES`…
  func checkReadable(_ path: String) throws(Errno)

  /// Removes the file (or link) at `path`; nothing when there is none.
  func removeFile(_ path: String) throws(FileError)

  /// Removes `folder` and everything in it, as far as it can; nothing when it is not there.
  func removeTree(_ folder: String)

  /// Moves `source` to `target` in one step (`rename(2)`), replacing a file there.
  func rename(_ source: String, to target: String) throws(FileError)

  /// Makes `folder`, and its missing parents private (0700); the folder itself gets exactly
  /// `mode`, whatever the umask. Nothing when it is a folder already; `notADirectory` when a
  /// file has its name.
  func makeFolder(_ folder: String, mode: mode_t) throws(FileError)

  /// A new folder in `parent` that only this user may enter, its name `prefix` and six random
  /// characters (`mkdtemp(3)`); its path.
  func makeTemporaryFolder(in parent: String, prefix: String) throws(FileError) -> String

  /// `path` with every link in it followed, as far as they lead.
  func resolvingLinks(_ path: String) -> String

  /// What the link at `path` says (`readlink(2)`), nil when it is not a link.
  func destination(ofLink path: String) -> String?

  /// Makes the renames and removals in `folder` durable (`fsync(2)` of the folder).
  func syncFolder(_ folder: String) throws(FileError)
}

extension FileSystem {
  /// Whether anything is at `path`, a link followed.
  package func exists(_ path: String) -> Bool {
    status(of: path, followingLinks: true) != nil
  }

  /// Whether this process may read `path`.
  package func isReadable(_ path: String) -> Bool {
    (try? checkReadable(path)) != nil
  }

  /// The bytes of the file, at most 1 MiB (config, state and autostart files).
  package func contents(of path: String) throws(FileError) -> [UInt8]? {
    try contents(of: path, limit: 1 << 20)
  }

  /// A private folder (0700), as the state and cache folders are.
  package func makeFolder(_ folder: String) throws(FileError) {
    try makeFolder(folder, mode: 0o700)
  }
}

/// What is at a path.
package struct FileStatus: Equatable, Sendable {
  /// What kind of thing it is.
  package enum Kind: Equatable, Sendable {
    case file, folder, link, other
  }

  package var kind: Kind
  package var size: Int
  /// The permission bits (`0o7777` of `st_mode`).
  package var mode: mode_t
  /// When its content last changed, in seconds since 1970.
  package var modified: Int

  package init(kind: Kind, size: Int = 0, mode: mode_t = 0o644, modified: Int = 0) {
    self.kind = kind
    self.size = size
    self.mode = mode
    self.modified = modified
  }
}
