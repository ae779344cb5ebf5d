import BingWallSystem

/// LXQt, whose desktop is drawn by pcmanfm-qt; a second `pcmanfm-qt` hands the picture to the
/// running one.
///
/// pcmanfm-qt ignores a path equal to the one it shows, which is harmless here: the picture is then
/// already on screen.
package struct LXQtBackend: WallpaperBackend {
  /// `--wallpaper-mode` per mode; pcmanfm-qt has no "leave it", so `auto` is `zoom` (fill).
  package static let modeTable: [WallpaperMode: String] = [
    .auto: "zoom", .fill: "zoom", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  package var modeTable: [WallpaperMode: String]? { Self.modeTable }
  static let tool = "pcmanfm-qt"

  package let name = "lxqt"
  package let tools = [tool]
  package let need = SessionNeed.display

  package init() {}

  package func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["lxqt"], orSession: ["lxqt"])
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let mode = Self.modeTable[request.mode] ?? "zoom"
    try session.run(
      [Self.tool, "--set-wallpaper=\(request.path)", "--wallpaper-mode=\(mode)"], backend: name)
  }
}
