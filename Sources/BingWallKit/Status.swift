import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials

/// `bingwall status`: the current wallpaper, the last update and its result, what is
/// scheduled and what runs, read from the history, the scheduler state and the daemon's lock.
package struct Status {
  package struct Report: Sendable {
    /// The picture bingwall set last; nil when it set none.
    package var current: Picture?
    package var lastUpdateAttempt: Date?
    /// Whether the last attempt succeeded.
    package var lastUpdateOK: Bool
    package var lastError: String?
    /// When the last update was held back by the conditions, and why (`metered`, `battery`);
    /// nil once an update runs again.
    package var lastSkip: Date?
    package var skipReason: String?
    /// Nil when no market is configured.
    package var nextUpdate: Date?
    /// Nil when rotation is off.
    package var nextRotation: Date?
    /// The daemon's pid; -1 when a process holds the lock but its pid cannot be read.
    package var daemonPID: Int32?
    /// The names of the autostart methods that are on.
    package var autostart: [String]
    /// What each screen was last given, where bingwall read the screens.
    package var screens: [ShownScreens.Screen] = []
  }

  var resources: Resources

  package init(resources: Resources) { self.resources = resources }

  package func run() throws -> Report {
    let context = resources.context
    let store = try resources.existingHistory()
    let current = try store?.recentlyApplied(limit: 1).first.flatMap { try store?.picture(id: $0) }
    let state = StateFile(stateDir: context.paths.stateDir).load()
    let now = context.clock.now()
    let markets = try resources.configuration[ConfigSchema.markets].map { market in
      NewestPicture(
        market: market.code, storedFullStartDate: try store?.newestFullStartDate(market: market.code))
    }
    let rotation = RotationSchedule(every: resources.configuration[ConfigSchema.rotate])
    let autostart = AutostartEnvironment(
      configHome: context.paths.configHome, processes: context.processes, environment: context.environment
    ).methods.filter { $0.status().enabled }.map(\.name)
    return Report(
      current: current, lastUpdateAttempt: state.lastUpdateAttempt,
      lastUpdateOK: state.lastUpdateAttempt != nil && state.lastUpdateAttempt == state.lastUpdateSuccess,
      lastError: state.lastError, lastSkip: state.lastSkip, skipReason: state.skipReason,
      nextUpdate: state.nextUpdate(markets: markets, now: now)?.date,
      nextRotation: state.nextRotation(rotation, now: now)?.date,
      daemonPID: Self.runningDaemon(lockPath: context.paths.lockFile), autostart: autostart,
      screens: ShownScreens(stateDir: context.paths.stateDir).load())
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
