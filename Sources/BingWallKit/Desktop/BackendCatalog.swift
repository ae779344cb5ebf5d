/// Every backend, in the order detection tries them: desktops first, then the tools.
public enum BackendCatalog {
  /// `command` is config's argv template for the `command` backend; the session tells the
  /// gsettings backends whether they need the session bus (not with a keyfile store).
  public static func all(command: String, session: DesktopSession?) -> [any WallpaperBackend] {
    [
      GNOMEBackend(session: session), CinnamonBackend(session: session), MATEBackend(session: session),
      DeepinBackend(session: session), XFCEBackend(), KDEBackend(), LXDEBackend(), LXQtBackend(),
      SwayBackend(),
      HyprlandBackend(), SwwwBackend(), SwaybgBackend(), FehBackend(), XwallpaperBackend(), NitrogenBackend(),
      HsetrootBackend(), CommandBackend(template: command), NoneBackend(),
    ]
  }
}
