import BingWallSystem

/// The XDG Desktop Portal's wallpaper interface, `org.freedesktop.portal.Wallpaper`, for a
/// desktop no other backend knows whose portal implements it (the gnome and xapp portal
/// backends do; kde, wlr, gtk, lxqt and cosmic do not).
///
/// `SetWallpaperFile(parent_window, fd, options)` takes the picture as a file descriptor:
/// `gdbus call` passes its stdin on when the handle argument is 0, and its stdin is the
/// picture's own file (the portal refuses a pipe). `set-on` is `background`, or `lockscreen`
/// for the lock picture; `show-preview` is false, so no dialog asks. The portal answers with a
/// request handle and tells the outcome later, by a signal on it: bingwall does not wait for it,
/// and the portal has no way to read the picture back.
struct PortalBackend: WallpaperBackend {
  static let destination = "org.freedesktop.portal.Desktop"
  static let objectPath = "/org/freedesktop/portal/desktop"
  static let interface = "org.freedesktop.portal.Wallpaper"

  let name = "portal"
  let tools = ["gdbus"]
  let need = SessionNeed.sessionBus
  var setsLockPicture: Bool { true }
  /// Tried where nothing else fits: no desktop detected and no setter for the display, or a
  /// desktop whose shell draws the background (GNOME's, Plasma's) without its own tool.
  var isLastResort: Bool { true }
  var limitation: String? { "no read-back: the portal cannot tell which picture is set" }

  init() {}

  func isDetected(in session: DesktopSession) -> Bool { false }

  /// gdbus is here and the session's portal offers the wallpaper interface (the portal exports
  /// an interface only when one of its backends implements it).
  func isAvailable(in session: DesktopSession) -> Bool {
    guard session.which("gdbus") != nil, session.missing(need) == nil,
      let answer = try? session.run(
        ["gdbus", "introspect", "--session", "--dest", Self.destination, "--object-path", Self.objectPath],
        backend: name)
    else { return false }
    return answer.stdoutText.contains("interface \(Self.interface) {")
  }

  func missingTool(in session: DesktopSession) -> MissingTool? {
    if session.which("gdbus") == nil { return "gdbus" }
    return isAvailable(in: session) ? nil : MissingTool("a desktop portal with \(Self.interface)")
  }

  static func arguments(setOn target: String) -> [String] {
    [
      "gdbus", "call", "--session", "--dest", destination, "--object-path", objectPath, "--method",
      "\(interface).SetWallpaperFile", "", "0", "{'show-preview': <false>, 'set-on': <'\(target)'>}",
    ]
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try ToolPreflight.check(backend: name, tools: tools, need: need, in: session)
    try session.run(Self.arguments(setOn: "background"), backend: name, input: .file(request.path))
  }

  func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) -> Bool {
    try session.run(Self.arguments(setOn: "lockscreen"), backend: name, input: .file(request.path))
    return true
  }
}
