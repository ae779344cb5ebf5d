import BingWallNet
import BingWallSystem
import Synchronization

/// Hashes a download as it arrives, so `update` never reads a picture back.
///
/// Each piece is hashed where libcurl hands it over, on the transfer's thread, straight from
/// curl's buffer: libcrypto's SHA-256 (SHA extensions where the CPU has them) runs faster than
/// the network delivers, so copying the piece and handing it to another thread would cost more
/// than the hash. The lock is never contended (one transfer feeds one observer); it is there
/// because the digest is read on the thread that started the batch.
final class SHA256Observer: BodyObserver {
  private let state = Mutex(SHA256())

  init() {}

  func receive(_ bytes: UnsafeRawBufferPointer) {
    state.withLock { $0.update(bytes) }
  }

  func reset() {
    state.withLock { $0 = SHA256() }
  }

  /// The lower-case hex digest of everything received since the last reset.
  func hexDigest() -> String {
    state.withLock { SHA256.hex($0.finalize()) }
  }
}
