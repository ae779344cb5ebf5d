import BingWallNet
import BingWallStore
import BingWallSystem
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Hashes a download as it arrives, on another core, so `update` never reads a picture back
/// and the transfer loop never waits for the hash.
///
/// Pieces are copied and hashed in order on a serial queue. At most `maxPending` pieces wait
/// at once; past that `receive` blocks, so a fast network cannot pile a picture up in memory.
package final class SHA256Observer: BodyObserver {
  private let state = Mutex(SHA256())
  private let queue = DispatchQueue(label: "bingwall.sha256")
  private let credits: DispatchSemaphore

  package init(maxPending: Int = 16) {
    credits = DispatchSemaphore(value: maxPending)
  }

  package func receive(_ bytes: UnsafeRawBufferPointer) {
    credits.wait()
    let piece = Data(bytes)
    queue.async { [self] in
      piece.withUnsafeBytes { raw in state.withLock { $0.update(raw) } }
      credits.signal()
    }
  }

  package func reset() {
    queue.sync { state.withLock { $0 = SHA256() } }
  }

  /// The lower-case hex digest of everything received since the last reset.
  func hexDigest() -> String {
    queue.sync { state.withLock { SHA256.hex($0.finalize()) } }
  }
}
