/// Leaves the desktop alone, for users who only want the pictures and their history.
public struct NoneBackend: WallpaperBackend {
  public let name = "none"
  public let tools: [String] = []
  public let need = SessionNeed.nothing

  public init() {}

  public func isAvailable(in session: DesktopSession) -> Bool { true }

  /// Never: choosing to do nothing is the user's call.
  public func isDetected(in session: DesktopSession) -> Bool { false }

  public func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {}
}
