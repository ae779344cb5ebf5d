import BingWallSystem

/// Sets a Wayland background through a running wpaperd, with `wpaperctl set PATH` (every
/// output) or `wpaperctl set PATH OUTPUT` (one), and reads it back with
/// `wpaperctl get-wallpaper OUTPUT`.
///
/// wpaperd keeps its modes in its own config (`~/.config/wpaperd/config.toml`, hot-reloaded),
/// not on the command line, so no mode is passed. The daemon is the user's, started by their
/// compositor config; without it `wpaperctl` fails with its own words.
struct WpaperdBackend: WallpaperBackend {
  let name = "wpaperd"
  let tools = ["wpaperctl"]
  let need = SessionNeed.wayland
  var outputSource: OutputSource { .wlroots }
  var pictureScope: PictureScope { .eachOutput }
  /// A setter for any compositor that speaks wlr-layer-shell, as swaybg and awww are.
  var fallback: DisplayServer? { .wayland }

  init() {}

  func isDetected(in session: DesktopSession) -> Bool { false }

  func isRunning(in session: DesktopSession) -> Bool { session.runsForThisCompositor("wpaperd") }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(["wpaperctl", "set", request.path], backend: name)
    if let shown = try current(in: session), shown != request.path {
      throw .didNotTake(backend: name, expected: request.path, found: shown)
    }
  }

  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    for (output, request) in requests.sorted(by: { $0.key < $1.key }) {
      try session.run(["wpaperctl", "set", request.path, output], backend: name)
      let shown = try session.run(["wpaperctl", "get-wallpaper", output], backend: name).stdoutText.trimmed()
      guard shown == request.path else {
        throw .didNotTake(
          backend: name, expected: request.path, found: shown.isEmpty ? "nothing on \(output)" : shown)
      }
    }
  }

  /// The picture of the first output the compositor lists; nil where the outputs cannot be read.
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let first = try? outputSource.read(in: session, backend: name).first else { return nil }
    let shown = try session.run(["wpaperctl", "get-wallpaper", first.name], backend: name).stdoutText
      .trimmed()
    return shown.hasPrefix("/") ? shown : nil
  }
}
