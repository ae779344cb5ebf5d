import BingWallSchedule
import BingWallStore
import BingWallSystem
import Glibc

/// `bingwall daemon`: one daemon per user, holding the lock, its schedule published for
/// `status`, its config kept as a snapshot the update children read, and the loop run on the
/// plan each config load gives.
package struct Daemon {
  /// What one config load decides.
  package struct Settings: Sendable {
    package var resources: Resources
    package var rotation: RotationSchedule?
    package var favoritesOnly: Bool
    package var updates: Bool

    package init(resources: Resources, updates: Bool) {
      self.resources = resources
      rotation = RotationSchedule(every: resources.configuration[ConfigSchema.rotate])
      favoritesOnly = resources.configuration[ConfigSchema.favoritesOnly]
      self.updates = updates
    }

    /// "updates for en-US, no rotation", for the log.
    package var summary: String {
      let rotation = rotation.map { "rotating every \($0.interval.components.seconds) s" } ?? "no rotation"
      let updates =
        updates
        ? "updates for \(resources.configuration[ConfigSchema.markets].map(\.code).joined(separator: ", "))"
        : "no updates"
      return "\(updates), \(rotation)"
    }
  }

  /// Why the daemon did not start.
  package enum StartError: ExitStatusError, HintedError, CustomStringConvertible, Equatable {
    /// Updates are on, and the binary to run them with cannot be found.
    case noExecutable
    /// Another daemon holds the lock; its pid when the lock file says it.
    case alreadyRunning(pid: Int32?)

    package var exitStatus: Int32 {
      switch self {
      case .noExecutable, .alreadyRunning: ExitCode.failure
      }
    }

    package var description: String {
      switch self {
      case .noExecutable: "cannot find the bingwall binary to run updates with (/proc/self/exe)"
      case .alreadyRunning(let pid): "bingwall daemon is already running" + (pid.map { " (pid \($0))" } ?? "")
      }
    }

    package var hint: String? {
      switch self {
      case .noExecutable: "restart the daemon, or run it with --no-update"
      case .alreadyRunning: "'bingwall status' shows what it does"
      }
    }
  }

  let context: Context
  /// `--config`, which every update child is given.
  let configFile: String?
  let log: DaemonLog
  /// The settings, at the start and again at each HUP.
  let load: @Sendable () throws -> Settings
  /// A rotation's lines for the log; the command's renderer writes them.
  let rotationLines: @Sendable (Rotate.Outcome) -> [String]

  package init(
    context: Context, configFile: String?, log: DaemonLog, load: @escaping @Sendable () throws -> Settings,
    rotationLines: @escaping @Sendable (Rotate.Outcome) -> [String]
  ) {
    self.context = context
    self.configFile = configFile
    self.log = log
    self.load = load
    self.rotationLines = rotationLines
  }

  /// Runs until TERM or INT; the loop's exit status.
  package func run() throws -> Int32 {
    let settings = try load()
    // Only updates run a child: a daemon that only rotates needs no binary to start.
    guard let executable = context.executable ?? (settings.updates ? nil : "") else {
      throw StartError.noExecutable
    }
    let lockPath = context.paths.lockFile
    try Paths.ensureDirectory(Paths.parent(of: lockPath))
    guard let lock = try FileLock(path: lockPath, wait: false) else {
      throw StartError.alreadyRunning(pid: FileLock.holder(of: lockPath))
    }
    defer { lock.release() }
    // What `status` shows as this daemon's schedule; gone with the daemon (before the lock).
    let published = DaemonSchedule.path(lockFile: lockPath)
    defer { try? context.fileSystem.removeFile(published) }
    Self.publish(settings, to: published, log: log)
    let journal = settings.resources.journal()
    // Written under the lock, so a second daemon that fails to start never replaces it.
    let snapshot = DaemonConfigSnapshot(
      path: Paths.parent(of: lockPath) + "/bingwall-daemon-config.toml",
      source: ConfigLocation(configFile: configFile, context: context))
    let child = DaemonUpdateChild(
      context: context, executable: executable, configFile: configFile, journal: journal, log: log)
    // The system bus, for updates only: the network coming back, the connection or the power
    // changing, the machine waking. Without one the daemon runs on its timer alone, as before.
    let watch = settings.updates ? settings.resources.sessionWatch() : nil
    // The session bus, for the panel menu and notifications when asked for (read at start only).
    let desktop = DaemonDesktop(
      settings.resources, log: log, updates: settings.updates,
      canAutoUpdate: settings.updates || settings.rotation != nil)
    let (load, log, rotationLines) = (self.load, self.log, self.rotationLines)
    let loop = DaemonLoop(
      clock: context.clock, waiter: try DaemonWaiter(sources: [watch, desktop?.source].compactMap { $0 }),
      journal: journal, log: log, random: context.random,
      reload: {
        let settings = try load()
        Self.logIgnoredLines(settings, log: log)
        Self.publish(settings, to: published, log: log)
        return Self.plan(
          settings, child: child, log: log, snapshot: snapshot.save(log: log), desktop: desktop,
          rotationLines: rotationLines)
      })
    log.line("started (pid \(getpid())); \(settings.summary)")
    if settings.updates {
      log.line(
        watch == nil
          ? "no system bus: updates follow the timer alone (no word of the network, the power or sleep)"
          : "listening on the system bus for the network, the power and sleep")
    }
    Self.logIgnoredLines(settings, log: log)
    return try loop.run(
      Self.plan(
        settings, child: child, log: log, snapshot: snapshot.save(log: log), desktop: desktop,
        rotationLines: rotationLines))
  }

  /// The lines of the config file these settings left out, each a warning and its fix: the
  /// update children, which read the daemon's copy of the file, say nothing of them.
  static func logIgnoredLines(_ settings: Settings, log: DaemonLog) {
    for line in settings.resources.configuration.ignoredLines {
      log.warning(line.warning)
      if let hint = line.hint { log.line(Diagnostic.line(.hint, hint)) }
    }
  }

  /// Writes the schedule these settings give (the options included: `--rotate 5s` is 5 s) where
  /// `status` reads it; a failure costs only `status` its word on the daemon, so it is logged.
  static func publish(_ settings: Settings, to path: String, log: DaemonLog) {
    let schedule = DaemonSchedule(
      pid: getpid(), updates: settings.updates,
      markets: settings.resources.configuration[ConfigSchema.markets],
      rotateSeconds: settings.rotation.map { Int($0.interval.components.seconds) })
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
  package static func plan(
    _ settings: Settings, child: DaemonUpdateChild, log: DaemonLog, snapshot: String? = nil,
    desktop: DaemonDesktop? = nil, rotationLines: @escaping @Sendable (Rotate.Outcome) -> [String]
  ) -> DaemonLoop.Plan {
    let resources = settings.resources
    let markets = resources.configuration[ConfigSchema.markets]
    let favoritesOnly = settings.favoritesOnly
    let updates = settings.updates
    let sources = resources.configuration[ConfigSchema.sources]
    let newest: @Sendable () throws -> [NewestPicture] = {
      guard updates else { return [] }
      let store = try resources.existingHistory()
      // Bing's markets when Bing is on, and each other source at its own time.
      let bing = sources.contains(.bing) ? markets : []
      return try bing.map { market in
        NewestPicture(
          .market(market),
          fullStartDate: try store?.newestFullStartDate(
            market: market, at: resources.context.clock.now()))
      } + SourceDeadlines.entries(sources, of: resources.context.sources, store: store)
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
      rotate: { rotate(resources, favoritesOnly: favoritesOnly, log: log, lines: rotationLines) },
      summary: settings.summary, stopUpdate: { child.stop() },
      act: { DaemonDesktop.act($0, resources: resources, log: log) },
      refresh: { paused, afterUpdate in
        desktop?.refresh(
          resources, paused: paused, canAutoUpdate: updates || settings.rotation != nil,
          afterUpdate: afterUpdate)
      })
  }

  /// One rotation, `random`'s, its outcome or its failure said in the log.
  static func rotate(
    _ resources: Resources, favoritesOnly: Bool, log: DaemonLog, lines: (Rotate.Outcome) -> [String]
  ) {
    var request = Rotate.Request(reason: .rotate)
    request.favoritesOnly = favoritesOnly
    do {
      for line in lines(try Rotate(resources: resources).run(request)) { log.line(line) }
    } catch HistoryError.empty, HistoryError.nothingToPick {
      log.line("rotate: no stored picture to show yet")
    } catch {
      log.error("rotate failed: \(error)")
    }
  }
}
