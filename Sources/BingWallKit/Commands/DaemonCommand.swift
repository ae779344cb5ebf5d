import Foundation

/// `bingwall daemon`: refresh when Bing publishes, rotate on a schedule, in the foreground.
enum DaemonCommand {
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
      options: [
        .value(
          "rotate", name: "duration", help: "Show another stored picture this often, e.g. 30m, 2h.",
          default: "config daemon.rotate, off"),
        .flag("favorites", help: "Rotate through favourite pictures only."),
        .flag("no-update", help: "Do not fetch new pictures; only rotate."),
      ]),
    run: run)

  /// What one config load decides.
  struct Settings {
    var environment: CommandEnvironment
    var rotation: RotationSchedule?
    var favoritesOnly: Bool
    var updates: Bool
  }

  static func settings(_ invocation: Invocation, _ context: Context) throws -> Settings {
    var overrides: [Configuration.Override] = []
    if let rotate = invocation.value("rotate") {
      overrides.append(.init(key: "daemon.rotate", value: .string(rotate), option: "--rotate"))
    }
    if invocation.flag("favorites") {
      overrides.append(.init(key: "daemon.favorites_only", value: .boolean(true), option: "--favorites"))
    }
    let environment = try CommandEnvironment(invocation, context, overrides: overrides)
    let rotation = environment.configuration.rotateInterval.flatMap {
      RotationSchedule(interval: TimeInterval($0))
    }
    return Settings(
      environment: environment, rotation: rotation, favoritesOnly: environment.configuration.favoritesOnly,
      updates: !invocation.flag("no-update"))
  }

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var settings = try settings(invocation, context)
    let log = DaemonLog(output: context.stderr, clock: context.clock, environment: context.environment)
    let lockPath = context.paths.lockFile
    try Paths.ensureDirectory((lockPath as NSString).deletingLastPathComponent)
    guard let lock = try FileLock(path: lockPath, wait: false) else {
      let pid = FileLock.holder(of: lockPath).map { " (pid \($0))" } ?? ""
      context.stderr.write("error: bingwall daemon is already running\(pid)\n")
      return ExitCode.failure
    }
    defer { lock.release() }
    let waiter = try DaemonWaiter()
    let stateFile = StateFile(stateDir: context.paths.stateDir)
    log.line("started (pid \(getpid())); \(describe(settings))")
    var rotateNow = false
    while true {
      let now = context.clock.now()
      let markets = try newestPictures(settings)
      let state = stateFile.load().clamped(to: now)
      let due = state.due(markets: markets, rotation: settings.rotation, now: now)
      if due.contains(.update) { update(settings, log: log) }
      if due.contains(.rotate) || rotateNow {
        rotateNow = false
        rotate(settings, log: log)
        try stateFile.change { $0.recordRotation(at: context.clock.now()) }
      }
      let wake = stateFile.load().nextWake(
        markets: try newestPictures(settings), rotation: settings.rotation, now: context.clock.now())
      switch waiter.wait(until: wake?.date) {
      case .signal(SIGTERM), .signal(SIGINT):
        log.line("stopping")
        return ExitCode.success
      case .signal(SIGHUP):
        do {
          settings = try self.settings(invocation, context)
          log.line("reloaded the configuration; \(describe(settings))")
        } catch {
          log.line("kept the previous configuration: \(error)")
        }
      case .signal(SIGUSR1):
        rotateNow = true
      case .signal, .deadline, .clockChanged:
        continue
      }
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

  /// One update; failures are logged and retried with backoff, never fatal.
  static func update(_ settings: Settings, log: DaemonLog) {
    do {
      let outcome = try UpdateJob(environment: settings.environment).run(days: nil, force: false, apply: true)
      for picture in outcome.report.fetched { log.line("new picture: " + UpdateCommand.line(picture)) }
      for failure in outcome.report.failures { log.line("update failed: \(failure.error)") }
      if outcome.report.failures.isEmpty, outcome.report.fetched.isEmpty { log.line("update: nothing new") }
      if let line = outcome.appliedLine { log.line(line) }
      if let error = outcome.applyError { log.line("could not set the wallpaper: \(error)") }
    } catch {
      log.line("update failed: \(error)")
      _ = try? StateFile(stateDir: settings.environment.context.paths.stateDir).change {
        $0.recordUpdateFailure(
          at: settings.environment.context.clock.now(), error: "\(error)",
          backoffShare: Double.random(in: 0...1))
      }
    }
  }

  static func rotate(_ settings: Settings, log: DaemonLog) {
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
