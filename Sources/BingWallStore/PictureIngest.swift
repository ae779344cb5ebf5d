import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// Gives a checked, synced download its name in the image folder and its rows in the history.
///
/// The file is linked under its name and recorded with its appearances inside one transaction;
/// when the transaction fails the name is removed again. Across a file system and a database
/// that is not one atomic step: a kill between the link and the commit leaves a named file that
/// no row knows. The next run that stores the same picture recovers it: the name it wants is
/// taken on disk by a file no row records; when that file holds the same bytes it is the killed
/// run's, and it is adopted (recorded, the new download dropped). A file of other bytes is left
/// alone and the picture takes the next name (`-2`): a path never gets other content.
package struct PictureIngest {
  /// What became of the file.
  package enum Result: Equatable {
    /// Named and recorded.
    case stored(pictureID: Int64)
    /// The same bytes are stored under this key and still on disk: the file was dropped and the
    /// appearances recorded on the stored picture.
    case identical(pictureID: Int64)
  }

  let store: HistoryStore
  let images: ImageFolder
  /// Set inside `batch`: the names given and the files replaced, held until the commit.
  private let pending: Pending?

  package init(store: HistoryStore, images: ImageFolder) {
    self.init(store: store, images: images, pending: nil)
  }

  private init(store: HistoryStore, images: ImageFolder, pending: Pending?) {
    self.store = store
    self.images = images
    self.pending = pending
  }

  /// What a batch did that only its end may make final.
  private final class Pending {
    /// Paths named in the image folder, removed again when the transaction fails.
    var named: [String] = []
    /// Files whose rows now name other files, removed once the transaction is committed.
    var replaced: [String] = []
  }

  /// Runs `body` with an ingest whose every picture goes into one write transaction: each
  /// picture in a savepoint of its own (one that fails takes back only its rows), the folder
  /// synced once before the commit instead of once per name, and the files its rows no longer
  /// name removed only after the commit. When the transaction fails, every name it gave is
  /// removed again and the replaced files stay.
  package func batch(_ body: (PictureIngest) throws -> Void) throws {
    let pending = Pending()
    let inner = PictureIngest(store: store, images: images, pending: pending)
    do {
      try store.write {
        try body(inner)
        if !pending.named.isEmpty { try TemporaryFile.syncFolder(images.path) }
      }
    } catch {
      for path in pending.named { unlink(path) }
      throw error
    }
    for path in pending.replaced { unlink(path) }
  }

  /// Removes `path` now, or after the batch's commit.
  private func remove(replaced path: String) {
    if let pending { pending.replaced.append(path) } else { unlink(path) }
  }

  /// Keeps `file` as the picture `picture` shows on `appearances`. A stored copy of the same key
  /// and bytes whose file has gone (`--force` after a deletion) is replaced by this one. The same
  /// bytes stored from another source are the same photograph: one picture, which gets these
  /// appearances too.
  package func keep(
    _ file: PendingImageFile, as picture: NewPictureFile, name: String, date: CalendarDate,
    appearances: [Appearance], at now: Date
  ) throws -> Result {
    var stored = try store.file(key: picture.key, sha256: picture.sha256)
    // A key stored before keys were escaped (`SourceKey`) names the same picture as its escaped
    // form: its bytes again are one more appearance, not a second copy.
    if stored == nil, let same = try store.picture(sha256: picture.sha256),
      same.pictureID.source != picture.source || SourceKey.escaped(same.pictureID.key) == picture.key,
      access(same.path, F_OK) == 0
    {
      stored = (same.id, same.path)
    }
    if let stored, access(stored.path, F_OK) == 0 {
      file.discard()
      try store.write {
        for appearance in appearances { try store.record(appearance, pictureID: stored.id, at: now) }
      }
      return .identical(pictureID: stored.id)
    }
    let id = try adopt(file, picture, date: date, name: name) { record in
      let id: Int64
      if let stored {
        try store.move(pictureID: stored.id, to: record.path)
        id = stored.id
      } else {
        id = try store.insert(record, at: now)
      }
      for appearance in appearances { try store.record(appearance, pictureID: id, at: now) }
      return id
    }
    return .stored(pictureID: id)
  }

  /// Keeps `file` as the portrait rendition of stored picture `pictureID` (see
  /// `HistorySchema.version4`), named and recorded as a picture's file is.
  package func keepPortrait(
    _ file: PendingImageFile, of pictureID: Int64, as picture: NewPictureFile, name: String,
    date: CalendarDate,
    at now: Date
  ) throws -> Result {
    // `update --force` asks again: the same bytes still on disk are kept as they are.
    let old = try store.storedPortrait(pictureID: pictureID)
    if let old, old.sha256 == picture.sha256, access(old.path, F_OK) == 0 {
      file.discard()
      return .identical(pictureID: pictureID)
    }
    let id = try adopt(file, picture, date: date, name: name) { record in
      try store.recordPortrait(pictureID: pictureID, file: record, at: now)
      return pictureID
    }
    // Other bytes replaced the old file's row: the old file goes (the row no longer names it).
    if let old, let current = try store.storedPortrait(pictureID: pictureID), current.path != old.path {
      remove(replaced: old.path)
    }
    return .stored(pictureID: id)
  }

  /// Names `file` in the image folder and runs `record` with its path, both inside one write
  /// transaction; when `record` or the commit fails the name is removed again. `update` and
  /// `import` share it, each with its own rows.
  ///
  /// `sha256` and `bytes` are the file's: a file of the same name that no row knows and that
  /// holds the same content is taken instead (see the type's note on killed runs).
  package func adopt(
    _ file: PendingImageFile, date: CalendarDate, name: String, resolution: Resolution, sha256: String,
    bytes: Int64,
    record: (String) throws -> Int64
  ) throws -> Int64 {
    var named: String?
    do {
      return try store.write { () throws -> Int64 in
        let path = try self.name(
          file, date: date, name: name, resolution: resolution, sha256: sha256, bytes: bytes)
        named = path
        return try record(path)
      }
    } catch {
      // The history did not take it, so the name must not stay either.
      if let named { unlink(named) }
      throw error
    }
  }

  /// `adopt` for a file `picture` describes: `record` gets the picture with its path filled in.
  private func adopt(
    _ file: PendingImageFile, _ picture: NewPictureFile, date: CalendarDate, name: String,
    record: (NewPictureFile) throws -> Int64
  ) throws -> Int64 {
    try adopt(
      file, date: date, name: name, resolution: picture.resolution, sha256: picture.sha256,
      bytes: picture.bytes
    ) { path in
      var named = picture
      named.path = path
      return try record(named)
    }
  }

  /// Gives `file` its name and points picture `pictureID` at it, with the new file's hash, size
  /// and dimensions (`doctor --fix`, when the stored file was lost or damaged), recording the
  /// appearances in the same transaction; then removes the damaged file, if any, that the row
  /// named before.
  package func replace(
    _ file: PendingImageFile, pictureID: Int64, with picture: NewPictureFile, name: String,
    date: CalendarDate,
    appearances: [Appearance], at now: Date
  ) throws -> Result {
    let old = try store.picture(id: pictureID)?.path
    var named: String?
    do {
      try store.write {
        // A lost file's name is free again on disk; a damaged one's stays until the new one is in.
        let reusable = old.flatMap { access($0, F_OK) == 0 ? nil : $0 }
        let path = try self.name(
          file, date: date, name: name, resolution: picture.resolution, sha256: picture.sha256,
          bytes: picture.bytes, reusing: reusable)
        named = path
        var record = picture
        record.path = path
        try store.replaceFile(pictureID: pictureID, with: record)
        for appearance in appearances { try store.record(appearance, pictureID: pictureID, at: now) }
      }
    } catch {
      if let named { unlink(named) }
      throw error
    }
    if let old, old != named { remove(replaced: old) }
    return .stored(pictureID: pictureID)
  }

  /// Gives the file its readable name, adding `-2`, `-3`… when a name is taken on disk or in the
  /// history: a path never gets other content.
  /// `reusing` is a path the history holds but may be given again (the picture being replaced's own).
  private func name(
    _ file: PendingImageFile, date: CalendarDate, name: String, resolution: Resolution, sha256: String,
    bytes: Int64,
    reusing: String? = nil
  ) throws -> String {
    for attempt in 1...1000 {
      let fileName = PictureFileName(date: date, name: name, resolution: resolution, attempt: attempt)
        .fileName
      let path = images.path + "/" + fileName
      if path != reusing, try store.isPathTaken(path) { continue }
      do {
        let named = try file.commit(as: fileName, syncingFolder: pending == nil)
        pending?.named.append(named)
        return named
      } catch {
        guard error.isNameTaken else { throw error }
        // The history has no row for this name (checked above) and we hold the update lock: a
        // file with the very bytes we would name is what a killed run named and never recorded.
        let path = images.path + "/" + fileName
        if try Self.isSameContent(path, sha256: sha256, bytes: bytes) {
          file.discard()
          return path
        }
        // Other bytes: perhaps the user's own file in a folder set by image_dir. Never replaced;
        // the picture takes the next name.
      }
    }
    throw FileError.system(operation: "find a free name in", path: images.path, errno: EEXIST)
  }
}

extension PictureIngest {
  /// True when `path` is a regular file (not a link to one) of exactly `bytes` bytes hashing to
  /// `sha256`. The size is checked first, so a different file costs no hashing.
  package static func isSameContent(_ path: String, sha256: String, bytes: Int64) throws -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int64(status.st_size) == bytes else {
      return false
    }
    return try SHA256.hash(fileAt: path) == sha256
  }
}

extension FileError {
  /// The target name exists (link(2) and linkat(2) never replace a file).
  var isNameTaken: Bool { errno == EEXIST }
}
