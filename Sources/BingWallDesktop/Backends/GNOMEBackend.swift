/// GNOME and the desktops built on its settings (Unity, Budgie, Pop, Ubuntu's session), through
/// `org.gnome.desktop.background`.
package struct GNOMEBackend: WallpaperBackend {
  /// `picture-options` per mode, shared by the GNOME family; `auto` leaves the setting alone.
  package static let modeTable: [WallpaperMode: String] = [
    .fill: "zoom", .fit: "scaled", .stretch: "stretched", .center: "centered", .tile: "wallpaper",
  ]
  static let schema = "org.gnome.desktop.background"
  static let lockScreenSchema = "org.gnome.desktop.screensaver"

  package let name = "gnome"
  package let tools = [GSettings.tool]
  /// The session bus, unless `GSETTINGS_BACKEND` picks a settings store that needs none.
  package let need: SessionNeed

  /// `session` decides `need` (see `GSettings.need`); without one the bus is needed.
  package init(session: DesktopSession? = nil) {
    need = GSettings.need(environment: session?.environment ?? [:])
  }

  package func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(
      ["gnome", "unity", "budgie", "budgie-desktop", "pop", "ubuntu"],
      orSession: ["gnome", "ubuntu", "pop", "budgie-desktop"])
  }

  /// Sets `picture-uri` and, where GNOME has it (42+), `picture-uri-dark`: with only the first, a
  /// desktop in dark style keeps its old picture.
  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let settings = GSettings(backend: name)
    if let option = Self.modeTable[request.mode] {
      try settings.set(Self.schema, "picture-options", to: option, in: session)
    }
    if try settings.hasKey(Self.schema, "picture-uri-dark", in: session) {
      try settings.set(Self.schema, "picture-uri-dark", to: request.uri, in: session)
    }
    try settings.setVerified(Self.schema, "picture-uri", to: request.uri, in: session)
  }

  package func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let uri = try GSettings(backend: name).string(Self.schema, "picture-uri", in: session)
    return uri.flatMap(FileURI.path(of:)).flatMap { $0.isEmpty ? nil : $0 }
  }

  package func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError)
    -> Bool
  {
    try GSettings(backend: name).setVerified(
      Self.lockScreenSchema, "picture-uri", to: request.uri, in: session)
    return true
  }
}
