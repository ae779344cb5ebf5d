import CLinux

/// Starts the disk writes of a file being downloaded while the rest of it still arrives.
///
/// Every picture is fsynced before it gets its name. Left alone, the kernel writes a download
/// out only when the fsync asks, so the update waits for all of it at the end (about 30 ms
/// for a window of eight UHD pictures here). Asking for the writes every `stride` bytes moves
/// them into the download's own time; the fsync then finds little left to do: the update of
/// the benchmark took 16 ms longer without it (bench/README.md).
///
/// The call can wait when the disk's request queue is full, on the thread that drives the
/// transfers; so can the `write(2)` before it, which the kernel throttles the same way once
/// too much is dirty. Either way a download cannot outrun the disk it is written to.
package struct Writeback {
  /// How much new data waits before its writes are started.
  static let stride: Int64 = 1 << 20

  private let fileDescriptor: Int32
  /// Where the data not yet handed to the disk begins.
  private var started: Int64 = 0

  package init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  /// Called with the file's length after each write; starts the writes of every whole stride.
  package mutating func written(upTo length: Int64) {
    guard length - started >= Self.stride else { return }
    // A failure (EINVAL on a pipe, ESPIPE) costs nothing: the fsync still writes everything.
    _ = bw_start_writeback(fileDescriptor, off_t(started), off_t(length - started))
    started = length
  }

}
