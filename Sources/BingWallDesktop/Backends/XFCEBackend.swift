import BingWallSystem

/// XFCE, through xfconf's `xfce4-desktop` channel, where every monitor and workspace has its own
/// picture property.
struct XFCEBackend: WallpaperBackend {
  /// `image-style` per mode (xfdesktop's numbers: 1 centred, 2 tiled, 3 stretched, 4 scaled,
  /// 5 zoomed); `auto` leaves the style alone.
  static let modeTable: [WallpaperMode: String] = [
    .fill: "5", .fit: "4", .stretch: "3", .center: "1", .tile: "2",
  ]
  var modeTable: [WallpaperMode: String]? { Self.modeTable }
  static let tool = "xfconf-query"
  static let channel = "xfce4-desktop"

  let name = "xfce"
  let tools = [tool]
  let need: SessionNeed = .displayOrSessionBus
  var outputSource: OutputSource { .xrandr }

  init() {}

  func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["xfce"], orSession: ["xfce", "xfce4", "xubuntu"])
  }

  /// Every monitor shows its own picture: each `monitor<OUTPUT>` property gets its output's.
  var pictureScope: PictureScope { .eachOutput }

  /// Sets every monitor's and workspace's picture, blanking each first: xfdesktop redraws only when
  /// the value changes, so setting the same path again would show nothing. Every picture property
  /// set is read back.
  /// The GTK theme xsettings gives the desktop names itself dark (`Adwaita-dark`,
  /// `Greybird-dark`): the convention every dark GTK theme follows.
  func isDarkStyle(in session: DesktopSession) -> Bool {
    guard session.which(Self.tool) != nil,
      let theme = try? session.run([Self.tool, "-c", "xsettings", "-p", "/Net/ThemeName"], backend: name)
    else { return false }
    return theme.stdoutText.lowercased().contains("dark")
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try set(in: session, monitors: nil) { _ in request }
  }

  /// Each monitor's properties get the picture made for its output (xfdesktop names them after
  /// the RandR outputs, which `xrandr --listactivemonitors` lists); a property of a monitor no output
  /// names (a screen unplugged since) gets the first output's, by name.
  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError) {
    guard let first = requests.keys.sorted().first.flatMap({ requests[$0] }) else { return }
    try set(in: session, monitors: requests.keys.sorted()) { property in
      Self.monitor(of: property).flatMap { requests[$0] } ?? first
    }
  }

  /// The output a property belongs to: `eDP-1` of `/backdrop/screen0/monitoreDP-1/workspace0/…`.
  static func monitor(of property: String) -> String? {
    let parts = property.split(separator: "/")
    guard parts.count >= 3, parts[2].hasPrefix("monitor") else { return nil }
    return String(parts[2].dropFirst("monitor".count))
  }

  /// Sets each picture property to `picture(property)`'s path and each style property to its
  /// mode, creating the first ones for `monitors` (else the X server's) on a fresh channel, and
  /// reads every picture property back.
  private func set(
    in session: DesktopSession, monitors: [String]?, _ picture: (String) -> WallpaperRequest
  ) throws(DesktopError) {
    let properties = try listBackdrop(in: session)
    var images = properties.filter { $0.hasSuffix("last-image") || $0.hasSuffix("image-path") }
    let styles = properties.filter { $0.hasSuffix("image-style") }
    if images.isEmpty {
      images = try createFirstProperties(monitors: monitors, picture, in: session)
    } else {
      for property in images {
        try query(["-p", property, "-s", ""], in: session)
        try query(["-p", property, "-s", picture(property).path], in: session)
      }
      // Properties only of monitors no output names (`monitor0`, as old XFCE and Debian's
      // desktop-base defaults write) are not what xfdesktop reads: the outputs without any get
      // their own, or xfdesktop would show its default picture there once it starts.
      let present = Set(images.compactMap(Self.monitor(of:)))
      let missing = (monitors ?? connectedMonitors(in: session)).filter { !present.contains($0) }
      if !missing.isEmpty {
        images += try createFirstProperties(monitors: missing, picture, in: session)
      }
    }
    for property in styles {
      if let style = Self.modeTable[picture(property).mode] {
        try query(["-p", property, "-s", style], in: session)
      }
    }
    for property in images {
      let expected = picture(property).path
      let found = try read(property, in: session)
      if found != expected {
        throw DesktopError.didNotTake(
          backend: name, expected: expected, found: "\(found.map { "'\($0)'" } ?? "nothing") in \(property)")
      }
    }
  }

  /// A channel without pictures: xfdesktop has not run since the settings were made (it writes its
  /// monitors' properties when it starts). It will read `monitor<OUTPUT>`, named after each RandR
  /// output (`monitoreDP-1`; `monitorscreen` on Xvfb), and ignores a `monitor0` written blindly, so the
  /// names come from the X server (or from the outputs already read).
  func createFirstProperties(
    monitors known: [String]?, _ picture: (String) -> WallpaperRequest, in session: DesktopSession
  ) throws(DesktopError) -> [String] {
    let monitors: [String]
    if let known {
      monitors = known
    } else {
      guard session.hasX11 else {
        throw .sessionMissing(
          backend: name,
          what: "xfconf has no wallpaper setting yet (xfdesktop writes them when it starts) and without"
            + " DISPLAY the monitors' names cannot be asked for")
      }
      guard session.which(XRandRMonitors.tool) != nil else {
        throw .toolMissing(backend: name, tool: MissingTool(XRandRMonitors.tool))
      }
      monitors = try XRandRMonitors.names(in: session, backend: name)
    }
    guard !monitors.isEmpty else {
      throw .didNotTake(
        backend: name, expected: picture("").path, found: "no monitor in 'xrandr --listactivemonitors'")
    }
    var images: [String] = []
    for monitor in monitors {
      let prefix = "/backdrop/screen0/monitor\(monitor)/workspace0/"
      let request = picture(prefix + "last-image")
      try query(["-p", prefix + "last-image", "-n", "-t", "string", "-s", request.path], in: session)
      if let style = Self.modeTable[request.mode] {
        try query(["-p", prefix + "image-style", "-n", "-t", "int", "-s", style], in: session)
      }
      images.append(prefix + "last-image")
    }
    return images
  }

  /// The RandR monitors, when the X server can be asked (not from cron, which has only the bus).
  func connectedMonitors(in session: DesktopSession) -> [String] {
    guard session.hasX11, session.which(XRandRMonitors.tool) != nil else { return [] }
    return (try? XRandRMonitors.names(in: session, backend: name)) ?? []
  }

  /// The first monitor's picture, as xfdesktop's own settings dialog shows it.
  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let properties = try listBackdrop(in: session)
    guard let property = properties.first(where: { $0.hasSuffix("last-image") }) else { return nil }
    return try read(property, in: session).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The property names under `/backdrop`; none when the channel has never been written.
  func listBackdrop(in session: DesktopSession) throws(DesktopError) -> [String] {
    do {
      let output = try query(["-p", "/backdrop", "-l"], in: session).stdoutText
      return output.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("/") }
    } catch .toolFailed(_, _, _, let stderr) where stderr.contains("does not exist") {
      return []
    }
  }

  func read(_ property: String, in session: DesktopSession) throws(DesktopError) -> String? {
    var value = try query(["-p", property], in: session).stdoutText
    if value.hasSuffix("\n") { value.removeLast() }
    return value
  }

  @discardableResult
  func query(_ arguments: [String], in session: DesktopSession) throws(DesktopError) -> ProcessResult {
    try session.run([Self.tool, "-c", Self.channel] + arguments, backend: name)
  }
}
