import BingWallSystem

/// LXQt, whose desktop is drawn by pcmanfm-qt; a second `pcmanfm-qt` hands the picture to the
/// running one over the session bus, which stores it in its profile's `settings.conf`, where it is
/// read back.
///
/// pcmanfm-qt ignores a path equal to the one it shows, which is harmless here: the picture is then
/// already on screen, and the read-back finds it.
struct LXQtBackend: PCManFMBackend {
  /// `--wallpaper-mode` per mode. pcmanfm-qt 1.2 (Debian 12) takes only color, stretch, fit, center
  /// and tile there and silently ignores any other word (its own Zoom is in the preferences dialog
  /// only), so fill and `auto` are stretch: it covers the screen as fill does, and Bing's 16:9
  /// picture on a 16:9 screen looks the same.
  static let modeTable: [WallpaperMode: String] = [
    .auto: "stretch", .fill: "stretch", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }
  static let tool = "pcmanfm-qt"

  let name = "lxqt"

  init() {}

  func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["lxqt"], orSession: ["lxqt"])
  }

  /// The mode is not read back: pcmanfm-qt 1.2 shows the new mode but never stores it (its
  /// `settings.conf` keeps the old `WallpaperMode`).
  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let desktop = try runningDesktop(in: session)
    let mode = Self.modeTable[request.mode] ?? "stretch"
    try session.run(
      [Self.tool, "--set-wallpaper=\(request.path)", "--wallpaper-mode=\(mode)"], backend: name)
    // The hand-over is a D-Bus call that returns once the running instance has saved its settings.
    let found = Self.storedPicture(of: desktop, in: session)
    if found != request.path {
      throw .didNotTake(
        backend: name, expected: request.path,
        found: found ?? "no Wallpaper in \(Self.settingsFile(of: desktop, in: session))")
    }
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    PCManFMDesktop.find(Self.tool, in: session).flatMap { Self.storedPicture(of: $0, in: session) }
  }

  static func settingsFile(of desktop: PCManFMDesktop, in session: DesktopSession) -> String {
    desktop.configFolder(in: session) + "/pcmanfm-qt/\(desktop.profile)/settings.conf"
  }

  static func storedPicture(of desktop: PCManFMDesktop, in session: DesktopSession) -> String? {
    guard let bytes = (try? FileContents.read(settingsFile(of: desktop, in: session))).flatMap({ $0 })
    else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    return SettingsFileValue.find("Wallpaper", inSection: "Desktop", of: text, syntax: .qtSettings)
      .flatMap { $0.isEmpty ? nil : $0 }
  }
}
