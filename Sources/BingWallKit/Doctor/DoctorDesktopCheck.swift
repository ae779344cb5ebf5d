import BingWallDesktop
import BingWallSystem

/// Whether some wallpaper backend can work in this session, and which one `apply` would use.
///
/// Only a warning when none can: a server or a container keeping a history without a desktop is a
/// fine use, and `backend = "none"` says so outright (then nothing is checked). It asks the process
/// runner whether tools are installed and runs none of them.
enum DoctorDesktopCheck {
  /// The backend that would be selected, or nil; a warning when none can work here.
  static func run(_ resources: Resources) -> (selected: String?, finding: DoctorFinding?) {
    let requested = resources.configuration[ConfigSchema.backend]
    if requested.name == "none" { return ("none", nil) }
    let session = resources.desktopSession
    do {
      let choice = try BackendSelector.select(requested, from: resources.backends, in: session)
      return (choice.backend.name, nil)
    } catch {
      // Said once: a session with no backend already names what it lacks; any other error gets
      // the session's variables, which it does not name.
      let reason: String
      if case .noBackend(let why) = error {
        reason = why
      } else if error == .noDesktop {
        reason = error.description
      } else {
        reason = "\(error) (\(describe(session)))"
      }
      let finding = DoctorFinding(
        .backend, .warning, subject: requested == .auto ? "backend auto" : "backend \(requested)",
        message: "no wallpaper can be set here: \(reason)",
        advice: "in your desktop session, 'bingwall backends' says why; without a desktop, "
          + "'bingwall config set backend none'")
      return (nil, finding)
    }
  }

  /// The session variables backends read, for the message: `DISPLAY unset, WAYLAND_DISPLAY=wayland-1, session bus found`.
  static func describe(_ session: DesktopSession) -> String {
    func variable(_ name: String) -> String {
      let value = session.environment[name] ?? ""
      return value.isEmpty ? "\(name) unset" : "\(name)=\(value)"
    }
    let bus = session.hasSessionBus ? "session bus found" : "no session bus"
    return [variable("DISPLAY"), variable("WAYLAND_DISPLAY"), bus].joined(separator: ", ")
  }
}
