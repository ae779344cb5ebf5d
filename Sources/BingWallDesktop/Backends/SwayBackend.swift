import BingWallSystem

/// Sets sway's background over its IPC socket with `swaymsg output '*' bg PATH MODE`.
///
/// sway then runs its own swaybg, so nothing of ours has to stay running. swaymsg does not pass its
/// arguments on as a list: it joins them into one command string, which sway splits again at `;` and
/// `,`, and sway then runs the picture's path through `wordexp(3)` without `WRDE_NOCMD`, so a `$(…)`
/// or backtick in it would run inside the compositor and a blank would cut it short. Paths with
/// anything beyond letters, digits and `/._-+@%=` are therefore refused (bingwall's own picture
/// names never have such characters; a home folder might): the `swaybg` backend takes any path.
package struct SwayBackend: WallpaperBackend {
  /// sway's own mode word per mode; `auto` is `fill`.
  package static let modeTable: [WallpaperMode: String] = [
    .fill: "fill", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  package var modeTable: [WallpaperMode: String]? { Self.modeTable }

  package let name = "sway"
  package let tools = ["swaymsg"]
  package let need = SessionNeed.wayland

  package init() {}

  /// sway in `XDG_CURRENT_DESKTOP` and its IPC socket in `SWAYSOCK`: the variable alone may be a
  /// stale export (from a display manager or a shell profile), and without the socket swaymsg fails.
  package func isDetected(in session: DesktopSession) -> Bool {
    session.desktops.contains("sway") && !(session.environment["SWAYSOCK"] ?? "").isEmpty
  }

  /// `*` is every output; swaymsg passes it to sway as a word, no shell involved.
  package static func arguments(for request: WallpaperRequest) -> [String] {
    ["swaymsg", "output", "*", "bg", request.path, modeTable[request.mode.explicit]!]
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    guard Self.isSafe(request.path) else {
      throw .misconfigured(
        backend: name,
        message:
          "sway would expand or split the picture path \(request.path.debugDescription) (it allows only "
          + "letters, digits and /._-+@%=); move the data folder or use --backend swaybg")
    }
    try session.run(Self.arguments(for: request), backend: name)
  }

  /// Whether sway's command parser and `wordexp` leave `path` as it is: ASCII letters, digits and
  /// `/._-+@%=`, and any non-ASCII character (UTF-8 bytes above 0x7f mean nothing to either).
  static func isSafe(_ path: String) -> Bool {
    !path.isEmpty
      && path.utf8.allSatisfy { byte in
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a)
          || (byte >= 0x61 && byte <= 0x7a) || "/._-+@%=".utf8.contains(byte)
      }
  }
}
