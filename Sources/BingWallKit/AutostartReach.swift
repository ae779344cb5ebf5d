import BingWallDesktop
import BingWallSchedule
import BingWallSystem

/// Whether `bingwall update`, started by cron with the session's variables, will set the
/// wallpaper: the backend selection run now on exactly the environment cron will give it.
package enum AutostartReach: Sendable, Equatable {
  /// A backend fits: its runs set the wallpaper with it.
  case sets(backend: String)
  /// `backend = "none"`: the user keeps a history without a desktop.
  case storesByChoice
  /// No backend fits cron's environment; why, as the selector says it.
  case storesOnly(String)

  /// What cron starts a job with (Debian's cron: HOME, LOGNAME, SHELL, PATH), plus the session's
  /// variables the line carries.
  static func cronEnvironment(_ session: AutostartCronSession, context: Context) -> [String: String] {
    var environment = [
      "HOME": context.paths.home, "SHELL": "/bin/sh", "PATH": "/usr/bin:/bin",
      "LOGNAME": context.environment["LOGNAME"] ?? context.environment["USER"] ?? "",
    ]
    for (name, value) in session.variables { environment[name] = value }
    return environment
  }

  /// The reach of a line carrying `session`. The config is the default file's, which is what
  /// cron's runs read; a config that does not load counts as the defaults.
  static func of(_ session: AutostartCronSession, context: Context) -> Self {
    var cron = context
    cron.environment = cronEnvironment(session, context: context)
    // The defaults with no environment cannot fail to load: every default is valid.
    let configuration =
      (try? Resources(context: cron, configFile: nil).configuration)
      ?? (try? Configuration.load(file: "", explicit: false, environment: [:]))!
    let resources = Resources(context: cron, configuration: configuration)
    let requested = configuration[ConfigSchema.backend]
    if requested.name == "none" { return .storesByChoice }
    do {
      let choice = try BackendSelector.select(
        requested, from: resources.backends, in: resources.desktopSession)
      return .sets(backend: choice.backend.name)
    } catch {
      if case .noBackend(let why) = error { return .storesOnly(why) }
      return .storesOnly(error.description)
    }
  }
}
