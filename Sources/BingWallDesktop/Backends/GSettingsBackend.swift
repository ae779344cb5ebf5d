/// The GNOME-family desktops (GNOME, Cinnamon, MATE, Deepin), through gsettings: one backend, told by
/// a `GSettingsDesktop` which schema and keys are this desktop's.
struct GSettingsBackend: WallpaperBackend {
  let desktop: GSettingsDesktop
  var name: String { desktop.name }
  let tools = [GSettings.tool]
  /// The session bus, unless `GSETTINGS_BACKEND` picks a settings store that needs none.
  let need: SessionNeed
  var outputSource: OutputSource { .xrandr }
  /// One picture over every screen: `spanned` when it is a canvas made for several.
  var pictureScope: PictureScope { .layout }
  var ownsTheBackground: Bool { true }
  var setsDarkPicture: Bool { desktop.darkPictureKey != nil }
  var setsLockPicture: Bool {
    switch desktop.lockScreen {
    case .key, .keyUnlessShell: true
    case .none, .sameAsDesktop: false
    }
  }

  /// Under GNOME Shell, the note that its lock screen has no picture of its own.
  func lockScreenNote(in session: DesktopSession) -> String? {
    guard case .keyUnlessShell = desktop.lockScreen, !session.isDesktop(GSettingsDesktop.ownScreensavers)
    else { return nil }
    return GSettingsDesktop.shellLockNote
  }
  var modeTable: [WallpaperMode: String]? { desktop.modeTable }

  /// `session` decides `need` (see `GSettings.need`); without one the bus is needed.
  init(_ desktop: GSettingsDesktop, session: DesktopSession? = nil) {
    self.desktop = desktop
    need = GSettings.need(environment: session?.environment ?? [:])
  }

  func isDetected(in session: DesktopSession) -> Bool {
    guard session.isDesktop(desktop.desktops, orSession: desktop.sessions) else { return false }
    return !desktop.detectionNeedsSchema || GSettings(backend: name).hasSchema(desktop.schema, in: session)
  }

  /// The mode first, then a dark-style copy where the schema has one, then the picture itself, read
  /// back: it is the key that proves the change took.
  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    let settings = GSettings(backend: name)
    try settings.checkStore(in: session)
    let picture = desktop.value(for: request)
    if let option = request.spansOutputs ? GSettingsDesktop.spanned : desktop.modeTable[request.mode] {
      try settings.set(desktop.schema, "picture-options", to: option, in: session)
    }
    if let dark = desktop.darkPictureKey, try settings.hasKey(desktop.schema, dark, in: session) {
      try settings.set(
        desktop.schema, dark, to: desktop.value(for: request.darkPath ?? request.path), in: session)
    }
    try settings.setVerified(desktop.schema, desktop.pictureKey, to: picture, in: session)
  }

  func current(in session: DesktopSession) throws(DesktopError) -> String? {
    let stored = try GSettings(backend: name).string(desktop.schema, desktop.pictureKey, in: session)
    return stored.flatMap(desktop.path(fromStored:))
  }

  func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError)
    -> Bool
  {
    switch desktop.lockScreen {
    case .none: return false
    case .sameAsDesktop: return true
    case .key(let schema, let key), .keyUnlessShell(let schema, let key):
      if lockScreenNote(in: session) != nil { return true }
      try GSettings(backend: name).checkStore(in: session)
      try GSettings(backend: name).setVerified(schema, key, to: desktop.value(for: request.path), in: session)
      return true
    }
  }
}
