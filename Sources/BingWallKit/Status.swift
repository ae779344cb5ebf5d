import BingWallModel
import BingWallSchedule
import BingWallSources
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall status`: the current wallpaper, the last update and its result, what is
/// scheduled and what runs, read from the history, the scheduler state, the daemon's lock and
/// published schedule, and the autostart entries.
///
/// A schedule is only what something will carry out: the running daemon's own (its options
/// included), or the update of an enabled systemd timer or cron line. Deadlines alone promise
/// nothing.
package struct Status {
  /// What will run the next update.
  package enum UpdateCarrier: Sendable, Equatable {
    /// The running daemon.
    case daemon
    /// The `systemd-timer` autostart: hourly, up to `timerSpread` late.
    case systemdTimer
    /// bingwall's crontab line: its times, nil when they are not ones `CronSchedule` reads.
    case cron(CronSchedule?)
    /// A daemon autostart (`systemd`, `xdg`) is on but no daemon runs now: it starts at login.
    case atLogin(method: String)
    /// The daemon runs, but with `--no-update`, and nothing else updates.
    case daemonWithoutUpdates
    /// Nothing.
    case none
  }

  package struct Report: Sendable {
    /// The picture bingwall set last; nil when it set none, or when an image file given by
    /// path (`currentFile`) was set after it.
    package var current: Picture?
    /// The image file `apply FILE` set, when nothing has been set since.
    package var currentFile: String?
    package var lastUpdateAttempt: Date?
    /// Whether the last attempt succeeded.
    package var lastUpdateOK: Bool
    /// Why the last attempt failed, as the journal recorded it.
    package var lastFailure: UpdateFailureRecord?
    /// When the last update was held back by the conditions, and why (`metered`, `battery`);
    /// nil once an update runs again.
    package var lastSkip: Date?
    package var skipReason: UpdateHoldReason?
    /// When an update started whose process is gone without recording its end (Ctrl-C, a kill).
    package var interrupted: Date?
    /// The pid of an update working now.
    package var updateRunning: Int32?
    /// Why the newest picture waits unset (no desktop session where the last update ran);
    /// nil once one is set.
    package var wallpaperNotSet: String?
    /// When the next update is due, whatever runs it (the deadline the daemon keeps); nil when
    /// no market is configured.
    package var nextUpdate: Date?
    /// When the next rotation is due at the interval in force (the running daemon's, else the
    /// configuration's); nil when rotation is off.
    package var nextRotation: Date?
    /// What will carry out the next update, and when it will fetch the next picture.
    package var updateCarrier: UpdateCarrier = .none
    package var scheduledUpdate: Date?
    /// The running daemon's schedule (from its published file; from the configuration for a
    /// daemon too old to publish one); nil when no daemon runs.
    package var daemon: DaemonSchedule?
    /// The next rotation the running daemon will make; nil when none will.
    package var scheduledRotation: Date?
    /// Whether the configuration asks for rotation (which only a daemon carries out).
    package var configRotates: Bool = false
    /// The daemon's pid; -1 when a process holds the lock but its pid cannot be read.
    package var daemonPID: Int32?
    /// The names of the autostart methods that are on.
    package var autostart: [String]
    /// What is amiss with an autostart entry bingwall wrote, and its fix: "systemd: written,
    /// not enabled; run '…'", a cron line that pins a display.
    package var autostartNotes: [String] = []
    /// What each screen was last given, where bingwall read the screens.
    package var screens: [ShownScreens.Screen] = []
    /// Each configured source but Bing: when it last answered, and when it is next due.
    package var sources: [SourceTimes] = []
  }

  /// A source's last successful fetch and its next, as its plug-in's `nextFetch` sets it.
  package struct SourceTimes: Sendable {
    package var source: Source
    /// Nil before its first answer.
    package var lastFetch: Date?
    /// Nil before its first answer: the next update asks it.
    package var nextFetch: Date?
  }

  /// How long after the hour the systemd timer may run (its `RandomizedDelaySec=`).
  package static let timerSpread: Duration = .seconds(10 * 60)

  var resources: Resources

  package init(resources: Resources) { self.resources = resources }

  package func run() throws -> Report {
    let context = resources.context
    let store = try resources.existingHistory()
    let current = try store?.recentlyApplied(limit: 1).first.flatMap { try store?.picture(id: $0) }
    let state = StateFile(stateDir: context.paths.stateDir).load()
    let now = context.clock.now()
    func newest(_ markets: [Market]) throws -> [NewestPicture] {
      try markets.map {
        NewestPicture(.market($0), fullStartDate: try store?.newestFullStartDate(market: $0, at: now))
      }
    }
    let configuration = resources.configuration
    let configMarkets = configuration[ConfigSchema.markets]
    let configRotation = RotationSchedule(every: configuration[ConfigSchema.rotate])
    let daemonPID = Self.runningDaemon(lockPath: context.paths.lockFile)
    let daemon = daemonPID.map { pid in
      Self.daemonSchedule(
        pid: pid, lockPath: context.paths.lockFile, markets: configMarkets, rotation: configRotation)
    }
    let statuses = AutostartEnvironment(
      configHome: context.paths.configHome, processes: context.processes, environment: context.environment
    ).methods.map { $0.status() }
    let enabled = statuses.filter(\.enabled)

    let sourceEntries = try SourceDeadlines.entries(
      configuration[ConfigSchema.sources], of: resources.context.sources, store: store)
    let markets = try newest(daemon.map(\.markets) ?? configMarkets) + sourceEntries
    var report = Report(
      current: current, lastUpdateAttempt: state.lastUpdateAttempt,
      lastUpdateOK: state.lastUpdateAttempt != nil && !state.lastUpdateFailed,
      lastFailure: state.lastFailure, lastSkip: state.lastSkip, skipReason: state.skipReason,
      nextUpdate: state.nextUpdate(markets: markets, now: now)?.date,
      nextRotation: state.nextRotation(daemon.map(\.rotation) ?? configRotation, now: now)?.date,
      daemon: daemon, configRotates: configRotation != nil, daemonPID: daemonPID,
      autostart: enabled.map(\.method),
      screens: ShownScreens(stateDir: context.paths.stateDir, files: context.fileSystem).load())
    report.wallpaperNotSet = state.wallpaperNotSet
    if let file = state.wallpaperFile {
      report.currentFile = file
      report.current = nil
    }
    if let started = state.updateStarted, let pid = state.updatePID {
      // An interruption older than the last attempt is old news: that attempt's result shows.
      if Self.isUpdate(pid: pid) {
        report.updateRunning = pid
      } else if state.lastUpdateAttempt.map({ started >= $0 }) ?? true {
        report.interrupted = started
      }
    }
    if let daemon, let rotation = daemon.rotation {
      report.scheduledRotation = state.nextRotation(rotation, now: now)?.date
    }
    // Who updates: the daemon when it fetches, else a timer or cron line that is on (not only
    // written: a unit systemd has not enabled runs nothing), else a daemon that starts at login.
    report.autostartNotes = statuses.filter { !$0.files.isEmpty || !$0.lines.isEmpty }.compactMap { status in
      guard let note = status.note, let fix = status.fix else { return nil }
      return "\(status.method): \(note); \(fix)"
    }
    let due = state.nextPictureDue(markets: try newest(configMarkets) + sourceEntries, now: now)
    let fetches = try store?.fetches() ?? [:]
    report.sources = configuration[ConfigSchema.sources].filter { $0 != .bing }.map { source in
      let fetch = fetches[source]
      return SourceTimes(
        source: source, lastFetch: fetch?.fetchedAt,
        nextFetch: fetch.map {
          resources.context.sources.nextFetch(source, fetchedAt: $0.fetchedAt, newestDay: $0.newestDay)
        })
    }
    if let daemon, daemon.updates {
      report.updateCarrier = .daemon
      report.scheduledUpdate = report.nextUpdate
    } else if enabled.contains(where: { $0.method == "systemd-timer" }) {
      report.updateCarrier = .systemdTimer
      report.scheduledUpdate = due.flatMap { CronSchedule.hourly(atMinute: 0).next(atOrAfter: $0, in: zone) }
    } else if let cron = enabled.first(where: { $0.method == AutostartCron.method && !$0.lines.isEmpty }) {
      // A cron line runs whatever its note says: a display it pins that is gone makes its runs
      // store only, which the report's notes say.
      let schedule = cron.lines.first.flatMap(CronSchedule.init(line:))
      report.updateCarrier = .cron(schedule)
      report.scheduledUpdate = due.flatMap { date in schedule?.next(atOrAfter: date, in: zone) }
    } else if daemon != nil {
      report.updateCarrier = .daemonWithoutUpdates
    } else if let login = enabled.first(where: { ["systemd", "xdg"].contains($0.method) }) {
      report.updateCarrier = .atLogin(method: login.method)
    }
    return report
  }

  /// The zone `status` shows times in: the context's `TZ`.
  package var zone: LocalTime { LocalTime(environment: resources.context.environment) }

  /// The running daemon's published schedule; for a daemon that published none (one started
  /// before the file existed), the configuration's, which is what it read.
  static func daemonSchedule(pid: Int32, lockPath: String, markets: [Market], rotation: RotationSchedule?)
    -> DaemonSchedule
  {
    if let published = DaemonSchedule.load(path: DaemonSchedule.path(lockFile: lockPath)),
      published.pid == pid || pid == -1
    {
      return published
    }
    return DaemonSchedule(
      pid: pid, updates: true, markets: markets,
      rotateSeconds: rotation.map { Int($0.interval.components.seconds) })
  }

  /// Whether `pid` is a bingwall update still running: the process is there, its program is
  /// bingwall and its command line has the `update` word (a pid the system reused for `apt
  /// update` does not count).
  static func isUpdate(pid: Int32) -> Bool {
    guard pid > 0, kill(pid, 0) == 0 || errno == EPERM,
      let bytes = try? FileContents.read("/proc/\(pid)/cmdline", limit: 64 * 1024)
    else { return false }
    let words = bytes.split(separator: 0)
    guard let program = words.first,
      program.split(separator: UInt8(ascii: "/")).last?.elementsEqual("bingwall".utf8) == true
    else { return false }
    return words.dropFirst().contains { $0.elementsEqual("update".utf8) }
  }

  /// The daemon's pid when one holds the lock; nil when the lock is free.
  static func runningDaemon(lockPath: String) -> Int32? {
    guard FileManager.default.fileExists(atPath: lockPath) else { return nil }
    guard let probe = try? FileLock(path: lockPath, wait: false, recordPID: false) else {
      return FileLock.holder(of: lockPath) ?? -1
    }
    probe.release()
    return nil
  }
}
