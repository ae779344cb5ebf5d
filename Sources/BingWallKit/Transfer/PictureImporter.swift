import BingWallImage
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// A file to import, open for reading: it is read only through this descriptor, so what was
/// checked (a regular file, inside the folder) is what is copied.
final class SourceFile {
  /// The name messages use: the file's name inside PATH.
  let name: String
  let descriptor: Int32
  let size: Int64
  let modified: time_t

  /// Opens `name` inside the folder `folder` (a descriptor); `followLinks` false refuses a
  /// symbolic link, so a name from an export document cannot lead out of its folder.
  static func open(_ name: String, in folder: Int32, followLinks: Bool) throws(TransferError)
    -> SourceFile
  {
    let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW)
    let descriptor = openat(folder, name, flags)
    if descriptor < 0 {
      if errno == ELOOP { throw .notARegularFile(name: name) }
      throw .unreadable(name: name, reason: String(cString: strerror(errno)))
    }
    return try SourceFile(name: name, descriptor: descriptor)
  }

  /// Opens the file at `path`, which the user named.
  static func open(path: String, name: String) throws(TransferError) -> SourceFile {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0 { throw .unreadable(name: name, reason: String(cString: strerror(errno))) }
    return try SourceFile(name: name, descriptor: descriptor)
  }

  private init(name: String, descriptor: Int32) throws(TransferError) {
    self.name = name
    self.descriptor = descriptor
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .unreadable(name: name, reason: reason)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notARegularFile(name: name)
    }
    size = Int64(status.st_size)
    modified = status.st_mtim.tv_sec
  }

  deinit { close(descriptor) }

  /// The local calendar date of the file's modification time.
  var modifiedDate: String {
    var seconds = modified
    var parts = tm()
    localtime_r(&seconds, &parts)
    let date = CalendarDate(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    return date?.description ?? "1970-01-01"
  }
}

/// Brings files into the image folder and the history, one at a time.
///
/// Each file is copied into an unnamed file of the image folder (hashed on the way), checked as a
/// whole JPEG, compared by content with everything stored, synced, and only then named and
/// recorded in one transaction (`PictureIngest.adopt`), so a failed or interrupted import leaves no
/// file without its rows.
struct PictureImporter {
  /// What became of one file.
  package enum Outcome {
    case imported(pictureID: Int64)
    /// The same bytes are stored already (under any key).
    case duplicate
  }

  /// How a checked file is recorded: the picture's rows (its path filled in later), and the date
  /// and name its file in the image folder is called by.
  struct Description {
    var picture: ImportedPicture
    var date: CalendarDate
    var name: String
  }

  let store: HistoryStore
  let images: ImageFolder
  let now: Date
  let progress: ImportProgress?

  /// Imports `source`, whose sha256 must be `expectedSHA256` when given; `describe` turns the
  /// checked file into its rows. Refusals of this one file are `TransferError`s; anything else
  /// (the image folder or the history failing) is for the whole import.
  func bring(
    _ source: SourceFile, expectedSHA256: String? = nil, describe: (NewPictureFile) -> Description
  ) throws -> Outcome {
    guard source.size <= PictureFetcher.maxBytes else {
      throw TransferError.tooLarge(name: source.name, limit: PictureFetcher.maxBytes)
    }
    guard source.size > 0 else { throw TransferError.notJPEG(name: source.name) }
    let file = try images.pendingFile()
    defer { file.discard() }
    let (sha256, bytes) = try copy(source, into: file)
    let info: JPEGInfo
    do {
      info = try JPEGInspector.inspect(fileAt: file.readablePath)
    } catch {
      switch error {
      case .tooCostlyToDecode, .tooManyScans:
        // The reason alone: the error's path is the copy's, not a name the user knows.
        throw TransferError.tooCostlyToDecode(name: source.name, reason: error.reason)
      default:
        throw TransferError.notJPEG(name: source.name)
      }
    }
    if let expectedSHA256, expectedSHA256 != sha256 {
      throw TransferError.checksumMismatch(name: source.name)
    }
    if try store.picture(sha256: sha256) != nil { return .duplicate }
    let checked = NewPictureFile(
      key: "", sha256: sha256, path: "", resolution: Resolution(stored: ""), width: info.width,
      height: info.height,
      bytes: bytes)
    let description = describe(checked)
    let ingest = PictureIngest(store: store, images: images)
    let id = try ingest.adopt(
      file, date: description.date, name: description.name, resolution: description.picture.file.resolution,
      sha256: sha256, bytes: bytes
    ) { path in
      var picture = description.picture
      picture.file.path = path
      return try store.insert(picture, at: now)
    }
    return .imported(pictureID: id)
  }

  /// Copies the source into the pending file, returning the content's sha256 and size.
  private func copy(_ source: SourceFile, into file: PendingImageFile) throws -> (String, Int64) {
    var hasher = SHA256()
    var total: Int64 = 0
    try Syscall.readChunks(
      of: source.descriptor, chunkBytes: 1 << 20,
      readFailure: { (error: Errno) -> any Error in
        TransferError.unreadable(name: source.name, reason: error.text)
      }
    ) { piece in
      total += Int64(piece.count)
      // A file growing while it is read must not slip past the size limit.
      if total > PictureFetcher.maxBytes {
        throw TransferError.tooLarge(name: source.name, limit: PictureFetcher.maxBytes)
      }
      hasher.update(piece)
      do throws(Errno) {
        try Syscall.writeAll(file.fileDescriptor, piece)
      } catch {
        throw FileError.system(operation: "write into", path: images.path, errno: error.code)
      }
      progress?.advance(by: Int64(piece.count), label: source.name)
    }
    return (SHA256.hex(hasher.finalize()), total)
  }
}

/// The progress bar of an import, fed file by file (only on a terminal).
final class ImportProgress {
  private let bar: any DownloadProgress
  private let clock: any WallClock
  private let started: Date
  private let jobCount: Int
  private let totalBytes: Int64
  private var received: Int64 = 0
  private var finished = 0

  init(bar: any DownloadProgress, clock: any WallClock, jobCount: Int, totalBytes: Int64) {
    self.bar = bar
    self.clock = clock
    self.started = clock.now()
    self.jobCount = jobCount
    self.totalBytes = totalBytes
  }

  func advance(by bytes: Int64, label: String) {
    received += bytes
    draw(label: label, isFinal: false)
  }

  func fileDone(label: String) {
    finished += 1
    draw(label: label, isFinal: false)
  }

  func finish() { draw(label: "", isFinal: true) }

  private func draw(label: String, isFinal: Bool) {
    let elapsed = max(0.001, clock.now().timeIntervalSince(started))
    bar.update(
      ProgressSnapshot(
        label: label, received: received, expected: nil, totalReceived: received,
        totalExpected: totalBytes > 0 ? totalBytes : nil, bytesPerSecond: Double(received) / elapsed,
        finishedJobs: finished, jobCount: jobCount, isFinal: isFinal))
  }
}
