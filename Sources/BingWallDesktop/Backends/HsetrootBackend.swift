import BingWallSystem

/// Sets the X11 root window with hsetroot, which has no state file to read back.
///
/// Its flag names mislead: `-fill` stretches the picture, and the cropping fill is `-cover`.
package struct HsetrootBackend: WallpaperBackend {
  /// The flag per mode; `auto` is `fill`.
  package static let modeTable: [WallpaperMode: String] = [
    .fill: "-cover", .fit: "-full", .stretch: "-fill", .center: "-center", .tile: "-tile",
  ]

  package let name = "hsetroot"
  package let tools = ["hsetroot"]
  package let need = SessionNeed.x11

  package init() {}

  package func isDetected(in session: DesktopSession) -> Bool { false }

  package static func arguments(for request: WallpaperRequest) -> [String] {
    ["hsetroot", modeTable[request.mode.explicit]!, request.path]
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
  }
}
