import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall daemon`: refresh when Bing publishes, rotate on a schedule, in the foreground.
enum DaemonCommand {
  static let rotateEvery = Option<Duration>(
    "rotate", name: "duration", kind: .duration,
    help: "Show another stored picture this often, e.g. 30m, 2h.",
    default: "config daemon.rotate, off"
  ).overriding(ConfigSchema.rotate)
  static let favorites = Flag("favorites", help: "Rotate through favourite pictures only.")
    .overriding(ConfigSchema.favoritesOnly)
  static let noUpdate = Flag("no-update", help: "Do not fetch new pictures; only rotate.")
  static let options: [any OptionHandle] = [rotateEvery, favorites, noUpdate]

  /// Real command lines for help's and the man page's EXAMPLES (a test parses each).
  static let examples: [CommandExample] = [
    CommandExample("daemon", "Refresh soon after Bing publishes, until stopped"),
    CommandExample("daemon --rotate 30m", "Also show another stored picture every 30 minutes"),
    CommandExample(
      "daemon --rotate 2h --favorites --no-update", "Only rotate through your favourites, fetching nothing"),
  ]

  static let command = Command(
    spec: CommandSpec(
      name: "daemon",
      abstract: "Keep the wallpaper fresh while it runs: new pictures as Bing publishes them, and rotation.",
      discussion: """
        Keeps the wallpaper fresh while it runs: fetches each market's new picture soon after Bing \
        publishes it, catches up after a suspend or when the network comes back, and with --rotate \
        shows another stored picture every so often. 'bingwall autostart enable' starts it at login. \
        HUP reloads the configuration, USR1 rotates now, TERM stops it.
        """,
      reference: """
        Updates when each market's next picture is due (its start + 24 h, plus 1-10 minutes of \
        jitter), backs off after failures, and rotates through stored pictures when asked. \
        Sleeps on one real-time timer, so it wakes on time after a suspend and at once after a \
        clock change. Each update runs as a child process (bingwall update), so a crash or a \
        hang costs one update, not the daemon. On the system bus it hears the network come \
        back (an owed update within a minute), the connection or the power change (an update \
        held back for them), and the machine wake (the clock read again). Signals: TERM or INT stop it (and a running \
        update), HUP reloads the config, USR1 rotates now. One daemon per user.
        """,
      options: options.map(\.spec), examples: examples),
    run: run)

  /// What one config load decides.
  struct Settings: Sendable {
    var resources: Resources
    var rotation: RotationSchedule?
    var favoritesOnly: Bool
    var updates: Bool
  }

  static func settings(_ invocation: Invocation, _ context: Context) throws -> Settings {
    let resources = try Resources(invocation, context, options: options)
    let rotation = RotationSchedule(every: resources.configuration[ConfigSchema.rotate])
    return Settings(
      resources: resources, rotation: rotation,
      favoritesOnly: resources.configuration[ConfigSchema.favoritesOnly],
      updates: !invocation[noUpdate])
  }

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let log = DaemonLog(output: context.stderr, clock: context.clock, environment: context.environment)
    // `-v` lines (a rotation's backend, screens, pictures) are log lines too: stamped like them.
    var context = context
    if context.trace.isOn { context.trace = Trace(sink: { log.line($0) }) }
    let settings = try settings(invocation, context)
    // Only updates run a child: a daemon that only rotates needs no binary to start.
    guard let executable = context.executable ?? (settings.updates ? nil : "") else {
      context.stderr.error(
        "cannot find the bingwall binary to run updates with (/proc/self/exe)",
        hint: "restart the daemon, or run it with --no-update")
      return ExitCode.failure
    }
    let lockPath = context.paths.lockFile
    try Paths.ensureDirectory(Paths.parent(of: lockPath))
    guard let lock = try FileLock(path: lockPath, wait: false) else {
      let pid = FileLock.holder(of: lockPath).map { " (pid \($0))" } ?? ""
      context.stderr.error(
        "bingwall daemon is already running\(pid)", hint: "'bingwall status' shows what it does")
      return ExitCode.failure
    }
    defer { lock.release() }
    // What `status` shows as this daemon's schedule; gone with the daemon (before the lock).
    let published = DaemonSchedule.path(lockFile: lockPath)
    defer { unlink(published) }
    publish(settings, to: published, log: log)
    let journal = settings.resources.journal()
    // Written under the lock, so a second daemon that fails to start never replaces it.
    let snapshot = DaemonConfigSnapshot(
      path: Paths.parent(of: lockPath) + "/bingwall-daemon-config.toml",
      source: ConfigLocation(configFile: invocation.configFile, context: context))
    let child = DaemonUpdateChild(
      context: context, executable: executable, configFile: invocation.configFile, journal: journal, log: log)
    // The system bus, for updates only: the network coming back, the connection or the power
    // changing, the machine waking. Without one the daemon runs on its timer alone, as before.
    let watch = settings.updates ? settings.resources.sessionWatch() : nil
    let loop = DaemonLoop(
      clock: context.clock, waiter: try DaemonWaiter(session: watch), journal: journal, log: log,
      random: context.random,
      reload: {
        let settings = try self.settings(invocation, context)
        publish(settings, to: published, log: log)
        return plan(settings, child: child, log: log, snapshot: snapshot.save(log: log))
      })
    log.line("started (pid \(getpid())); \(describe(settings))")
    if settings.updates {
      log.line(
        watch == nil
          ? "no system bus: updates follow the timer alone (no word of the network, the power or sleep)"
          : "listening on the system bus for the network, the power and sleep")
    }
    for warning in settings.resources.configuration.warnings(ConfigSchema.markets.spec) {
      log.warning(warning)
    }
    return try loop.run(plan(settings, child: child, log: log, snapshot: snapshot.save(log: log)))
  }

  /// Writes the schedule these settings give (the options included: `--rotate 5s` is 5 s) where
  /// `status` reads it; a failure costs only `status` its word on the daemon, so it is logged.
  static func publish(_ settings: Settings, to path: String, log: DaemonLog) {
    let schedule = DaemonSchedule(
      pid: getpid(), updates: settings.updates,
      markets: settings.resources.configuration[ConfigSchema.markets].map(\.code),
      rotateSeconds: settings.rotation.map { Int($0.interval) })
    do {
      try schedule.save(to: path)
    } catch {
      log.warning("cannot publish the schedule for 'bingwall status' (\(error))")
    }
  }

  /// What the loop does under these settings: each update is a `bingwall update` child (see
  /// `DaemonUpdateChild`), each rotation `random`'s, in this process.
  /// `snapshot` is the daemon's copy of its configuration file, which every child reads (see
  /// `DaemonConfigSnapshot`); nil for the file itself.
  static func plan(_ settings: Settings, child: DaemonUpdateChild, log: DaemonLog, snapshot: String? = nil)
    -> DaemonLoop.Plan
  {
    let resources = settings.resources
    let markets = resources.configuration[ConfigSchema.markets]
    let favoritesOnly = settings.favoritesOnly
    let updates = settings.updates
    let newest: @Sendable () throws -> [NewestPicture] = {
      guard updates else { return [] }
      let store = try resources.existingHistory()
      return try markets.map { market in
        NewestPicture(
          market: market.code, storedFullStartDate: try store?.newestFullStartDate(market: market.code))
      }
    }
    var update: (@Sendable () -> Void)?
    if updates {
      let resolution = resources.configuration[ConfigSchema.resolution]
      let limits = resources.configuration.networkLimits
      update = { @Sendable in
        child.run(markets: markets, resolution: resolution, limits: limits, snapshot: snapshot)
      }
    }
    return DaemonLoop.Plan(
      markets: newest, rotation: settings.rotation, update: update,
      rotate: { rotate(resources, favoritesOnly: favoritesOnly, log: log) },
      summary: describe(settings), stopUpdate: { child.stop() })
  }

  static func describe(_ settings: Settings) -> String {
    let rotation = settings.rotation.map { "rotating every \(Int($0.interval)) s" } ?? "no rotation"
    let updates =
      settings.updates
      ? "updates for \(settings.resources.configuration[ConfigSchema.markets].map(\.code).joined(separator: ", "))"
      : "no updates"
    return "\(updates), \(rotation)"
  }

  static func rotate(_ resources: Resources, favoritesOnly: Bool, log: DaemonLog) {
    var request = Rotate.Request(reason: .rotate)
    request.favoritesOnly = favoritesOnly
    do {
      for line in RotateText.logLines(try Rotate(resources: resources).run(request)) { log.line(line) }
    } catch HistoryError.empty, HistoryError.nothingToPick {
      log.line("rotate: no stored picture to show yet")
    } catch {
      log.error("rotate failed: \(error)")
    }
  }
}
