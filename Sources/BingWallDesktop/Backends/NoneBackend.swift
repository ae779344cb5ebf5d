/// Leaves the desktop alone, for users who only want the pictures and their history.
package struct NoneBackend: WallpaperBackend {
  package let name = "none"
  package let tools: [String] = []
  package let need = SessionNeed.nothing

  package init() {}

  package func isAvailable(in session: DesktopSession) -> Bool { true }

  /// Never: choosing to do nothing is the user's call.
  package func isDetected(in session: DesktopSession) -> Bool { false }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {}
}
