/// Deepin (DDE), through the `com.deepin.wrap.gnome.desktop.background` schema its daemon mirrors.
///
/// The least certain backend: V20 and V23 also offer D-Bus calls on their Appearance service
/// (`com.deepin.daemon.Appearance`, `org.deepin.dde.Appearance1`), which differ between versions;
/// the wrapped GNOME schema is the one interface both read.
package struct DeepinBackend: WallpaperBackend {
  /// `picture-options` per mode: the schema copies GNOME's names; `auto` leaves the setting alone.
  package static let modeTable: [WallpaperMode: String] = GNOMEBackend.modeTable
  static let schema = "com.deepin.wrap.gnome.desktop.background"

  package let name = "deepin"
  package let tools = [GSettings.tool]
  /// The session bus, unless `GSETTINGS_BACKEND` picks a settings store that needs none.
  package let need: SessionNeed

  /// `session` decides `need` (see `GSettings.need`); without one the bus is needed.
  package init(session: DesktopSession? = nil) {
    need = GSettings.need(environment: session?.environment ?? [:])
  }

  package func isDetected(in session: DesktopSession) -> Bool {
    session.isDesktop(["deepin", "dde"], orSession: ["deepin", "dde"])
  }

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
}
