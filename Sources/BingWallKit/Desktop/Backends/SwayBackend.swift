/// Sets sway's background over its IPC socket with `swaymsg output '*' bg PATH MODE`.
///
/// sway then runs its own swaybg, so nothing of ours has to stay running.
public struct SwayBackend: WallpaperBackend {
  /// sway's own mode word per mode; `auto` is `fill`.
  public static let modeTable: [WallpaperMode: String] = [
    .fill: "fill", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]

  public let name = "sway"
  public let tools = ["swaymsg"]
  public let need = SessionNeed.wayland

  public init() {}

  /// sway in `XDG_CURRENT_DESKTOP` and its IPC socket in `SWAYSOCK`: the variable alone may be a
  /// stale export (from a display manager or a shell profile), and without the socket swaymsg fails.
  public func isDetected(in session: DesktopSession) -> Bool {
    session.desktops.contains("sway") && !(session.environment["SWAYSOCK"] ?? "").isEmpty
  }

  /// `*` is every output; swaymsg passes it to sway as a word, no shell involved.
  public static func arguments(for request: WallpaperRequest) -> [String] {
    ["swaymsg", "output", "*", "bg", request.path, modeTable[request.mode.explicit]!]
  }

  public func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(for: request), backend: name)
  }
}
