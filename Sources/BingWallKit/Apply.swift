import BingWallDesktop
import BingWallStore
import BingWallSystem
import Glibc

/// Setting a picture as the wallpaper: a stored one (recorded in the history with why it was
/// set) or any image file. `apply`, `random`, update's newest picture and the daemon's rotation
/// all come here.
package enum Apply {
  /// What was set, with which backend, and whether the lock screen asked for could not be set.
  package struct Outcome: Sendable, Equatable {
    /// The stored picture, or nil for a file given by path.
    package var picture: Picture?
    package var path: String
    package var backend: String
    /// The lock screen was asked for (flag or config) and this desktop has none: not a failure,
    /// since the option means "where the desktop has one", but never silent either.
    package var noLockScreen: Bool
    /// The lock screen was asked for and shows a picture this desktop does not let us set
    /// (GNOME Shell's is the desktop picture, blurred): what to tell the user.
    package var lockScreenNote: String?
    /// Why the screens' own pictures could not be made (the file was set as it is).
    package var screenProblem: ScreenProblem?
    /// `screens.pin` entries that name no stored picture, each in one line (the other screens
    /// were set as the policy says).
    package var pinProblems: [String] = []
  }

  /// Why a stored picture was set, as the history records it.
  package enum Reason: String, Sendable {
    case apply, random, rotate, update
  }

  /// Sets a stored picture and records it, then runs `hooks.on_change`, told `event` (by default
  /// the one `reason` names).
  package static func picture(
    _ picture: Picture, store: HistoryStore, reason: Reason, event: HookEvent? = nil, resources: Resources
  ) throws -> Outcome {
    do throws(Errno) {
      try resources.context.fileSystem.checkReadable(picture.path)
    } catch {
      throw FileError.system(
        operation: "read picture \(picture.id.key) at", path: picture.path, errno: error.code)
    }
    try ImageFileCheck.checkDecodeBound(picture.path)
    let configuration = resources.configuration
    let (shown, assignment, pinProblems) = try ScreenPolicy.assignment(
      files: resources.context.fileSystem,
      for: picture, policy: configuration[ConfigSchema.screenPolicy],
      favoritesFirst: configuration[ConfigSchema.screenFavoritesFirst],
      pins: configuration[ConfigSchema.screenPins], store: store, at: resources.context.clock.now())
    let caption = ScreenPictures.caption(
      title: picture.displayTitle, credit: picture.credit, headline: picture.story?.headline ?? "")
    let set = try resources.applier(caption: caption).apply(shown, assignment: assignment)
    try store.recordApply(
      pictureID: picture.rowID, backend: set.backend, reason: reason.rawValue,
      at: resources.context.clock.now())
    saveScreens(set, resources: resources)
    wallpaperWasSet(resources, file: nil)
    Hook(resources: resources).changed(
      picture: picture, path: picture.path, set: set, event: event ?? HookEvent(reason))
    return Outcome(
      picture: picture, path: picture.path, backend: set.backend, noLockScreen: set.lockScreenSet == false,
      lockScreenNote: set.lockScreenNote, screenProblem: set.screenProblem, pinProblems: pinProblems)
  }

  /// What each screen shows now, for `status`; a failure to write it costs only that.
  private static func saveScreens(_ set: WallpaperApplier.Outcome, resources: Resources) {
    let screens = set.screens.sorted { $0.key < $1.key }.map { name, shown in
      ShownScreens.Screen(output: name, key: shown.source.key, source: shown.source.path, file: shown.file)
    }
    try? ShownScreens(stateDir: resources.context.paths.stateDir, files: resources.context.fileSystem).save(
      screens)
  }

  /// A wallpaper is set: an update's "no wallpaper set" (`SchedulerState.wallpaperNotSet`) is no
  /// longer true, for `status`. A failure to write it costs only that.
  /// `file` is the image file set by path, nil for a stored picture (`status`'s current).
  private static func wallpaperWasSet(_ resources: Resources, file: String?) {
    let journal = resources.journal()
    try? journal.recordWallpaper(notSet: nil)
    try? journal.recordWallpaper(file: file)
  }

  /// Sets an image file that is not in the history (checked first by `ImageFileCheck`).
  package static func file(_ path: String, resources: Resources) throws -> Outcome {
    try ImageFileCheck.check(path)
    let set = try resources.applier().apply(path: path)
    saveScreens(set, resources: resources)
    wallpaperWasSet(resources, file: path)
    Hook(resources: resources).changed(picture: nil, path: path, set: set, event: .apply)
    return Outcome(
      picture: nil, path: path, backend: set.backend, noLockScreen: set.lockScreenSet == false,
      lockScreenNote: set.lockScreenNote, screenProblem: set.screenProblem)
  }
}
