import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallModel
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall status`: the current wallpaper, the last update, what is scheduled, what runs.
enum StatusCommand: CommandDefinition {
  static let spec = CommandSpec(
    name: "status",
    abstract: "Show the current wallpaper, the last update and its result, and what is scheduled.",
    options: [CommonOptions.json.spec],
    examples: [
      CommandExample("status", "The wallpaper now, the last update and what comes next"),
      CommandExample("status --json", "The same, for a script"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let status = Status(resources: try Resources(invocation, context))
    let report = try status.run()
    if invocation[CommonOptions.json] {
      context.stdout.write(json(report).rendered() + "\n")
    } else {
      let text = StatusText(
        report: report, when: WhenText(now: context.clock.now(), zone: status.zone),
        verbose: invocation.verbose,
        width: context.terminal.stdoutIsTTY ? context.terminal.width : nil)
      context.stdout.write(text.render())
    }
    return ExitCode.success
  }

  /// Instants in UTC ISO 8601, whatever `TZ` says. Fields are only ever added: `next_update`
  /// and `next_rotation` stay the deadlines as they were; `schedule` says what carries them out.
  static func json(_ report: Status.Report) -> JSONOutput {
    // Present once an update was attempted, held back or interrupted; `skipped` is the reason
    // while the last word is a skip (it goes once an update runs), `at` the last attempt's time,
    // `interrupted_at` the start of an update stopped midway.
    var lastUpdate: JSONOutput = .null
    if report.lastUpdateAttempt != nil || report.lastSkip != nil || report.interrupted != nil {
      lastUpdate = .object([
        ("at", .optional(report.lastUpdateAttempt.map(Timestamp.iso8601))),
        ("ok", .bool(report.lastUpdateOK)),
        ("error", .optional(report.lastFailure?.message)),
        ("error_kind", .optional(report.lastFailure?.kind.rawValue)),
        ("skipped", .optional(report.skipReason?.rawValue)),
        ("skipped_at", .optional(report.lastSkip.map(Timestamp.iso8601))),
        ("interrupted_at", .optional(report.interrupted.map(Timestamp.iso8601))),
        ("wallpaper_not_set", .optional(report.wallpaperNotSet)),
      ])
    }
    return .object([
      ("current", report.current?.json ?? .null),
      ("current_file", .optional(report.currentFile)),
      ("last_update", lastUpdate),
      ("update_running", report.updateRunning.map { .integer(Int64($0)) } ?? .null),
      ("next_update", .optional(report.nextUpdate.map(Timestamp.iso8601))),
      ("next_rotation", .optional(report.nextRotation.map(Timestamp.iso8601))),
      ("schedule", schedule(report)),
      (
        "daemon",
        .object([
          ("running", .bool(report.daemonPID != nil)),
          ("pid", report.daemonPID.map { .integer(Int64($0)) } ?? .null),
        ])
      ),
      ("autostart", .array(report.autostart.map(JSONOutput.string))),
      ("screens", .array(report.screens.map(\.json))),
      (
        "sources",
        .array(
          report.sources.map { times in
            .object([
              ("name", .string(times.source.rawValue)),
              ("last_fetch", .optional(times.lastFetch.map(Timestamp.iso8601))),
              ("next_fetch", .optional(times.nextFetch.map(Timestamp.iso8601))),
            ])
          })
      ),
    ])
  }

  /// What will carry out the next update and rotation, and when: `update_by` is `daemon`,
  /// `systemd-timer`, `cron` or null (nothing will); `rotate_seconds` is the running daemon's.
  static func schedule(_ report: Status.Report) -> JSONOutput {
    let updateBy: String? =
      switch report.updateCarrier {
      case .daemon: "daemon"
      case .systemdTimer: "systemd-timer"
      case .cron: "cron"
      case .atLogin, .daemonWithoutUpdates, .none: nil
      }
    return .object([
      ("update_by", .optional(updateBy)),
      ("next_update", .optional(report.scheduledUpdate.map(Timestamp.iso8601))),
      ("rotation_by", .optional(report.scheduledRotation == nil ? nil : "daemon")),
      ("next_rotation", .optional(report.scheduledRotation.map(Timestamp.iso8601))),
      ("rotate_seconds", report.daemon?.rotateSeconds.map { .integer(Int64($0)) } ?? .null),
    ])
  }

  /// Why an update was held back, with the setting that decided it.
  static func skipPhrase(_ reason: UpdateHoldReason?) -> String {
    switch reason {
    case .metered: "the connection is metered (network.on_metered = skip)"
    case .battery: "the battery is low (power.min_battery)"
    case nil: "unknown reason"
    }
  }
}
