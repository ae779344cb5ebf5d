import BingWallSystem

/// Which backend sets the wallpaper here: the one named, or the one this session calls for.
package enum BackendSelector {
  /// A backend and why it was chosen, for `backends` and `-v`.
  package struct Choice: Sendable {
    package var backend: any WallpaperBackend
    var reason: String
  }

  /// One row of `bingwall backends`.
  package struct Status: Sendable, Equatable {
    package var name: String
    package var available: Bool
    package var detected: Bool
    package var selected: Bool
    package var tools: [String]
    /// Where it reads the screens (`bingwall outputs`).
    package var outputSource: OutputSource
    /// What one picture it sets covers.
    package var pictureScope: PictureScope
    /// Why it is (not) usable or chosen, in a few words.
    package var note: String
  }

  /// Plain X11 window managers: an `XDG_CURRENT_DESKTOP` left over from another session must
  /// not send their users to a desktop's settings that nothing reads.
  static let bareWindowManagers: Set<String> = [
    "i3", "openbox", "bspwm", "awesome", "dwm", "herbstluftwm", "fluxbox", "icewm", "xmonad", "qtile",
    "spectrwm", "jwm", "fvwm", "windowmaker", "cwm", "leftwm", "berry", "ratpoison", "evilwm", "2bwm",
  ]

  /// The backend `requested` names, or the one the session calls for when it is `auto`.
  package static func select(
    _ requested: BackendName, from backends: [any WallpaperBackend], in session: DesktopSession
  ) throws(DesktopError) -> Choice {
    let choice: Choice
    if requested != .auto {
      guard let named = backends.first(where: { $0.name == requested.name }) else {
        throw DesktopError.noBackend(reason: "no backend called '\(requested)'")
      }
      choice = Choice(backend: named, reason: "asked for by name")
    } else {
      choice = try detect(from: backends, in: session)
    }
    if !choice.backend.isAvailable(in: session) {
      let tool = choice.backend.missingTool(in: session) ?? MissingTool(choice.backend.name)
      if let command = choice.backend as? CommandBackend {
        throw DesktopError.misconfigured(backend: "command", message: command.problem)
      }
      throw DesktopError.toolMissing(backend: choice.backend.name, tool: tool)
    }
    if let missing = session.missing(choice.backend.need) {
      throw DesktopError.sessionMissing(backend: choice.backend.name, what: missing)
    }
    return choice
  }

  /// `backend = "auto"`: the session's desktop, else a setter for its display server.
  static func detect(from backends: [any WallpaperBackend], in session: DesktopSession) throws(DesktopError)
    -> Choice
  {
    let bareWM = bareWindowManagers.contains(session.desktopSession)
    if !bareWM {
      for backend in backends where backend.isDetected(in: session) {
        if backend.isAvailable(in: session) {
          return Choice(backend: backend, reason: "this session's desktop")
        }
      }
    }
    // Tools for a bare X11 session and setters for a Wayland compositor nobody detected by name, in
    // the backends' order: first found wins.
    let x11Fallbacks = backends.filter { $0.fallback == .x11 }
    let waylandFallbacks = backends.filter { $0.fallback == .wayland }
    func firstAvailable(_ fallbacks: [any WallpaperBackend]) -> (any WallpaperBackend)? {
      fallbacks.first { $0.isAvailable(in: session) }
    }
    // Asked only where nothing else fits: it runs a process (the portal's introspection).
    func lastResort() -> (any WallpaperBackend)? {
      backends.first { $0.isLastResort && $0.isAvailable(in: session) }
    }
    // A compositor that draws no background (labwc, niri, river, Wayfire): the setter the user
    // already runs for it comes first, whatever desktop name the session exports (a
    // `XDG_CURRENT_DESKTOP=KDE` set on niri for Qt's sake).
    let compositor = session.backgroundlessCompositor.map { " (\($0))" } ?? ""
    if session.hasWayland,
      let running = waylandFallbacks.first(where: { $0.isAvailable(in: session) && $0.isRunning(in: session) }
      )
    {
      return Choice(backend: running, reason: "a Wayland session\(compositor) with \(running.name) running")
    }
    // The desktop's own tool is missing (detection above took it otherwise): a setter drawing a
    // background of its own would be hidden under GNOME's or Plasma's shell, so only the portal
    // may stand in, and else the desktop's own backend, whose missing tool `select` names. Not on
    // a compositor known to draw nothing (a desktop name exported on niri is not its shell).
    if !bareWM, session.backgroundlessCompositor == nil,
      let owner = backends.first(where: { $0.isDetected(in: session) && $0.ownsTheBackground })
    {
      if let portal = lastResort() {
        return Choice(backend: portal, reason: "the desktop portal offers a wallpaper")
      }
      return Choice(backend: owner, reason: "this session's desktop")
    }
    if session.hasWayland, let backend = firstAvailable(waylandFallbacks) {
      return Choice(backend: backend, reason: "a Wayland session\(compositor) with \(backend.name) installed")
    }
    if session.hasWayland, let lastResort = lastResort() {
      return Choice(backend: lastResort, reason: "the desktop portal offers a wallpaper")
    }
    if session.hasWayland {
      // XWayland's root window is never seen, so "feh is installed" is no answer here.
      throw DesktopError.noBackend(
        reason: "a Wayland session without a known compositor; install swaybg or awww, or pass --backend")
    }
    if session.hasX11, let backend = firstAvailable(x11Fallbacks) {
      return Choice(backend: backend, reason: "an X11 session with \(backend.name) installed")
    }
    if let detected = backends.first(where: { !bareWM && $0.isDetected(in: session) }) {
      return Choice(backend: detected, reason: "this session's desktop")
    }
    if !session.hasWayland, let lastResort = lastResort() {
      return Choice(backend: lastResort, reason: "the desktop portal offers a wallpaper")
    }
    if !session.hasX11 && !session.hasWayland {
      throw DesktopError.noDesktop
    }
    throw DesktopError.noBackend(
      reason:
        "no desktop detected and none of \((x11Fallbacks + waylandFallbacks).map(\.name).joined(separator: ", ")) installed"
    )
  }

  /// The backend `requested` resolves to here, or why none can work: the last line of `backends`.
  package static func verdict(
    _ requested: BackendName, from backends: [any WallpaperBackend], in session: DesktopSession
  ) -> String {
    do {
      let choice = try select(requested, from: backends, in: session)
      return "selected: \(choice.backend.name) (\(choice.reason))"
    } catch {
      return "selected: none; \(error.description)"
    }
  }

  /// Every backend with its state, for `bingwall backends`.
  package static func statuses(
    _ requested: BackendName, from backends: [any WallpaperBackend], in session: DesktopSession
  ) -> [Status] {
    var selectedName: String?
    var problem: String?
    do {
      selectedName = try select(requested, from: backends, in: session).backend.name
    } catch {
      problem = error.description
    }
    return backends.map { backend in
      let available = backend.isAvailable(in: session)
      let detected = backend.isDetected(in: session)
      var note: String
      if backend.name == selectedName {
        note = requested == .auto ? "selected: auto" : "selected: --backend or config"
      } else if !available {
        let missing = backend.tools.filter { session.which($0) == nil }
        if let command = backend as? CommandBackend {
          note = command.problem
        } else {
          note = missing.isEmpty ? "not usable" : "missing " + missing.joined(separator: ", ")
        }
      } else if let missing = session.missing(backend.need) {
        note = missing
      } else {
        note = detected ? "detected" : "installed"
      }
      if selectedName == nil, backend.name == requested.name, let problem { note = problem }
      if let limitation = backend.limitation { note += "; " + limitation }
      return Status(
        name: backend.name, available: available, detected: detected, selected: backend.name == selectedName,
        tools: backend.tools, outputSource: backend.outputSource, pictureScope: backend.pictureScope,
        note: note)
    }
  }
}
