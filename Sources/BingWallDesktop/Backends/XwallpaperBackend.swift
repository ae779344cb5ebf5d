import BingWallSystem

/// Sets the X11 root window with xwallpaper, a small setter with no state file to read back.
package struct XwallpaperBackend: WallpaperBackend {
  /// The flag per mode; `auto` is `fill`.
  package static let modeTable: [WallpaperMode: String] = [
    .fill: "--zoom", .fit: "--maximize", .stretch: "--stretch", .center: "--center", .tile: "--tile",
  ]

  package let name = "xwallpaper"
  package let tools = ["xwallpaper"]
  package let need = SessionNeed.x11

  package init() {}

  package func isDetected(in session: DesktopSession) -> Bool { false }

  package static func arguments(for request: WallpaperRequest) -> [String] {
    ["xwallpaper", modeTable[request.mode.explicit]!, request.path]
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
  }
}
