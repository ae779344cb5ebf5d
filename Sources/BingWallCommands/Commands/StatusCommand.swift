import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall status`: the current wallpaper, the last update, what is scheduled, what runs.
enum StatusCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "status",
      abstract: "Show the current wallpaper, the last update and its result, and what is scheduled.",
      options: [CommonOptions.json.spec]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context)
    let store = try resources.existingHistory()
    let current = try store?.recentlyApplied(limit: 1).first.flatMap { try store?.picture(id: $0) }
    let state = StateFile(stateDir: context.paths.stateDir).load()
    let now = context.clock.now()
    let markets = try resources.configuration[ConfigSchema.markets].map { market in
      NewestPicture(
        market: market.code, storedFullStartDate: try store?.newestFullStartDate(market: market.code))
    }
    let nextUpdate = state.nextUpdate(markets: markets, now: now)?.date
    let rotation = resources.configuration.rotateInterval.flatMap {
      RotationSchedule(interval: TimeInterval($0))
    }
    let nextRotation = state.nextRotation(rotation, now: now)?.date
    let daemonPID = runningDaemon(lockPath: context.paths.lockFile)
    let autostart = AutostartEnvironment(
      configHome: context.paths.configHome, processes: context.processes, environment: context.environment
    ).methods.filter { $0.status().enabled }.map(\.name)
    let lastOK = state.lastUpdateAttempt != nil && state.lastUpdateAttempt == state.lastUpdateSuccess

    if invocation[CommonOptions.json] {
      let lastUpdate: JSONOutput =
        state.lastUpdateAttempt.map {
          .object([
            ("at", .string(Timestamp.iso8601($0))), ("ok", .bool(lastOK)),
            ("error", .optional(state.lastError)),
          ])
        } ?? .null
      let object = JSONOutput.object([
        ("current", current?.json ?? .null),
        ("last_update", lastUpdate),
        ("next_update", .optional(nextUpdate.map(Timestamp.iso8601))),
        ("next_rotation", .optional(nextRotation.map(Timestamp.iso8601))),
        (
          "daemon",
          .object([
            ("running", .bool(daemonPID != nil)), ("pid", daemonPID.map { .integer(Int64($0)) } ?? .null),
          ])
        ),
        ("autostart", .array(autostart.map(JSONOutput.string))),
      ])
      context.stdout.write(object.rendered() + "\n")
      return ExitCode.success
    }
    var lines: [String] = []
    if let current {
      lines.append("current:      \(current.date) \(current.key) (\(current.displayTitle))")
    } else {
      lines.append("current:      none set by bingwall")
    }
    if let attempt = state.lastUpdateAttempt {
      let result = lastOK ? "ok" : "failed: \(state.lastError ?? "unknown error")"
      lines.append("last update:  \(Timestamp.iso8601(attempt)), \(result)")
    } else {
      lines.append("last update:  never")
    }
    lines.append("next update:  \(nextUpdate.map(Timestamp.iso8601) ?? "none (no market configured)")")
    lines.append("next rotate:  \(nextRotation.map(Timestamp.iso8601) ?? "off")")
    lines.append("daemon:       \(daemonPID.map { "running (pid \($0))" } ?? "not running")")
    lines.append("autostart:    \(autostart.isEmpty ? "off" : autostart.joined(separator: ", "))")
    context.stdout.write(lines.map(TerminalText.clean).joined(separator: "\n") + "\n")
    return ExitCode.success
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
