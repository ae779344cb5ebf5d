import BingWallDesktop
import BingWallImage
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import Glibc

/// What the use cases open: the effective configuration over the context's seams, and from them
/// the history, the image folder, the scheduler journal, the update lock, the HTTP client and the
/// desktop. A use case receives one and asks it; nothing here formats text.
package struct Resources: Sendable {
  package let context: Context
  package let configuration: Configuration
  /// The desktop session and its screens, as this command found them.
  private let desktop = DesktopMemo()

  /// The configuration of `configFile` (or the usual lookup when nil), with the command line's
  /// overrides applied. The file's bad lines are left out, their keys at their defaults, and
  /// kept in `configuration.problems` for the command to say (a bad value is a warning, not a
  /// wall: an hourly update goes on).
  package init(context: Context, configFile: String?, overrides: [Configuration.Override] = []) throws {
    self.context = context
    configuration = try ConfigLocation(configFile: configFile, context: context).load(
      overrides: overrides, lenient: true)
  }

  /// Resources over a configuration already loaded (doctor's fallback to the defaults).
  init(context: Context, configuration: Configuration) {
    self.context = context
    self.configuration = configuration
  }

  package var imageFolder: ImageFolder { ImageFolder(path: configuration.imageDir(paths: context.paths)) }

  /// The history for reading; nil when nothing was ever fetched (no database file yet).
  package func existingHistory() throws -> HistoryStore? {
    try HistoryStore.openExisting(path: context.paths.databaseFile).map(toldOfDamage)
  }

  /// The history for writing, creating its folder and file on first use.
  func history() throws -> HistoryStore {
    try Paths.ensureDirectory(context.paths.dataDir)
    return toldOfDamage(try HistoryStore(path: context.paths.databaseFile))
  }

  /// `store`, saying on stderr each damaged row its readers skip: the row's own words
  /// (`DamagedRow`), one warning and its repair, in the voice of every warning.
  private func toldOfDamage(_ store: HistoryStore) -> HistoryStore {
    let stderr = context.stderr
    store.onDamagedRow = { damage in stderr.warning(damage.description, hint: damage.hint) }
    return store
  }

  /// The scheduler state's one writer (see `SchedulerJournal`), over the user's state file.
  package func journal() -> SchedulerJournal {
    SchedulerJournal(file: StateFile(stateDir: context.paths.stateDir), random: context.random)
  }

  /// The lock every use case that adds or removes pictures holds (update, prune, import,
  /// doctor --fix), waited for (and `onWait` told, with the holder's pid when known) when another
  /// process holds it: two of them never download, delete or adopt the same file at once.
  func historyLock(onWait: (Int32?) -> Void = { _ in }) throws -> FileLock {
    try Paths.ensureDirectory(context.paths.stateDir)
    let lockPath = context.paths.stateFile(.updateLock)
    if let lock = try FileLock(path: lockPath, wait: false) { return lock }
    onWait(FileLock.holder(of: lockPath))
    guard let lock = try FileLock(path: lockPath, wait: true) else {
      throw FileError.system(operation: "lock", path: lockPath, errno: EAGAIN)
    }
    return lock
  }

  /// The HTTP client for this use case's requests, trusting the certificate authorities the
  /// configuration and environment name (see `TrustedAuthorities`). Make one per update and
  /// give it to every request of it. Throws when the file named cannot be used, so use cases
  /// that make no request never fail for it.
  func http() throws(ConfigError) -> any HTTPClient {
    let authorities = TrustedAuthorities.resolve(
      configuration, environment: context.environment, paths: context.paths)
    try authorities.check()
    let client = context.makeHTTPClient(authorities.file)
    return context.trace.isOn ? TracedHTTPClient(client, trace: context.trace) : client
  }

  /// The session as the desktop tools see it, built once per command: where the context names
  /// no display, the user's running one (`RunningSession`).
  package var desktopSession: DesktopSession {
    desktop.session {
      DesktopSession(
        environment: RunningSession.environment(of: context), processes: context.processes,
        home: context.paths.home,
        clock: context.clock)
    }
  }

  /// The session's screens, read at most once per command for each backend.
  var screens: SessionScreens { desktop.screens }

  /// Every backend, configured (the `command` template comes from config).
  package var backends: [any WallpaperBackend] {
    BackendRegistry.all(command: configuration[ConfigSchema.command], session: desktopSession)
  }

  /// The applier for one picture: `caption` is drawn on it when config asks for captions.
  func applier(caption: Caption? = nil) -> WallpaperApplier {
    var pictures = screenPictures
    if configuration[ConfigSchema.caption] { pictures.caption = caption }
    return WallpaperApplier(
      session: desktopSession, backends: backends, requested: configuration[ConfigSchema.backend],
      mode: configuration[ConfigSchema.mode], lockScreen: configuration[ConfigSchema.lockScreen],
      screenPictures: { [pictures] in pictures.make($0) }, screens: screens, trace: context.trace)
  }

  /// The pictures made for the screens, in the cache folder, with config's looks.
  var screenPictures: ScreenPictures {
    ScreenPictures(
      folder: context.paths.cacheDir + "/screens",
      maximumSize: configuration[ConfigSchema.screenCacheMaxSize],
      darkDim: configuration[ConfigSchema.darkDim], lockBlur: configuration[ConfigSchema.lockBlur],
      trace: context.trace, files: context.fileSystem)
  }
}
