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
  /// Real command lines for help's and the man page's EXAMPLES (a test parses each).
  static let examples: [CommandExample] = [
    CommandExample("status", "The wallpaper now, the last update and what comes next"),
    CommandExample("status --json", "The same, for a script"),
  ]

  static let command = Command(
    spec: CommandSpec(
      name: "status",
      abstract: "Show the current wallpaper, the last update and its result, and what is scheduled.",
      options: [CommonOptions.json.spec], examples: examples),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let report = try Status(resources: try Resources(invocation, context)).run()
    if invocation[CommonOptions.json] {
      context.stdout.write(json(report).rendered() + "\n")
    } else {
      context.stdout.write(text(report))
    }
    return ExitCode.success
  }

  static func json(_ report: Status.Report) -> JSONOutput {
    // Present once an update was attempted or held back; `skipped` is the reason while the
    // last word is a skip (it goes once an update runs), `at` the last attempt's time.
    var lastUpdate: JSONOutput = .null
    if report.lastUpdateAttempt != nil || report.lastSkip != nil {
      lastUpdate = .object([
        ("at", .optional(report.lastUpdateAttempt.map(Timestamp.iso8601))),
        ("ok", .bool(report.lastUpdateOK)),
        ("error", .optional(report.lastError)), ("skipped", .optional(report.skipReason)),
        ("skipped_at", .optional(report.lastSkip.map(Timestamp.iso8601))),
      ])
    }
    return .object([
      ("current", report.current?.json ?? .null),
      ("last_update", lastUpdate),
      ("next_update", .optional(report.nextUpdate.map(Timestamp.iso8601))),
      ("next_rotation", .optional(report.nextRotation.map(Timestamp.iso8601))),
      (
        "daemon",
        .object([
          ("running", .bool(report.daemonPID != nil)),
          ("pid", report.daemonPID.map { .integer(Int64($0)) } ?? .null),
        ])
      ),
      ("autostart", .array(report.autostart.map(JSONOutput.string))),
      ("screens", .array(report.screens.map(\.json))),
    ])
  }

  /// Why an update was held back, with the setting that decided it.
  static func skipPhrase(_ reason: String?) -> String {
    switch reason {
    case "metered": "the connection is metered (network.on_metered = skip)"
    case "battery": "the battery is low (power.min_battery)"
    default: reason ?? "unknown reason"
    }
  }

  static func text(_ report: Status.Report) -> String {
    var lines: [String] = []
    if let current = report.current {
      lines.append("current:      \(current.date) \(current.key) (\(current.displayTitle))")
    } else {
      lines.append("current:      none set by bingwall")
    }
    for screen in report.screens {
      lines.append(TerminalText.clean("screen:       \(screen.output) \(screen.key ?? screen.source)"))
    }
    if let attempt = report.lastUpdateAttempt {
      let result = report.lastUpdateOK ? "ok" : "failed: \(report.lastError ?? "unknown error")"
      lines.append("last update:  \(Timestamp.iso8601(attempt)), \(result)")
    } else {
      lines.append("last update:  never")
    }
    if let skipped = report.lastSkip {
      lines.append("skipped:      \(Timestamp.iso8601(skipped)), \(skipPhrase(report.skipReason))")
    }
    lines.append("next update:  \(report.nextUpdate.map(Timestamp.iso8601) ?? "none (no market configured)")")
    lines.append("next rotate:  \(report.nextRotation.map(Timestamp.iso8601) ?? "off")")
    lines.append("daemon:       \(report.daemonPID.map { "running (pid \($0))" } ?? "not running")")
    lines.append(
      "autostart:    \(report.autostart.isEmpty ? "off" : report.autostart.joined(separator: ", "))")
    return lines.map(TerminalText.clean).joined(separator: "\n") + "\n"
  }
}
