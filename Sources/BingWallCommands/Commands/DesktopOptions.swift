import BingWallCLI
import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The options of commands that set the wallpaper, and what they need to do it.
enum DesktopOptions {
  static let backend = OptionSpec.value(
    "backend", name: "name", kind: .choice(BackendRegistry.names),
    help: "The wallpaper backend to use instead of config 'backend' (see 'bingwall backends').")
  static let mode = OptionSpec.value(
    "mode", name: "mode", kind: .choice(WallpaperMode.all), help: "How the picture fills the screen.",
    default: "config 'mode', auto")
  static let lockScreen = OptionSpec.flag(
    "lock-screen", help: "Also set the lock screen picture, where the desktop has one.")

  static let all = [backend, mode, lockScreen]

  /// The command line's say over config `backend`, `mode` and `lock_screen`.
  static func overrides(_ invocation: Invocation) -> [Configuration.Override] {
    var overrides: [Configuration.Override] = []
    if let name = invocation.value("backend") {
      overrides.append(.init(key: "backend", value: .string(name), option: "--backend"))
    }
    if let mode = invocation.value("mode") {
      overrides.append(.init(key: "mode", value: .string(mode), option: "--mode"))
    }
    if invocation.flag("lock-screen") {
      overrides.append(.init(key: "lock_screen", value: .boolean(true), option: "--lock-screen"))
    }
    return overrides
  }
}

extension CommandEnvironment {
  /// The session as the desktop tools see it.
  var desktopSession: DesktopSession {
    DesktopSession(environment: context.environment, processes: context.processes, home: context.paths.home)
  }

  /// Every backend, configured (the `command` template comes from config).
  var backends: [any WallpaperBackend] {
    BackendRegistry.all(command: configuration.command, session: desktopSession)
  }

  var applier: WallpaperApplier {
    WallpaperApplier(
      session: desktopSession, backends: backends, requested: configuration.backend,
      mode: WallpaperMode(rawValue: configuration.mode) ?? .auto, lockScreen: configuration.lockScreen)
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
