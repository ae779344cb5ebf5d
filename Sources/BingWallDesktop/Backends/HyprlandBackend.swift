import BingWallSystem
import FoundationEssentials
import Glibc

/// Sets Hyprland's background through hyprpaper, with `hyprctl hyprpaper wallpaper ",PATH,MODE"`.
///
/// This is hyprpaper 0.8's form: the empty monitor name means every monitor, and the picture no
/// longer needs a `preload` first (0.8 removed that command). hyprpaper has no mode that shows the
/// picture at its own size, so `center` becomes `contain`: the whole picture, in the middle.
/// hyprpaper separates the monitor, the path and the mode with commas, so a path with a comma (or a
/// line break, which ends a request) is refused rather than misread.
struct HyprlandBackend: WallpaperBackend {
  /// hyprpaper's fit mode per mode; `auto` is `fill`, `center` falls back to `contain`.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "cover", .fit: "contain", .stretch: "fill", .center: "contain", .tile: "tile",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }

  let name = "hyprland"
  let tools = ["hyprctl"]
  let need = SessionNeed.wayland
  var outputSource: OutputSource { .hyprland }

  init() {}

  /// `HYPRLAND_INSTANCE_SIGNATURE` is how hyprctl finds its compositor; without it hyprctl fails.
  func isDetected(in session: DesktopSession) -> Bool {
    !(session.environment["HYPRLAND_INSTANCE_SIGNATURE"] ?? "").isEmpty
  }

  /// The one argument hyprpaper parses itself: monitor, path and fit mode, separated by commas.
  static func arguments(for request: WallpaperRequest) -> [String] {
    ["hyprctl", "hyprpaper", "wallpaper", ",\(request.path),\(modeTable[request.mode.explicit]!)"]
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    if request.path.contains(where: { $0 == "," || $0.isNewline }) {
      throw .misconfigured(
        backend: name,
        message: "hyprpaper cannot take a picture path with a comma or a line break "
          + "(\(request.path.debugDescription)); move the data folder or use --backend swww")
    }
    let result = try session.run(Self.arguments(for: request), backend: name)
    // hyprpaper answers "ok"; hyprctl may pass a refusal on as text with exit status 0.
    let said = result.stdoutText.trimmed()
    if !said.isEmpty && said.lowercased() != "ok" {
      throw .toolFailed(
        backend: name, command: Self.arguments(for: request).joined(separator: " "), status: 0,
        stderr: said)
    }
  }
}
