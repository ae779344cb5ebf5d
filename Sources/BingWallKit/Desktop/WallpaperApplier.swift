/// Sets a picture through the chosen backend, and the lock screen when asked.
public struct WallpaperApplier: Sendable {
  public let session: DesktopSession
  public let backends: [any WallpaperBackend]
  /// `auto` or a backend name.
  public let requested: String
  public let mode: WallpaperMode
  public let lockScreen: Bool

  public init(
    session: DesktopSession, backends: [any WallpaperBackend], requested: String, mode: WallpaperMode,
    lockScreen: Bool
  ) {
    self.session = session
    self.backends = backends
    self.requested = requested
    self.mode = mode
    self.lockScreen = lockScreen
  }

  /// What happened, for the message and the history.
  public struct Outcome: Sendable, Equatable {
    public var backend: String
    /// Nil when not asked; false when the desktop has no lock screen picture.
    public var lockScreenSet: Bool?
  }

  public func apply(path: String) throws(DesktopError) -> Outcome {
    let choice = try BackendSelector.select(requested, from: backends, in: session)
    let request = WallpaperRequest(path: path, mode: mode)
    try choice.backend.set(request, in: session)
    var lockScreenSet: Bool?
    if lockScreen { lockScreenSet = try choice.backend.setLockScreen(request, in: session) }
    return Outcome(backend: choice.backend.name, lockScreenSet: lockScreenSet)
  }
}
