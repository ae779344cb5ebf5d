/// Leaves the desktop alone, for users who only want the pictures and their history.
struct NoneBackend: WallpaperBackend {
  let name = "none"
  let tools: [String] = []
  let need = SessionNeed.nothing

  init() {}

  func isAvailable(in session: DesktopSession) -> Bool { true }

  /// Never: choosing to do nothing is the user's call.
  func isDetected(in session: DesktopSession) -> Bool { false }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {}
}
