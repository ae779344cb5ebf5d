import BingWallModel
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// An open folder, read through its descriptor so that every name is looked up inside it.
final class FolderHandle {
  let path: String
  let descriptor: Int32

  init(path: String) throws(FileError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0 { throw FileError.system(operation: "open folder", path: path, errno: errno) }
  }

  deinit { close(descriptor) }

  /// The size of the entry `name` (0 when it cannot be read), for the progress bar.
  func size(of name: String, followLinks: Bool) -> Int64 {
    var status = stat()
    guard fstatat(descriptor, name, &status, followLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return 0 }
    return Int64(status.st_size)
  }

  /// The local calendar date of the entry's modification time (1970-01-01 when unreadable).
  func modifiedDate(of name: String) -> CalendarDate {
    var status = stat()
    var seconds: time_t = fstatat(descriptor, name, &status, 0) == 0 ? status.st_mtim.tv_sec : 0
    var parts = tm()
    localtime_r(&seconds, &parts)
    return CalendarDate(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)) ?? .unixEpoch
  }

  /// The type bits of the entry `name`; nil when it cannot be read.
  func type(of name: String, followLinks: Bool = true) -> mode_t? {
    var status = stat()
    guard fstatat(descriptor, name, &status, followLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }
}

/// One file an import will try: where to read it and how to record it.
struct ImportJob {
  var name: String
  /// For the progress bar; 0 when unknown.
  var size: Int64
  var open: () throws(TransferError) -> SourceFile
  var expectedSHA256: String?
  /// The rows of the checked file; the source is nil for a preview.
  var describe: (SourceFile?, NewPictureFile) -> PictureImporter.Description
  /// The picture's other files (other markets, other sizes), counted with it as duplicates.
  var others = 0

  /// What the job would record, from the names alone, for `import --dry-run`.
  func preview() -> PictureImporter.Description {
    describe(
      nil,
      NewPictureFile(
        key: "", sha256: "", path: "", resolution: Resolution(stored: ""), width: 0, height: 0, bytes: 0))
  }
}

/// What `import PATH` will do: the files to try, and what was refused before any was read.
struct ImportPlan {
  enum Kind: Equatable {
    case export
    case folder
    case file
  }

  var kind: Kind
  var jobs: [ImportJob] = []
  var refused: [TransferError] = []
  /// Keeps the folder open while the jobs run.
  var folder: FolderHandle?

  /// The plan with only the pictures one of `sources` showed, as their names and sidecars say;
  /// all of them for none.
  func keeping(_ sources: [Source]) -> ImportPlan {
    guard !sources.isEmpty else { return self }
    var plan = self
    plan.jobs = jobs.filter { job in
      let picture = job.preview().picture
      let shown = [picture.file.source] + picture.appearances.map(\.appearance.source)
      return shown.contains(where: sources.contains)
    }
    return plan
  }

  /// Looks at PATH: an export folder (it has `bingwall-export.json`), a plain folder, or a file.
  static func make(path: String, now: Date) throws -> ImportPlan {
    var status = stat()
    if stat(path, &status) != 0 { throw FileError.system(operation: "read", path: path, errno: errno) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      let folder = try FolderHandle(path: path)
      if folder.type(of: ExportDocument.fileName, followLinks: false) != nil {
        return try export(folder, now: now)
      }
      return try plainFolder(folder, now: now)
    case S_IFREG:
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let folder = try FolderHandle(path: Paths.parent(of: path))
      let job = ImportJob(
        name: name, size: Int64(status.st_size),
        open: { () throws(TransferError) in try SourceFile.open(path: path, name: name) },
        describe: { _, file in
          plain(
            name: name, bytes: Int64(status.st_size), modified: folder.modifiedDate(of: name), file, now: now)
        })
      return ImportPlan(kind: .file, jobs: [job])
    default:
      throw TransferError.notImportable(path: path)
    }
  }

  // MARK: - A bingwall export

