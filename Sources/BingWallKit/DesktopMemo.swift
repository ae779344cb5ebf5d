import BingWallDesktop
import Synchronization

/// What one command learns of its desktop session once and shares between its use cases: the
/// session (`SessionBus` looks for the bus socket) and its screens (a screen tool is a process),
/// so that `update`'s check for a screen on its side and the apply after it read them once.
/// Every copy of a `Resources` holds the same one.
final class DesktopMemo: Sendable {
  private let built = Mutex<DesktopSession?>(nil)
  let screens = SessionScreens()

  /// The session, built by `make` on the first call.
  func session(_ make: () -> DesktopSession) -> DesktopSession {
    built.withLock { built in
      if let session = built { return session }
      let session = make()
      built = session
      return session
    }
  }
}
