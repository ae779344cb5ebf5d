import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// Copies pictures of the history into a folder under readable names, then writes the export
/// document that names them.
///
/// Each copy is an unnamed file in the folder (`PendingImageFile`: O_TMPFILE, or a hidden `.part`
/// file where the file system lacks it), cloned (reflink) where the file system can or else
/// copied, synced, and linked under its name, which never replaces a file; the folder is synced
/// and the document written last, atomically, so an export cut short has no document naming files
/// that are not there, and no half-copied picture under a name. A name already holding the same bytes (an earlier
/// export) is kept as it is.
package struct PictureExporter {
  /// What became of one picture.
  package enum Outcome: Equatable, Sendable {
    case copied(fileName: String)
    case alreadyThere(fileName: String)
    case missing(TransferError)
  }

  let store: HistoryStore
  let folder: String

  /// File names handed out in this run, so two pictures never get the same one.
  private var taken: Set<String> = []
  private var entries: [JSONOutput] = []

  init(store: HistoryStore, folder: String) {
    self.store = store
    self.folder = folder
  }

  /// `2026-12-01_en-US_Lake.jpg`; a picture without a market gets `2026-12-01_Lake.jpg`.
  static func fileName(for picture: Picture, attempt: Int) -> String {
    let suffix = attempt > 1 ? "-\(attempt)" : ""
    let name = ImageFolder.sanitise(PictureKey.name(of: picture.id.key))
    let market = picture.market.map { ImageFolder.sanitise($0.code) + "_" } ?? ""
    return "\(picture.date)_\(market)\(name)\(suffix).jpg"
  }

  /// Copies one picture's file (or finds it there already) and adds it to the document.
  mutating func export(_ picture: Picture) throws -> Outcome {
    let source = open(picture.path, O_RDONLY | O_CLOEXEC)
    if source < 0 {
      if errno == ENOENT { return .missing(.missingFile(key: picture.id.key, path: picture.path)) }
      throw FileError.system(operation: "read", path: picture.path, errno: errno)
    }
    defer { close(source) }
    for attempt in 1...1000 {
      let name = Self.fileName(for: picture, attempt: attempt)
      if taken.contains(name) { continue }
      let target = folder + "/" + name
      if access(target, F_OK) == 0 {
        guard try Self.holds(target, sha256: picture.sha256, bytes: picture.bytes) else { continue }
        taken.insert(name)
        try add(picture, as: name)
        return .alreadyThere(fileName: name)
      }
      let copy = try ImageFolder(path: folder).pendingFile()
      defer { copy.discard() }
      try Self.copy(from: source, to: copy.fileDescriptor, source: picture.path, target: folder)
      let committed = Result { () throws(FileError) in try copy.commit(as: name) }
      // link(2) never replaces a file: a name taken since the check above goes to the next one.
      if case .failure(let error) = committed, error.errno == EEXIST { continue }
      _ = try committed.get()
      taken.insert(name)
      try add(picture, as: name)
      return .copied(fileName: name)
    }
    throw FileError.system(operation: "find a free name in", path: folder, errno: EEXIST)
  }

  /// Syncs the folder, so every name given is on disk, then writes the document over the old one.
  func finish(at now: Date) throws {
    try TemporaryFile.syncFolder(folder)
    let text = ExportDocument.render(entries, exportedAt: now)
    try AtomicFile.write(Data(text.utf8), to: folder + "/" + ExportDocument.fileName, mode: 0o644)
  }

  private mutating func add(_ picture: Picture, as name: String) throws {
    entries.append(
      ExportDocument.entry(
        picture, fileName: name, appearances: try store.appearances(pictureID: picture.rowID))
    )
  }

  /// True when the file at `path` has exactly this size and content.
  static func holds(_ path: String, sha256: String, bytes: Int64) throws -> Bool {
    try PictureIngest.isSameContent(path, sha256: sha256, bytes: bytes)
  }

  /// Clones `source` into `target` where the file system shares blocks (btrfs, XFS), else copies.
  static func copy(from source: Int32, to target: Int32, source sourcePath: String, target targetPath: String)
    throws(FileError)
  {
    // FICLONE, _IOW(0x94, 9, int): Glibc's module does not export the macro.
    let ficlone: UInt = 0x4004_9409
    if ioctl(target, ficlone, source) == 0 { return }
    if lseek(source, 0, SEEK_SET) < 0 {
      throw FileError.system(operation: "read", path: sourcePath, errno: errno)
    }
    try Syscall.copy(
      from: source, to: target,
      readFailure: { FileError.system(operation: "read", path: sourcePath, errno: $0.code) },
      writeFailure: { FileError.system(operation: "write", path: targetPath, errno: $0.code) })
  }
}
