import BingWallCLI
import BingWallDesktop
import BingWallKit
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
