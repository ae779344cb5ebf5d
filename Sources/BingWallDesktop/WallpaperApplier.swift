import BingWallSystem

/// Sets a picture through the chosen backend, and the lock screen when asked.
package struct WallpaperApplier: Sendable {
  let session: DesktopSession
  let backends: [any WallpaperBackend]
  let requested: BackendName
  let mode: WallpaperMode
  let lockScreen: Bool
  /// Makes the pictures for the screens and the variants; nil: every screen gets the file as it
  /// is.
  let screenPictures: ScreenPictureMaker?
  /// The screens, read at most once per command.
  let screens: SessionScreens
  /// Told the backend chosen and why, and the screens read (`-v`).
  let trace: Trace

  package init(
    session: DesktopSession, backends: [any WallpaperBackend], requested: BackendName, mode: WallpaperMode,
    lockScreen: Bool, screenPictures: ScreenPictureMaker? = nil, screens: SessionScreens = SessionScreens(),
    trace: Trace = .off
  ) {
    self.session = session
    self.backends = backends
    self.requested = requested
    self.mode = mode
    self.lockScreen = lockScreen
    self.screenPictures = screenPictures
    self.screens = screens
    self.trace = trace
  }

  /// What happened, for the message and the history.
  package struct Outcome: Sendable, Equatable {
    package var backend: String
    /// The file the desktop was given: the picture, or the one made from it for the screens.
    package var path: String
    /// Nil when not asked; false when the desktop has no lock screen picture.
    package var lockScreenSet: Bool?
    /// Asked, and why nothing was set although the lock screen shows a picture.
    package var lockScreenNote: String?
    /// What each screen shows, by output name: the file made for it (or for them all) and the
    /// picture it was made from; empty when the screens were not read.
    package var screens: [String: MadeScreenPicture] = [:]
    /// The dark-style picture set beside it, when the desktop keeps one.
    package var darkPath: String?
    /// Why the screens' own pictures could not be made, when they were due; the file was then
    /// set as it is.
    package var screenProblem: ScreenProblem?
  }

  /// Sets the image file at `path`, which is not a stored picture.
  package func apply(path: String) throws(DesktopError) -> Outcome {
    try apply(PictureFile(path: path))
  }

  /// Sets `picture`: on every screen, or, where the backend can, on the screens `assignment`
  /// does not give another picture.
  package func apply(_ picture: PictureFile, assignment: ScreenAssignment = ScreenAssignment())
    throws(DesktopError) -> Outcome
  {
    let choice = try BackendSelector.select(requested, from: backends, in: session)
    let backend = choice.backend
    trace("backend: \(backend.name) (\(choice.reason))")
    if lockScreen { try backend.checkLockScreen(in: session) }
    // Asked once: what the user is told, and whether a lock picture is made at all.
    let lockScreenNote = lockScreen ? backend.lockScreenNote(in: session) : nil
    let ask = PicturePlan.Ask(
      picture: picture, mode: mode, backend: backend,
      lockPicture: lockScreen && backend.setsLockPicture && lockScreenNote == nil, assignment: assignment,
      session: session, screens: screens)
    let plan = PicturePlan.make(ask, maker: screenPictures, trace: trace)
    var outcome = Outcome(backend: backend.name, path: plan.request.path)
    do {
      if plan.each.isEmpty {
        try backend.set(plan.request, in: session)
      } else {
        try backend.setEach(plan.each, in: session)
      }
    } catch {
      // The outcome, which carries the problem as a warning, is never made: the error carries it.
      guard let problem = plan.problem else { throw error }
      throw .afterScreenProblem(error, problem: problem)
    }
    outcome.screens = plan.screens
    outcome.darkPath = plan.request.darkPath
    outcome.screenProblem = plan.problem
    if lockScreen {
      outcome.lockScreenNote = lockScreenNote
      outcome.lockScreenSet = try backend.setLockScreen(plan.request.forLockScreen, in: session)
    }
    return outcome
  }
}
