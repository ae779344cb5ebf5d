import BingWallDesktop
import BingWallSystem

/// The environment the desktop tools get: the context's own, or, where it names no display
/// (cron, ssh, a timer whose user manager has none), the context's with the variables of the
/// user's running graphical session (`SessionFinder`) filled in.
enum RunningSession {
  static func environment(of context: Context) -> [String: String] {
    let own = context.environment
    guard (own["DISPLAY"] ?? "").isEmpty, (own["WAYLAND_DISPLAY"] ?? "").isEmpty else { return own }
    guard let found = SessionFinder(environment: own).find() else {
      context.trace("session: no display here, and no desktop session of yours is running")
      return own
    }
    var environment = own
    for (name, value) in found.variables.variables where (environment[name] ?? "").isEmpty {
      environment[name] = value
    }
    let shown = found.variables.variables.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    context.trace("session: no display here; using the running session of \(found.source): \(shown)")
    return environment
  }
}
