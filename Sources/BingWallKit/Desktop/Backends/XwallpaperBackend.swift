/// Sets the X11 root window with xwallpaper, a small setter with no state file to read back.
public struct XwallpaperBackend: WallpaperBackend {
  /// The flag per mode; `auto` is `fill`.
  public static let modeTable: [WallpaperMode: String] = [
    .fill: "--zoom", .fit: "--maximize", .stretch: "--stretch", .center: "--center", .tile: "--tile",
  ]

  public let name = "xwallpaper"
  public let tools = ["xwallpaper"]
  public let need = SessionNeed.x11

  public init() {}

  public func isDetected(in session: DesktopSession) -> Bool { false }

  public static func arguments(for request: WallpaperRequest) -> [String] {
    ["xwallpaper", modeTable[request.mode.explicit]!, request.path]
  }

  public func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
  }
}