  private static func export(_ folder: FolderHandle, now: Date) throws -> ImportPlan {
    let documentPath = folder.path + "/" + ExportDocument.fileName
    // A link could make the document any file of the system; an export writes a plain file.
    guard folder.type(of: ExportDocument.fileName, followLinks: false) == S_IFREG else {
      throw TransferError.invalidDocument(path: documentPath, detail: "it is not a regular file")
    }
    if folder.size(of: ExportDocument.fileName, followLinks: true) > ExportDocument.maximumBytes {
      throw TransferError.documentTooLarge(path: documentPath, limit: ExportDocument.maximumBytes)
    }
    let read = Result { () throws(FileError) in
      try FileContents.read(documentPath, limit: ExportDocument.maximumBytes) ?? []
    }
    if case .failure(let error) = read, error.errno == EFBIG {
      throw TransferError.documentTooLarge(path: documentPath, limit: ExportDocument.maximumBytes)
    }
    let bytes = try read.get()
    var plan = ImportPlan(kind: .export, folder: folder)
    var entries: [(position: Int, entry: ExportDocument.Entry)] = []
    for (position, result) in try ExportDocument.read(bytes, path: documentPath).enumerated() {
      switch result {
      case .success(let entry): entries.append((position, entry))
      case .failure(let error): plan.refused.append(error)
      }
    }
    // In the order they arrived in the exporting history (its ids), so that pictures of one day
    // list in the same order here; the document itself is newest first.
    entries.sort { left, right in
      switch (left.entry.originalID, right.entry.originalID) {
      case (let l?, let r?): return l < r
      case (nil, nil): return left.position > right.position
      case (_?, nil): return true
      case (nil, _?): return false
      }
    }
    for (_, entry) in entries {
      plan.jobs.append(
        ImportJob(
          name: entry.fileName, size: folder.size(of: entry.fileName, followLinks: false),
          open: { () throws(TransferError) in
            try SourceFile.open(entry.fileName, in: folder.descriptor, followLinks: false)
          },
          expectedSHA256: entry.sha256,
          describe: { _, file in
            var checked = file
            checked.key = entry.key
            checked.source = entry.source
            checked.resolution = entry.resolution
            return PictureImporter.Description(
              picture: ImportedPicture(
                file: checked, favorite: entry.favorite, banned: entry.banned, addedAt: entry.addedAt,
                appearances: entry.appearances),
              date: entry.date, name: PictureKey.name(of: entry.key))
          }))
    }
    return plan
  }

  // MARK: - A folder of JPEGs

  private static func plainFolder(_ folder: FolderHandle, now: Date) throws -> ImportPlan {
    var plan = ImportPlan(kind: .folder, folder: folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let (sidecars, refused) = ImportSidecars.read(folder, names: names.filter { !$0.hasPrefix(".") })
    plan.refused += refused
    var files: [FolderPictures.File] = []
    for name in names where !name.hasPrefix(".") {
      // Only the top level: subfolders are left alone, without a word.
      if folder.type(of: name) == S_IFDIR { continue }
      if ImportSidecars.isSidecar(name) { continue }
      guard FileNameScheme.hasJPEGExtension(name) else {
        plan.refused.append(.notJPEG(name: name))
        continue
      }
      files.append(
        FolderPictures.File(
          name: name, named: FileNameScheme.read(name), bytes: folder.size(of: name, followLinks: true),
          modified: folder.modifiedDate(of: name)))
    }
    for group in FolderPictures.groups(files, sidecars: sidecars) {
      let chosen = group.chosen.name
      plan.jobs.append(
        ImportJob(
          name: chosen, size: group.chosen.bytes,
          open: { () throws(TransferError) in
            try SourceFile.open(chosen, in: folder.descriptor, followLinks: true)
          },
          describe: { _, file in FolderPictures.describe(group, checked: file, sidecars: sidecars, now: now)
          },
          others: group.files.count - 1))
    }
    return plan
  }

  /// One file given by itself: key, date, market and size from its name where the name follows a
  /// known scheme, the date else from its modification time. Without a market the appearance is
  /// recorded with an empty one (docs/commands.md, "export and import").
  static func plain(name: String, bytes: Int64, modified: CalendarDate, _ checked: NewPictureFile, now: Date)
    -> PictureImporter.Description
  {
    let named = FileNameScheme.read(name)
    let file = FolderPictures.File(name: name, named: named, bytes: bytes, modified: modified)
    let group = FolderPictures.Group(
      key: FolderPictures.key(of: named, sidecars: ImportSidecars()), files: [file])
    return FolderPictures.describe(group, checked: checked, sidecars: ImportSidecars(), now: now)
  }
}
