/// MATE, through `org.mate.background`, which takes a plain path where GNOME takes a URI.
package struct MATEBackend: WallpaperBackend {
  /// `picture-options` per mode: the GNOME names; `auto` leaves the setting alone.
  package static let modeTable: [WallpaperMode: String] = GNOMEBackend.modeTable
  static let schema = "org.mate.background"

  package let name = "mate"
  package let tools = [GSettings.tool]
  /// The session bus, unless `GSETTINGS_BACKEND` picks a settings store that needs none.
  package let need: SessionNeed

  /// `session` decides `need` (see `GSettings.need`); without one the bus is needed.
  package init(session: DesktopSession? = nil) {
    need = GSettings.need(environment: session?.environment ?? [:])
  }

  package func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["mate"], orSession: ["mate"])
  }

  package func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let settings = GSettings(backend: name)
    if let option = Self.modeTable[request.mode] {
      try settings.set(Self.schema, "picture-options", to: option, in: session)
    }
    try settings.setVerified(Self.schema, "picture-filename", to: request.path, in: session)
  }

  package func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let path = try GSettings(backend: name).string(Self.schema, "picture-filename", in: session)
    return path.flatMap { $0.hasPrefix("/") ? $0 : nil }
  }
}
