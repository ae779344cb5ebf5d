import BingWallSystem

/// A picture to set: where it is and how it should fill the screen.
package struct WallpaperRequest: Sendable, Equatable {
  /// Absolute path.
  package var path: String
  var mode: WallpaperMode
  /// The picture for dark style, where the desktop keeps one (GNOME's `picture-uri-dark`); nil:
  /// `path`.
  var darkPath: String?
  /// The picture for the lock screen; nil: `path`.
  package var lockPath: String?
  /// True when `path` is one canvas made for the whole layout of several screens, which the
  /// desktop must span over them rather than show on each.
  var spansOutputs = false

  /// The request for the lock screen: its own picture, when one was made.
  var forLockScreen: WallpaperRequest {
    WallpaperRequest(path: lockPath ?? path, mode: mode, spansOutputs: spansOutputs)
  }

  /// `file://` and the path percent-encoded, as gsettings and D-Bus APIs want it.
  var uri: String { FileURI.make(path) }
}

/// What a backend needs from the session to work at all.
package enum SessionNeed: Sendable, Equatable {
  /// Nothing (the `command` and `none` backends).
  case nothing
  /// An X11 display (`DISPLAY`).
  case x11
  /// A Wayland compositor (`WAYLAND_DISPLAY`).
  case wayland
  /// Either display.
  case display
  /// The session's D-Bus (dconf-backed gsettings, Plasma, Deepin).
  case sessionBus
  /// A display or the session bus: settings daemons such as xfconf answer on the bus even
  /// where bingwall itself has no display (cron, a systemd timer).
  case displayOrSessionBus
}

/// The display server a backend is a setter of last resort for.
package enum DisplayServer: Sendable, Equatable {
  case x11
  case wayland
}

/// One way of setting the desktop background: a desktop's own settings, or a tool.
///
/// Implementations are small values, one file each, that run their tools through
/// `DesktopSession.run` (argv arrays, a timeout, stderr in the error) and never a shell.
package protocol WallpaperBackend: Sendable {
  /// The name users type: `gnome`, `feh`, `command`.
  var name: String { get }
  /// The programs it runs, looked up on the session's PATH.
  var tools: [String] { get }
  /// What the session must provide for it to work.
  var need: SessionNeed { get }
  /// The setting it turns each mode into, for the man page; nil when it passes no mode on.
  var modeTable: [WallpaperMode: String]? { get }
  /// The display it serves when detection names no desktop (first available in the list wins);
  /// nil for backends that only ever come by name or detection.
  var fallback: DisplayServer? { get }
  /// True for the backend tried when nothing else fits, on any display (the desktop portal).
  var isLastResort: Bool { get }
  /// True for a desktop whose own shell draws the background (GNOME's family, Plasma): a tool
  /// that draws one of its own (a root-window setter, a wlr-layer-shell client) is hidden or
  /// refused there, so detection never falls back to one in its session.
  var ownsTheBackground: Bool { get }
  /// What it cannot do that a user would expect, for `backends` (no read-back); nil for none.
  var limitation: String? { get }
  /// Where its desktop tells the screens (`bingwall outputs`).
  var outputSource: OutputSource { get }
  /// What one picture it sets covers, so that bingwall can make the picture in that shape.
  var pictureScope: PictureScope { get }
  /// What one picture covers on these screens: `pictureScope`, but for a backend that can reach
  /// only some layouts one screen at a time (xwallpaper names outputs, not monitors).
  func pictureScope(for outputs: [Output]) -> PictureScope
  /// When `pictureScope(for:)` differs from `pictureScope`, and what it is then, for the man
  /// page; nil where it never does.
  var scopeNote: String? { get }
  /// True when it sets a second picture for dark style (`WallpaperRequest.darkPath`).
  var setsDarkPicture: Bool { get }
  /// True when its lock screen shows a picture of its own (`WallpaperRequest.lockPath`), not
  /// the desktop's.
  var setsLockPicture: Bool { get }
  /// True when the desktop's colour scheme is dark now (XFCE's GTK theme, Plasma's colour
  /// scheme), for a desktop with no dark picture of its own: the dark variant is then set as its
  /// picture. Asked only when pictures are made for the screens.
  func isDarkStyle(in session: DesktopSession) -> Bool
  /// True when a daemon of its own already runs in this session (a swaybg, an awww-daemon):
  /// the Wayland fallback the user chose, preferred over one merely installed.
  func isRunning(in session: DesktopSession) -> Bool
  /// True when its tools exist here (for `command`: when a command is configured).
  func isAvailable(in session: DesktopSession) -> Bool
  /// True when this is the session's own desktop (XDG_CURRENT_DESKTOP and friends).
  func isDetected(in session: DesktopSession) -> Bool
  /// Sets the wallpaper; throws when the tool failed or the setting did not take.
  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError)
  /// Sets one picture per screen, named by output; only called for `.eachOutput`.
  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession) throws(DesktopError)
  /// The current wallpaper's path where the desktop can tell, else nil.
  func current(in session: DesktopSession) throws(DesktopError) -> String?
  /// Sets the lock screen picture where the desktop has one; false when it has none.
  func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) -> Bool
  /// Why `--lock-screen` sets nothing here although the lock screen shows a picture (GNOME
  /// Shell's is the desktop picture, blurred); nil where it sets one or has none.
  func lockScreenNote(in session: DesktopSession) -> String?
  /// Throws when `setLockScreen` cannot work here (a tool it needs is missing). Runs before `set`, so
  /// a lock screen that cannot be set leaves the desktop unchanged too.
  func checkLockScreen(in session: DesktopSession) throws(DesktopError)
  /// The tool to name when `isAvailable` is false: the first missing one, or the alternatives
  /// written `a or b` where any one would do; nil when nothing is missing.
  func missingTool(in session: DesktopSession) -> MissingTool?
}

extension WallpaperBackend {
  package var modeTable: [WallpaperMode: String]? { nil }
  package var fallback: DisplayServer? { nil }
  var isLastResort: Bool { false }
  var limitation: String? { nil }
  var ownsTheBackground: Bool { false }
  package var outputSource: OutputSource { .none }
  package var pictureScope: PictureScope { .asIs }
  func pictureScope(for outputs: [Output]) -> PictureScope { pictureScope }
  var scopeNote: String? { nil }
  var setsDarkPicture: Bool { false }
  var setsLockPicture: Bool { false }

  func setEach(_ requests: [String: WallpaperRequest], in session: DesktopSession)
    throws(DesktopError)
  {
    throw .misconfigured(backend: name, message: "\(name) sets one picture for every screen")
  }

  func isAvailable(in session: DesktopSession) -> Bool {
    tools.allSatisfy { session.which($0) != nil }
  }

  package func current(in session: DesktopSession) throws(DesktopError) -> String? { nil }

  func lockScreenNote(in session: DesktopSession) -> String? { nil }

  func isRunning(in session: DesktopSession) -> Bool { false }

  func isDarkStyle(in session: DesktopSession) -> Bool { false }

  func checkLockScreen(in session: DesktopSession) throws(DesktopError) {}

  func missingTool(in session: DesktopSession) -> MissingTool? {
    tools.first { session.which($0) == nil }.map { MissingTool($0) }
  }

  func setLockScreen(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError)
    -> Bool
  {
    false
  }
}
