import BingWallSystem

/// LXDE, whose desktop is drawn by PCManFM; a second `pcmanfm` hands the picture to the running one.
package struct LXDEBackend: WallpaperBackend {
  /// `--wallpaper-mode` per mode; PCManFM has no "leave it", so `auto` is `crop` (fill).
  package static let modeTable: [WallpaperMode: String] = [
    .auto: "crop", .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  package var modeTable: [WallpaperMode: String]? { Self.modeTable }
  static let tool = "pcmanfm"

  package let name = "lxde"
  package let tools = [tool]
  package let need = SessionNeed.display

  package init() {}

  package func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["lxde"], orSession: ["lxde", "lubuntu"])
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let mode = Self.modeTable[request.mode] ?? "crop"
    try session.run(
      [Self.tool, "--set-wallpaper=\(request.path)", "--wallpaper-mode=\(mode)"], backend: name)
  }
}
