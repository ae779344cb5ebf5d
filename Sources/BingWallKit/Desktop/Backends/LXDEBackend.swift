/// LXDE, whose desktop is drawn by PCManFM; a second `pcmanfm` hands the picture to the running one.
public struct LXDEBackend: WallpaperBackend {
  /// `--wallpaper-mode` per mode; PCManFM has no "leave it", so `auto` is `crop` (fill).
  public static let modeTable: [WallpaperMode: String] = [
    .auto: "crop", .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  static let tool = "pcmanfm"

  public let name = "lxde"
  public let tools = [tool]
  public let need = SessionNeed.display

  public init() {}

  public func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["lxde"], orSession: ["lxde", "lubuntu"])
  }

  public func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let mode = Self.modeTable[request.mode] ?? "crop"
    try session.run(
      [Self.tool, "--set-wallpaper=\(request.path)", "--wallpaper-mode=\(mode)"], backend: name)
  }
}
