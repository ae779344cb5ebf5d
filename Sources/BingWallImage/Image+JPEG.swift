import BingWallSystem
import CVips
import FoundationEssentials
import Glibc

extension Image {
  /// Computes the picture and writes it to `path` as a JPEG at `quality` (0–100), without
  /// metadata, atomically: encoded in memory first, then a temporary file in the same folder,
  /// fsync, rename, fsync of the folder (`AtomicFile`). A failure at any step leaves the file
  /// that was at `path` as it was, and no temporary file.
  ///
  /// The mode is 0644 by default: a login screen's greeter, which shows the lock picture, runs
  /// as another user.
  /// https://www.libvips.org/API/8.14/VipsForeignSave.html#vips-jpegsave-buffer
  func saveJPEG(to path: String, quality: Int = 90, mode: mode_t = 0o644) throws(ImageError) {
    try withEncodedJPEG(quality: quality) { (encoded) throws(ImageError) in
      do throws(FileError) {
        try AtomicFile.write(encoded, to: path, mode: mode)
      } catch {
        throw .write(error)
      }
    }
  }

  /// Computes the picture, encodes it as a JPEG at `quality` without metadata, and lends the
  /// bytes to `body`; they are libvips's, freed when `body` returns.
  func withEncodedJPEG<T>(quality: Int, _ body: (Data) throws(ImageError) -> T) throws(ImageError) -> T {
    var buffer: UnsafeMutableRawPointer?
    var length = 0
    // Unlocked: a desktop's dark and lock pictures are encoded at once (`PicturePlan`).
    if let message = VipsLibrary.failure(
      ofUnlocked: {
        bw_vips_jpegsave_buffer(api, handle, &buffer, &length, Int32(quality)) == 0 && buffer != nil
      },
      api)
    {
      throw .operation(operation: "encode", path: source, message: message)
    }
    guard let buffer else {
      throw .operation(operation: "encode", path: source, message: "libvips gave no bytes")
    }
    defer { api.pointee.free(buffer) }
    // No copy: the bytes stay libvips's, freed above once used.
    return try body(Data(bytesNoCopy: buffer, count: length, deallocator: .none))
  }
}
