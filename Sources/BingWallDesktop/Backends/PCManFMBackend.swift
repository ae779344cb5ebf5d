/// A desktop drawn by a PCManFM (LXDE's `pcmanfm`, LXQt's `pcmanfm-qt`): a second instance of
/// `tool` hands the picture to the one running on the display, and each monitor shows it,
/// scaled by itself.
protocol PCManFMBackend: WallpaperBackend {
  static var tool: String { get }
}

extension PCManFMBackend {
  var tools: [String] { [Self.tool] }
  var need: SessionNeed { .display }
  var outputSource: OutputSource { .xrandr }
  var pictureScope: PictureScope { .everyOutput }

  /// The running desktop the picture is handed to, after the checks every tool backend makes.
  func runningDesktop(in session: DesktopSession) throws(DesktopError) -> PCManFMDesktop {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    guard let desktop = PCManFMDesktop.find(Self.tool, in: session) else {
      throw .sessionMissing(backend: name, what: PCManFMDesktop.absence(Self.tool, in: session))
    }
    return desktop
  }
}
