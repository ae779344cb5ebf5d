import BingWallCLI
import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc
import Synchronization

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
  struct Settings {
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
    var settings = try settings(invocation, context)
    let log = DaemonLog(output: context.stderr, clock: context.clock, environment: context.environment)
    let lockPath = context.paths.lockFile
    try Paths.ensureDirectory(Paths.parent(of: lockPath))
    guard let lock = try FileLock(path: lockPath, wait: false) else {
      let pid = FileLock.holder(of: lockPath).map { " (pid \($0))" } ?? ""
      context.stderr.write("error: bingwall daemon is already running\(pid)\n")
      return ExitCode.failure
    }
    defer { lock.release() }
    let waiter = try DaemonWaiter()
    let stateFile = StateFile(stateDir: context.paths.stateDir)
    log.line("started (pid \(getpid())); \(describe(settings))")
    var pending: [Int32] = []
    // What this daemon did, in case the state file cannot be written (a full disk): without it
    // a failed write would make the same update due again at once, hammering Bing.
    var memory = stateFile.load()
    while true {
      let now = context.clock.now()
      memory = merged(memory, stateFile.load())
      let state = memory.clamped(to: now)
      let due = state.due(markets: try newestPictures(settings), rotation: settings.rotation, now: now)
      let rotateNow = pending.contains(SIGUSR1)
      pending.removeAll { $0 == SIGUSR1 }
      if due.contains(.update) || due.contains(.rotate) || rotateNow {
        let current = settings
        let succeeded = Mutex<Bool?>(nil)
        let step: @Sendable () -> Void = {
          if due.contains(.update) {
            let ok = update(current, log: log)
            succeeded.withLock { $0 = ok }
          }
          if due.contains(.rotate) || rotateNow { rotate(current, log: log) }
        }
        if waiter.run(step, deferred: &pending) != nil {
          log.line("stopping (the current step is abandoned; nothing half-done is kept)")
          return ExitCode.success
        }
        let finished = context.clock.now()
        switch succeeded.withLock({ $0 }) {
        case true?: memory.recordUpdateSuccess(at: finished, jitter: memory.jitter)
        case false?:
          memory.recordUpdateFailure(
            at: finished, error: "update failed", backoffShare: memory.jitter.backoffShare)
        case nil: break
        }
        if due.contains(.rotate) || rotateNow { memory.recordRotation(at: finished) }
        if pending.contains(SIGHUP) { continue }  // handled below, before sleeping
      }
      if let hup = pending.firstIndex(of: SIGHUP) {
        pending.remove(at: hup)
        reload(&settings, invocation, context, log: log)
        continue
      }
      if pending.contains(SIGUSR1) { continue }
      memory = merged(memory, stateFile.load())
      let wake = memory.nextWake(
        markets: try newestPictures(settings), rotation: settings.rotation, now: context.clock.now())
      switch waiter.wait(until: wake?.date) {
      case .signal(SIGTERM), .signal(SIGINT):
        log.line("stopping")
        return ExitCode.success
      case .signal(let number):
        pending.append(number)
      case .deadline, .clockChanged:
        continue
      }
    }
  }

  /// The state file wins where it is newer (an update from cron wrote it); this daemon's own
  /// memory wins where the file lags behind (it could not be written).
  static func merged(_ memory: SchedulerState, _ disk: SchedulerState) -> SchedulerState {
    var result = memory
    if (disk.lastUpdateAttempt ?? .distantPast) >= (memory.lastUpdateAttempt ?? .distantPast) {
      result.lastUpdateAttempt = disk.lastUpdateAttempt
      result.lastUpdateSuccess = disk.lastUpdateSuccess
      result.consecutiveFailures = disk.consecutiveFailures
      result.lastError = disk.lastError
      result.jitter = disk.jitter
    }
    if (disk.lastRotation ?? .distantPast) >= (memory.lastRotation ?? .distantPast) {
      result.lastRotation = disk.lastRotation
    }
    return result
  }

  static func reload(_ settings: inout Settings, _ invocation: Invocation, _ context: Context, log: DaemonLog)
  {
    do {
      settings = try self.settings(invocation, context)
      log.line("reloaded the configuration; \(describe(settings))")
    } catch {
      log.line("kept the previous configuration: \(error)")
    }
  }

  static func describe(_ settings: Settings) -> String {
    let rotation = settings.rotation.map { "rotating every \(Int($0.interval)) s" } ?? "no rotation"
    let updates =
      settings.updates
      ? "updates for \(settings.environment.configuration.markets.joined(separator: ", "))" : "no updates"
    return "\(updates), \(rotation)"
  }

  /// The deadline's input: each market's newest picture; none when updates are off.
  static func newestPictures(_ settings: Settings) throws -> [NewestPicture] {
    guard settings.updates else { return [] }
    let store = try settings.environment.existingHistory()
    return try settings.environment.configuration.markets.map { market in
      NewestPicture(market: market, storedFullStartDate: try store?.newestFullStartDate(market: market))
    }
  }

  /// One update; failures are logged and retried with backoff, never fatal. True when it worked.
  @discardableResult
  static func update(_ settings: Settings, log: DaemonLog) -> Bool {
    do {
      let outcome = try UpdateJob(environment: settings.environment).run(days: nil, force: false, apply: true)
      for picture in outcome.report.fetched { log.line("new picture: " + UpdateCommand.line(picture)) }
      for failure in outcome.report.failures { log.line("update failed: \(failure.error)") }
      if outcome.report.failures.isEmpty, outcome.report.fetched.isEmpty { log.line("update: nothing new") }
      if let line = outcome.appliedLine { log.line(line) }
      if let error = outcome.applyError { log.line("could not set the wallpaper: \(error)") }
      return outcome.report.failures.isEmpty
    } catch {
      log.line("update failed: \(error)")
      _ = try? StateFile(stateDir: settings.environment.context.paths.stateDir).change {
        $0.recordUpdateFailure(
          at: settings.environment.context.clock.now(), error: "\(error)",
          backoffShare: Double.random(in: 0...1))
      }
      return false
    }
  }

  static func rotate(_ settings: Settings, log: DaemonLog) {
    let context = settings.environment.context
    defer {
      // Recorded even when nothing could be shown, so a broken picture is not retried at once.
      do {
        try StateFile(stateDir: context.paths.stateDir).change { $0.recordRotation(at: context.clock.now()) }
      } catch {
        log.line("cannot save the rotation time: \(error)")
      }
    }
    do {
      if let line = try RandomCommand.rotate(settings.environment, favoritesOnly: settings.favoritesOnly) {
        log.line("rotate: " + line)
      } else {
        log.line("rotate: no stored picture to show yet")
      }
    } catch {
      log.line("rotate failed: \(error)")
    }
  }
}
