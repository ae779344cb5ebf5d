import BingWallDesktop
import BingWallSchedule
import BingWallSystem

/// What `bingwall update`, started by cron, will do with the wallpaper: the backend selection run
/// now on the environment cron gives it, where each run finds the user's running session itself.
package enum AutostartReach: Sendable, Equatable {
  /// A session of the user's runs now and a backend fits it: `display` ("display :0", "Wayland
  /// display wayland-1") is where, `backend` with what.
  case sets(backend: String, display: String)
  /// `backend = "none"`: the user keeps a history without a desktop.
  case storesByChoice
  /// No session of the user's runs now: each run stores the pictures until one does.
  case noSessionNow
  /// A session runs, but no backend fits it; why, as the selector says it.
  case storesOnly(String)

  /// What cron starts a job with (Debian's cron: HOME, LOGNAME, SHELL, PATH), and the test root
  /// of `SessionFinder` when one is set.
  static func cronEnvironment(context: Context) -> [String: String] {
    var environment = [
      "HOME": context.paths.home, "SHELL": "/bin/sh", "PATH": "/usr/bin:/bin",
      "LOGNAME": context.environment["LOGNAME"] ?? context.environment["USER"] ?? "",
    ]
    environment[SessionFinder.rootVariable] = context.environment[SessionFinder.rootVariable]
    return environment
  }

  /// The reach of the cron line now. The config is the default file's, which is what cron's runs
  /// read; a config that does not load counts as the defaults.
  static func now(context: Context) -> Self {
    var cron = context
    cron.environment = cronEnvironment(context: context)
    // The defaults with no environment cannot fail to load: every default is valid.
    let configuration =
      (try? Resources(context: cron, configFile: nil).configuration)
      ?? (try? Configuration.load(file: "", in: context.fileSystem, explicit: false, environment: [:]))!
    let resources = Resources(context: cron, configuration: configuration)
    let requested = configuration[ConfigSchema.backend]
    if requested.name == "none" { return .storesByChoice }
    let session = resources.desktopSession
    guard session.hasDisplay else { return .noSessionNow }
    let display =
      session.environment["WAYLAND_DISPLAY"].map { "Wayland display \($0)" }
      ?? "display \(session.environment["DISPLAY"] ?? "")"
    do {
      let choice = try BackendSelector.select(requested, from: resources.backends, in: session)
      return .sets(backend: choice.backend.name, display: TerminalText.clean(display))
    } catch {
      if case .noBackend(let why) = error { return .storesOnly(why) }
      return .storesOnly(error.description)
    }
  }
}
