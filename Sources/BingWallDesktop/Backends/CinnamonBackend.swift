/// Cinnamon, through `org.cinnamon.desktop.background`: GNOME's keys under its own schema.
package struct CinnamonBackend: WallpaperBackend {
  /// `picture-options` per mode: the GNOME names; `auto` leaves the setting alone.
  package static let modeTable: [WallpaperMode: String] = GNOMEBackend.modeTable
  static let schema = "org.cinnamon.desktop.background"

  package let name = "cinnamon"
  package let tools = [GSettings.tool]
  /// The session bus, unless `GSETTINGS_BACKEND` picks a settings store that needs none.
  package let need: SessionNeed

  /// `session` decides `need` (see `GSettings.need`); without one the bus is needed.
  package init(session: DesktopSession? = nil) {
    need = GSettings.need(environment: session?.environment ?? [:])
  }

  package func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["x-cinnamon", "cinnamon"], orSession: ["cinnamon", "cinnamon2d"])
  }

  /// Cinnamon has no dark-style key: one `picture-uri`, read back.
  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let settings = GSettings(backend: name)
    if let option = Self.modeTable[request.mode] {
      try settings.set(Self.schema, "picture-options", to: option, in: session)
    }
    try settings.setVerified(Self.schema, "picture-uri", to: request.uri, in: session)
  }

  package func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let uri = try GSettings(backend: name).string(Self.schema, "picture-uri", in: session)
    return uri.flatMap(FileURI.path(of:)).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Cinnamon's screensaver shows the desktop background, so setting one sets both.
  package func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError)
    -> Bool
  {
    true
  }
}
