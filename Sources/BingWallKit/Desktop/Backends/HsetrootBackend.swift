/// Sets the X11 root window with hsetroot, which has no state file to read back.
///
/// Its flag names mislead: `-fill` stretches the picture, and the cropping fill is `-cover`.
public struct HsetrootBackend: WallpaperBackend {
  /// The flag per mode; `auto` is `fill`.
  public static let modeTable: [WallpaperMode: String] = [
    .fill: "-cover", .fit: "-full", .stretch: "-fill", .center: "-center", .tile: "-tile",
  ]

  public let name = "hsetroot"
  public let tools = ["hsetroot"]
  public let need = SessionNeed.x11

  public init() {}

  public func isDetected(in session: DesktopSession) -> Bool { false }

  public static func arguments(for request: WallpaperRequest) -> [String] {
    ["hsetroot", modeTable[request.mode.explicit]!, request.path]
  }

  public func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
  }
}
