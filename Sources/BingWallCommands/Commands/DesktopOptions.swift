import BingWallCLI
import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The options of commands that set the wallpaper, and what they need to do it.
enum DesktopOptions {
  static let backend = Option<BackendName>(
    "backend", name: "name", kind: .choice(BackendRegistry.names),
    help: "The wallpaper backend to use instead of config 'backend' (see 'bingwall backends')."
  ).overriding(ConfigSchema.backend)
  static let mode = Option<WallpaperMode>(
    "mode", name: "mode", kind: .choice(WallpaperMode.all), help: "How the picture fills the screen.",
    default: "config 'mode', auto"
  ).overriding(ConfigSchema.mode)
  static let lockScreen = Flag(
    "lock-screen",
    help: "Also set the lock screen picture, where the desktop has one; elsewhere a warning says so."
  ).overriding(ConfigSchema.lockScreen)

  static let all: [any OptionHandle] = [backend, mode, lockScreen]
}

extension CommandEnvironment {
  /// The session as the desktop tools see it.
  var desktopSession: DesktopSession {
    DesktopSession(environment: context.environment, processes: context.processes, home: context.paths.home)
  }

  /// Every backend, configured (the `command` template comes from config).
  var backends: [any WallpaperBackend] {
    BackendRegistry.all(command: configuration[ConfigSchema.command], session: desktopSession)
  }

  var applier: WallpaperApplier {
    WallpaperApplier(
      session: desktopSession, backends: backends, requested: configuration[ConfigSchema.backend].name,
      mode: configuration[ConfigSchema.mode], lockScreen: configuration[ConfigSchema.lockScreen])
  }

  /// Sets a stored picture and records it; returns what to print.
  func apply(_ picture: Picture, store: HistoryStore, reason: String) throws -> AppliedPicture {
    guard access(picture.path, R_OK) == 0 else {
      throw FileError.system(operation: "read picture \(picture.key) at", path: picture.path, errno: errno)
    }
    let outcome = try applier.apply(path: picture.path)
    try store.recordApply(
      pictureID: picture.id, backend: outcome.backend, reason: reason, at: context.clock.now())
    return AppliedPicture(
      "Applied \(picture.date) \(picture.key) (\(picture.displayTitle)) with \(outcome.backend)", outcome)
  }

  /// Prints the line on stdout (unless `quiet`) and the warning, if any, on stderr.
  func announce(_ applied: AppliedPicture, quiet: Bool) {
    if !quiet { context.stdout.write(applied.line + "\n") }
    if let warning = applied.warning { context.stderr.write("warning: \(warning)\n") }
  }
}

/// What setting a picture printed: the line that says so, and a warning when part of the request
/// could not be done (a lock screen the desktop does not have).
struct AppliedPicture: Sendable, Equatable {
  /// "Applied … with gnome", for stdout.
  var line: String
  /// For stderr, without the `warning: ` prefix.
  var warning: String?

  init(_ line: String, _ outcome: WallpaperApplier.Outcome) {
    self.line = TerminalText.clean(line)
    // Asked for (flag or config) and impossible here: not a failure, since the option means "where
    // the desktop has one", but never silent either.
    if outcome.lockScreenSet == false {
      warning =
        "this desktop (\(outcome.backend)) has no lock screen picture to set; only the background changed"
    }
  }

  /// Both in one line, for the daemon's log.
  var logLine: String { line + (warning.map { "; warning: " + $0 } ?? "") }
}
