import BingWallSystem
import FoundationEssentials

/// The gallery page being written: a temporary file in the target's folder, filled in chunks and
/// renamed over the target only when whole, so a reader never sees half a page and a failure
/// leaves the previous page as it was.
///
/// Chunks of about a megabyte keep memory flat for any history size while costing a few hundred
/// `write` calls for 100,000 pictures.
final class GalleryFile {
  static let chunkSize = 1 << 20

  let target: String
  private let temporary: TemporaryFile
  /// UTF-8 not yet written; the page is appended to it.
  var buffer: [UInt8] = []

  init(target: String) throws(GalleryError) {
    self.target = target
    let folder = Paths.parent(of: target)
    do {
      // 0600 like every file bingwall writes: the page lists the user's history.
      temporary = try TemporaryFile(in: folder.isEmpty ? "." : folder, mode: 0o600)
    } catch {
      throw .cannotWrite(path: target, reason: error.description)
    }
    buffer.reserveCapacity(Self.chunkSize + 64 * 1024)
  }

  /// Writes the buffer out once it holds a chunk.
  func flushIfFull() throws(GalleryError) {
    if buffer.count >= Self.chunkSize { try flush() }
  }

  /// Writes what remains, syncs, renames into place and syncs the folder.
  func commit() throws(GalleryError) {
    try flush()
    do {
      try temporary.commit(to: target)
    } catch {
      throw .cannotWrite(path: target, reason: error.description)
    }
  }

  /// Drops the unfinished page; the target stays as it was.
  func discard() { temporary.discard() }

  private func flush() throws(GalleryError) {
    guard !buffer.isEmpty else { return }
    do {
      try temporary.write(Data(buffer))
    } catch {
      throw .cannotWrite(path: target, reason: error.description)
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
