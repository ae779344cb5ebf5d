import BingWallCLI
import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall daemon`: refresh when Bing publishes, rotate on a schedule, in the foreground.
enum DaemonCommand {
  static let rotateEvery = Option<String>(
    "rotate", name: "duration", help: "Show another stored picture this often, e.g. 30m, 2h.",
    default: "config daemon.rotate, off"
  ).overriding(ConfigSchema.rotate)
  static let favorites = Flag("favorites", help: "Rotate through favourite pictures only.")
    .overriding(ConfigSchema.favoritesOnly)
  static let noUpdate = Flag("no-update", help: "Do not fetch new pictures; only rotate.")
  static let options: [any OptionHandle] = [rotateEvery, favorites, noUpdate]

  static let command = Command(
    spec: CommandSpec(
      name: "daemon", abstract: "Run the scheduler in the foreground: refresh and rotate.",
      discussion: """
        Updates when each market's next picture is due (its start + 24 h, plus 1-10 minutes of \
        jitter), backs off after failures, and rotates through stored pictures when asked. \
        Sleeps on one real-time timer, so it wakes on time after a suspend and at once after a \
        clock change. Signals: TERM or INT stop it, HUP reloads the config, USR1 rotates now. \
        One daemon per user.
        """,
      options: options.map(\.spec)),
    run: run)

  /// What one config load decides.
  struct Settings: Sendable {
    var environment: CommandEnvironment
    var rotation: RotationSchedule?
    var favoritesOnly: Bool
    var updates: Bool
  }

  static func settings(_ invocation: Invocation, _ context: Context) throws -> Settings {
    let environment = try CommandEnvironment(
      invocation, context, overrides: .given(in: invocation, among: options))
    let rotation = environment.configuration.rotateInterval.flatMap {
      RotationSchedule(interval: TimeInterval($0))
    }
    return Settings(
      environment: environment, rotation: rotation,
      favoritesOnly: environment.configuration[ConfigSchema.favoritesOnly],
      updates: !invocation[noUpdate])
  }

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let settings = try settings(invocation, context)
    let log = DaemonLog(output: context.stderr, clock: context.clock, environment: context.environment)
    let lockPath = context.paths.lockFile
    try Paths.ensureDirectory(Paths.parent(of: lockPath))
    guard let lock = try FileLock(path: lockPath, wait: false) else {
      let pid = FileLock.holder(of: lockPath).map { " (pid \($0))" } ?? ""
      context.stderr.write("error: bingwall daemon is already running\(pid)\n")
      return ExitCode.failure
    }
    defer { lock.release() }
    let journal = settings.environment.journal()
    let loop = DaemonLoop(
      clock: context.clock, waiter: try DaemonWaiter(), journal: journal, log: log,
      reload: { plan(try self.settings(invocation, context), journal: journal, log: log) })
    log.line("started (pid \(getpid())); \(describe(settings))")
    for warning in settings.environment.configuration.warnings(ConfigSchema.markets.spec) {
      log.line("warning: \(warning)")
    }
    return try loop.run(plan(settings, journal: journal, log: log))
  }

  /// What the loop does under these settings: every step goes through the update service and
  /// `random`'s rotation, with this daemon's journal.
  static func plan(_ settings: Settings, journal: SchedulerJournal, log: DaemonLog) -> DaemonLoop.Plan {
    let environment = settings.environment
    let markets = environment.configuration.markets
    let favoritesOnly = settings.favoritesOnly
    let updates = settings.updates
    let newest: @Sendable () throws -> [NewestPicture] = {
      guard updates else { return [] }
      let store = try environment.existingHistory()
      return try markets.map { market in
        NewestPicture(market: market, storedFullStartDate: try store?.newestFullStartDate(market: market))
      }
    }
    var update: (@Sendable () -> Void)?
    if updates { update = { @Sendable in DaemonCommand.update(environment, journal: journal, log: log) } }
    return DaemonLoop.Plan(
      markets: newest, rotation: settings.rotation, update: update,
      rotate: { rotate(environment, favoritesOnly: favoritesOnly, log: log) },
      summary: describe(settings))
  }

  static func describe(_ settings: Settings) -> String {
    let rotation = settings.rotation.map { "rotating every \(Int($0.interval)) s" } ?? "no rotation"
    let updates =
      settings.updates
      ? "updates for \(settings.environment.configuration.markets.joined(separator: ", "))" : "no updates"
    return "\(updates), \(rotation)"
  }

  /// One update; failures are logged and retried with backoff (the service records them), never
  /// fatal.
  static func update(_ environment: CommandEnvironment, journal: SchedulerJournal, log: DaemonLog) {
    let configuration = environment.configuration
    do {
      let outcome = try UpdateService(environment: environment, journal: journal).run(
        .init(
          markets: configuration.markets, resolution: configuration.resolution, days: nil, force: false,
          apply: true))
      for picture in outcome.report.fetched { log.line("new picture: " + UpdateCommand.line(picture)) }
      for warning in outcome.report.warnings { log.line("warning: \(warning)") }
      for failure in outcome.report.failures { log.line("update failed: \(failure.error)") }
      if outcome.report.failures.isEmpty, outcome.report.fetched.isEmpty { log.line("update: nothing new") }
      if let applied = outcome.appliedLine { log.line(applied.logLine) }
      if let error = outcome.applyError { log.line("could not set the wallpaper: \(error)") }
      if let warning = outcome.stateWarning { log.line("warning: \(warning)") }
      if let line = UpdateCommand.retentionLine(outcome.retention) { log.line(line) }
      if let error = outcome.retentionError {
        log.line("warning: the retention policy was not applied: \(error)")
      }
    } catch {
      log.line("update failed: \(error)")
    }
  }

  static func rotate(_ environment: CommandEnvironment, favoritesOnly: Bool, log: DaemonLog) {
    do {
      if let line = try RandomCommand.rotate(environment, favoritesOnly: favoritesOnly) {
        log.line("rotate: " + line)
      } else {
        log.line("rotate: no stored picture to show yet")
      }
    } catch {
      log.line("rotate failed: \(error)")
    }
  }
}
