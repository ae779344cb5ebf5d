import Synchronization

/// The session's screens as each backend's desktop reports them, read at most once per command
/// and shared by everything in it that asks: `update`'s check for a screen on its side, then
/// the apply that follows it. A screen tool is a process; the layout does not change within one
/// command.
package final class SessionScreens: Sendable {
  /// What each backend's source answered, success or failure, by backend name.
  private let answers = Mutex<[String: Result<[Output], OutputReadError>]>([:])

  package init() {}

  /// The screens `backend`'s desktop reports in `session`: read on the first call, then the
  /// same answer.
  package func read(for backend: any WallpaperBackend, in session: DesktopSession) throws(OutputReadError)
    -> [Output]
  {
    if let known = answers.withLock({ $0[backend.name] }) { return try known.get() }
    let answer = Result { () throws(OutputReadError) -> [Output] in
      try backend.outputSource.read(in: session, backend: backend.name)
    }
    answers.withLock { $0[backend.name] = answer }
    return try answer.get()
  }
}
