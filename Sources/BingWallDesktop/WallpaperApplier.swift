/// Sets a picture through the chosen backend, and the lock screen when asked.
package struct WallpaperApplier: Sendable {
  let session: DesktopSession
  let backends: [any WallpaperBackend]
  let requested: BackendName
  let mode: WallpaperMode
  let lockScreen: Bool
  /// Makes one screen's own picture of a file, for backends that set each screen; nil: every
  /// screen gets the file as it is.
  let screenPictures: ScreenPictureMaker?

  package init(
    session: DesktopSession, backends: [any WallpaperBackend], requested: BackendName, mode: WallpaperMode,
    lockScreen: Bool, screenPictures: ScreenPictureMaker? = nil
  ) {
    self.session = session
    self.backends = backends
    self.requested = requested
    self.mode = mode
    self.lockScreen = lockScreen
    self.screenPictures = screenPictures
  }

  /// What happened, for the message and the history.
  package struct Outcome: Sendable, Equatable {
    package var backend: String
    /// Nil when not asked; false when the desktop has no lock screen picture.
    package var lockScreenSet: Bool?
    /// Each screen's own picture, by output name; empty when the file was set as it is.
    package var screens: [String: String] = [:]
    /// Why the screens' own pictures could not be made, when they were due; the file was then
    /// set as it is.
    package var screenProblem: String?
  }

  package func apply(path: String) throws(DesktopError) -> Outcome {
    let backend = try BackendSelector.select(requested, from: backends, in: session).backend
    let request = WallpaperRequest(path: path, mode: mode)
    if lockScreen { try backend.checkLockScreen(in: session) }
    var outcome = Outcome(backend: backend.name)
    switch screenRequests(for: path, backend: backend) {
    case .success(let requests) where !requests.isEmpty:
      try backend.setEach(requests, in: session)
      outcome.screens = requests.mapValues(\.path)
    case .success:
      try backend.set(request, in: session)
    case .failure(let problem):
      try backend.set(request, in: session)
      outcome.screenProblem = problem.description
    }
    if lockScreen { outcome.lockScreenSet = try backend.setLockScreen(request, in: session) }
    return outcome
  }

  /// Why a screen's own picture could not be made, in the maker's or the screen tool's words.
  package struct ScreenProblem: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
  }

  /// One request per screen, each its own picture at the screen's exact shape (so the backend
  /// stretches nothing), when the backend sets each screen and the mode crops or letterboxes;
  /// empty when the file is set as it is.
  private func screenRequests(for path: String, backend: any WallpaperBackend) -> Result<
    [String: WallpaperRequest], ScreenProblem
  > {
    let mode = mode.explicit
    guard let screenPictures, backend.setsEachOutput, mode == .fill || mode == .fit else {
      return .success([:])
    }
    let outputs: [Output]
    do {
      outputs = try backend.outputSource.read(in: session, backend: backend.name)
    } catch {
      return .failure(ScreenProblem(error.description))
    }
    var requests: [String: WallpaperRequest] = [:]
    for output in outputs {
      switch screenPictures(path, output, mode) {
      case .success(let made): requests[output.name] = WallpaperRequest(path: made, mode: .stretch)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(requests)
  }
}

/// Makes `output`'s own picture of the file at the path for `mode` (`fill` or `fit`): the made
/// file's path, or why not.
package typealias ScreenPictureMaker =
  @Sendable (_ source: String, _ output: Output, _ mode: WallpaperMode) -> Result<
    String, WallpaperApplier.ScreenProblem
  >
