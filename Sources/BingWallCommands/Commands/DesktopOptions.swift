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
    "lock-screen", help: "Also set the lock screen picture, where the desktop has one."
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

  /// Sets a stored picture and records it; returns the line to print.
  func apply(_ picture: Picture, store: HistoryStore, reason: String) throws -> String {
    guard access(picture.path, R_OK) == 0 else {
      throw FileError.system(operation: "read picture \(picture.key) at", path: picture.path, errno: errno)
    }
    let outcome = try applier.apply(path: picture.path)
    try store.recordApply(
      pictureID: picture.id, backend: outcome.backend, reason: reason, at: context.clock.now())
    var line =
      "Applied \(picture.date) \(picture.key) (\(picture.displayTitle)) with \(outcome.backend)"
    if outcome.lockScreenSet == false { line += "; this desktop has no lock screen picture to set" }
    return TerminalText.clean(line)
  }
}
