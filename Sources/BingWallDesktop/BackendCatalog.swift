/// Every backend, in the order detection tries them: desktops first, then the tools.
package enum BackendCatalog {
  /// `command` is config's argv template for the `command` backend; the session tells the
  /// gsettings backends whether they need the session bus (not with a keyfile store).
  package static func all(command: String, session: DesktopSession?) -> [any WallpaperBackend] {
    [
      GNOMEBackend(session: session), CinnamonBackend(session: session), MATEBackend(session: session),
      DeepinBackend(session: session), XFCEBackend(), KDEBackend(), LXDEBackend(), LXQtBackend(),
      SwayBackend(),
      HyprlandBackend(), SwwwBackend(), SwaybgBackend(), FehBackend(), XwallpaperBackend(), NitrogenBackend(),
      HsetrootBackend(), CommandBackend(template: command), NoneBackend(),
    ]
  }

  /// The backends that turn a mode into a setting of their own, with that setting per mode.
  package static let modeTables: [(name: String, table: [WallpaperMode: String])] = [
    ("gnome", GNOMEBackend.modeTable), ("cinnamon", CinnamonBackend.modeTable),
    ("mate", MATEBackend.modeTable), ("deepin", DeepinBackend.modeTable), ("xfce", XFCEBackend.modeTable),
    ("kde", KDEBackend.modeTable), ("lxde", LXDEBackend.modeTable), ("lxqt", LXQtBackend.modeTable),
    ("sway", SwayBackend.modeTable), ("hyprland", HyprlandBackend.modeTable),
    ("swww", SwwwBackend.modeTable), ("swaybg", SwaybgBackend.modeTable), ("feh", FehBackend.modeTable),
    ("xwallpaper", XwallpaperBackend.modeTable), ("nitrogen", NitrogenBackend.modeTable),
    ("hsetroot", HsetrootBackend.modeTable),
  ]
}
