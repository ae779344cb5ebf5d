import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import Glibc

/// Options several commands share, defined once so their help and parsing agree.
enum CommonOptions {
  static let json = Flag("json", help: "Print JSON for scripts instead of text.")
  /// `--market`, once: commands that take several (update) use `market.repeated(help:)`.
  static let market = Option<Market>(
    "market", short: "m", name: "market", kind: .languageRegion(Market.known),
    help: "A Bing market code such as en-US, de-DE, ja-JP or ROW.")
  /// `--market` where it settles which of a date's pictures a selector means (apply, show).
  static let marketOfDate = market.with(
    help: "The market to pick when several markets have the date asked for.")
  static let selector = Argument<PictureSelector>(
    "selector", kind: .selector,
    help: "latest, a picture id, a local date (YYYY-MM-DD) or a key such as OHR.SomePlace.")
}

/// What most commands need before they start: the effective configuration and the history.
struct CommandEnvironment: Sendable {
  let context: Context
  let configuration: Configuration

  init(_ invocation: Invocation, _ context: Context, overrides: [Configuration.Override] = []) throws {
    self.context = context
    configuration = try ConfigLocation(invocation: invocation, context: context).load(overrides: overrides)
  }

  var imageFolder: ImageFolder { ImageFolder(path: configuration.imageDir(paths: context.paths)) }

  /// The history for reading; nil when nothing was ever fetched (no database file yet).
  func existingHistory() throws -> HistoryStore? {
    try HistoryStore.openExisting(path: context.paths.databaseFile)
  }

  /// The scheduler state's one writer (see `SchedulerJournal`), over the user's state file.
  func journal() -> SchedulerJournal {
    SchedulerJournal(file: StateFile(stateDir: context.paths.stateDir), random: context.random)
  }

  /// The lock every command that adds or removes pictures holds (update, prune, import,
  /// doctor --fix), waited for (and `onWait` told, with the holder's pid when known) when another
  /// process holds it: two of them never download, delete or adopt the same file at once.
  func historyLock(onWait: (Int32?) -> Void = { _ in }) throws -> FileLock {
    try Paths.ensureDirectory(context.paths.stateDir)
    let lockPath = context.paths.stateDir + "/update.lock"
    if let lock = try FileLock(path: lockPath, wait: false) { return lock }
    onWait(FileLock.holder(of: lockPath))
    guard let lock = try FileLock(path: lockPath, wait: true) else {
      throw FileError.system(operation: "lock", path: lockPath, errno: EAGAIN)
    }
    return lock
  }

  /// The HTTP client for this command's requests, trusting the certificate authorities the
  /// configuration and environment name (see `TrustedAuthorities`). Make one per update and
  /// give it to every request of it. Throws when the file named cannot be used, so commands
  /// that make no request never fail for it.
  func http() throws(ConfigError) -> any HTTPClient {
    let authorities = TrustedAuthorities.resolve(
      configuration, environment: context.environment, paths: context.paths)
    try authorities.check()
    return context.makeHTTPClient(authorities.file)
  }

  /// The history for writing, creating its folder and file on first use.
  func history() throws -> HistoryStore {
    try Paths.ensureDirectory(context.paths.dataDir)
    return try HistoryStore(path: context.paths.databaseFile)
  }
}
