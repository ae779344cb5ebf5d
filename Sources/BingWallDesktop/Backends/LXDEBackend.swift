import BingWallSystem

/// LXDE, whose desktop is drawn by PCManFM; a second `pcmanfm` hands the picture to the running one,
/// which stores it in its profile's `desktop-items-0.conf`, where it is read back.
struct LXDEBackend: PCManFMBackend {
  /// `--wallpaper-mode` per mode; PCManFM has no "leave it", so `auto` is `crop` (fill).
  static let modeTable: [WallpaperMode: String] = [
    .auto: "crop", .fill: "crop", .fit: "fit", .stretch: "stretch", .center: "center", .tile: "tile",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }
  static let tool = "pcmanfm"
  /// How long the running pcmanfm gets to store the picture after the second one has exited.
  static let settleTime: Duration = .seconds(3)

  let name = "lxde"

  init() {}

  func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["lxde"], orSession: ["lxde", "lubuntu"])
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let desktop = try runningDesktop(in: session)
    // The second pcmanfm finds the first through this socket; when it cannot, it becomes the first
    // itself and hangs on its dialog, or, when it cannot even make the socket (XDG_RUNTIME_DIR is no
    // folder), exits 1 without a word. A desktop that does not listen here is no desktop for us.
    let socket = Self.socketPath(in: session)
    guard UnixSocket.isListening(socket) else {
      throw .sessionMissing(
        backend: name,
        what:
          "'pcmanfm --desktop' runs (pid \(desktop.process.pid)) but does not answer on \(socket);"
          + " run bingwall with the session's XDG_RUNTIME_DIR")
    }
    let mode = Self.modeTable[request.mode] ?? "crop"
    try session.run(
      [Self.tool, "--set-wallpaper=\(request.path)", "--wallpaper-mode=\(mode)"], backend: name)
    let file = desktop.configFolder(in: session) + "/pcmanfm/\(desktop.profile)/desktop-items-0.conf"
    let stored = { () -> (path: String?, mode: String?) in
      let text =
        (try? FileContents.read(file)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
      return (
        SettingsFileValue.find("wallpaper", inSection: "*", of: text, syntax: .literal),
        SettingsFileValue.find("wallpaper_mode", inSection: "*", of: text, syntax: .literal)
      )
    }
    let took = session.clock.poll(timeout: Self.settleTime, every: .milliseconds(50)) { () -> Bool? in
      let now = stored()
      return now.path == request.path && now.mode == mode ? true : nil
    }
    if took == nil {
      let now = stored()
      throw .didNotTake(
        backend: name, expected: "\(request.path) (\(mode))",
        found: now.path.map { "\($0) (\(now.mode ?? "no mode"))" }
          ?? "no wallpaper in \(file); pcmanfm ignores a picture it cannot read")
    }
  }

  /// The picture the running desktop stored, when it runs here.
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    guard let desktop = PCManFMDesktop.find(Self.tool, in: session) else { return nil }
    let file = desktop.configFolder(in: session) + "/pcmanfm/\(desktop.profile)/desktop-items-0.conf"
    guard let bytes = (try? FileContents.read(file)).flatMap({ $0 }) else { return nil }
    return SettingsFileValue.find(
      "wallpaper", inSection: "*", of: String(decoding: bytes, as: UTF8.self), syntax: .literal)
  }

  /// Where pcmanfm 1.3 keeps its single-instance socket: GLib's user runtime folder
  /// (`XDG_RUNTIME_DIR`, else the cache folder), `pcmanfm-socket-HOST-DISPLAYNUMBER`.
  static func socketPath(in session: DesktopSession) -> String {
    let environment = session.environment
    let runtime =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? session.home + "/.cache"
    let display = DisplayName(environment["DISPLAY"])
    return runtime + "/pcmanfm-socket-\(display?.host ?? "")-\(display?.number ?? 0)"
  }
}
