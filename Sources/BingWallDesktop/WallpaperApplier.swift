/// Sets a picture through the chosen backend, and the lock screen when asked.
package struct WallpaperApplier: Sendable {
  let session: DesktopSession
  let backends: [any WallpaperBackend]
  let requested: BackendName
  let mode: WallpaperMode
  let lockScreen: Bool

  package init(
    session: DesktopSession, backends: [any WallpaperBackend], requested: BackendName, mode: WallpaperMode,
    lockScreen: Bool
  ) {
    self.session = session
    self.backends = backends
    self.requested = requested
    self.mode = mode
    self.lockScreen = lockScreen
  }

  /// What happened, for the message and the history.
  package struct Outcome: Sendable, Equatable {
    package var backend: String
    /// Nil when not asked; false when the desktop has no lock screen picture.
    package var lockScreenSet: Bool?
  }

  package func apply(path: String) throws(DesktopError) -> Outcome {
    let choice = try BackendSelector.select(requested, from: backends, in: session)
    let request = WallpaperRequest(path: path, mode: mode)
    if lockScreen { try choice.backend.checkLockScreen(in: session) }
    try choice.backend.set(request, in: session)
    var lockScreenSet: Bool?
    if lockScreen { lockScreenSet = try choice.backend.setLockScreen(request, in: session) }
    return Outcome(backend: choice.backend.name, lockScreenSet: lockScreenSet)
  }
}
