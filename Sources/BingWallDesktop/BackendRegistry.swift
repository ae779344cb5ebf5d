/// Every backend bingwall has, in one list: detection order, the names config and `--backend` take,
/// and the man page's mode tables all come from it, so they cannot disagree.
package enum BackendRegistry {
  /// Every backend, in the order detection tries them: desktops first, then the tools.
  ///
  /// `command` is config's argv template for the `command` backend; the session tells the
  /// gsettings backends whether they need the session bus (not with a keyfile store).
  package static func all(command: String, session: DesktopSession?) -> [any WallpaperBackend] {
    [
      GSettingsBackend(.gnome, session: session), GSettingsBackend(.cinnamon, session: session),
      GSettingsBackend(.mate, session: session), GSettingsBackend(.deepin, session: session), XFCEBackend(),
      KDEBackend(), CosmicBackend(), LXDEBackend(), LXQtBackend(), SwayBackend(), HyprlandBackend(),
      WayfireBackend(),
      SwaybgBackend(), SwwwBackend(), WpaperdBackend(), FlagToolBackend(.feh), FlagToolBackend(.xwallpaper),
      FlagToolBackend(.nitrogen),
      FlagToolBackend(.hsetroot), PortalBackend(), CommandBackend(template: command), NoneBackend(),
    ]
  }

  /// The names `backend` may take in config and on the command line: `auto`, then every backend's.
  /// Part of the config contract: a config file written today must stay valid.
  package static let names: [String] = ["auto"] + all(command: "", session: nil).map(\.name)

  /// The backends that turn a mode into a setting of their own, with that setting per mode, in
  /// detection order.
  package static let modeTables: [(name: String, table: [WallpaperMode: String])] =
    all(command: "", session: nil).compactMap { backend in backend.modeTable.map { (backend.name, $0) } }

  /// The backends by what one picture they set covers, each scope once, in `PictureScope`'s
  /// order and the backends in detection order: the man page's account of the screens.
  package static let scopes: [(scope: PictureScope, names: [String])] = PictureScope.allCases.map { scope in
    (scope, all(command: "", session: nil).filter { $0.pictureScope == scope }.map(\.name))
  }
  .filter { !$0.names.isEmpty }

  /// What the backends whose scope depends on the screens say of it, in detection order.
  package static let scopeNotes: [String] = all(command: "", session: nil).compactMap(\.scopeNote)
}
