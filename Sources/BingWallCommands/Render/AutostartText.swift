import BingWallKit
import BingWallSchedule
import BingWallSystem
import FoundationEssentials
import Glibc

/// How `autostart` talks: the outcome first, one line per method, then what to do when it is not
/// on yet; stdout for what happened, stderr for advice, both silenced by `--quiet` except the
/// command the user still has to run. What was written and run, the sandbox and systemctl's own
/// words are `-v`'s (the context's trace).
struct AutostartText {
  let context: Context
  let quiet: Bool
  /// `-v`: `status` names the sandbox too.
  var verbose = false

  func say(_ text: String) {
    if !quiet { context.stdout.write(TerminalText.clean(text) + "\n") }
  }

  func warn(_ text: String, hint: String? = nil) {
    if !quiet { context.stderr.warning(text, hint: hint) }
  }

  func show(_ events: [Autostart.Event]) {
    for event in events {
      switch event {
      case .executableWarning(let warning): warn(warning)
      case .keeping(let on): say("Autostart is set up with \(on.joined(separator: ", ")); keeping it.")
      case .chose(_, let choice): say("Chosen because \(Self.reason(choice)); --method picks another.")
      case .rivalDaemon(let rival):
        warn(
          "\(rival) also starts bingwall daemon; the second daemon will exit as 'already running'. "
            + "Turn one off: bingwall autostart disable --method \(rival)")
      case .report(let report, let effect): show(report, effect: effect)
      case .nothingWasOn: say("Autostart was not on; nothing changed.")
      case .cronReach(let reach): show(reach)
      case .nextRun(let next):
        let when = WhenText(now: context.clock.now(), zone: LocalTime(environment: context.environment))
        say("Next run: \(Self.describe(next, when: when)).")
      }
    }
  }

  /// What the cron line's runs will do with the wallpaper, as things are now.
  private func show(_ reach: AutostartReach) {
    let running = "Each run sets the wallpaper of your desktop session running at the time"
    switch reach {
    case .sets(let backend, let display):
      say("\(running) (now \(display), with \(backend)).")
    case .noSessionNow:
      say("\(running); none runs now, so until you log in, runs store the pictures only.")
    case .storesByChoice:
      say("Each run stores the pictures only (backend = none).")
    case .storesOnly(let why):
      warn(
        "cron's runs will store the pictures but set no wallpaper: \(why)",
        hint: "'bingwall backends' says what each backend needs")
    }
  }

  /// `today 11:17, in 25 min`, in local time (TZ honoured).
  static func describe(_ next: Autostart.NextRun, when: WhenText) -> String {
    switch next {
    case .at(let date): return when.text(date)
    case .hourAround(let date): return when.text(date) + " (give or take 10 min)"
    case .now: return "now (bingwall daemon started)"
    case .atLogin: return "at your next login (bingwall daemon)"
    }
  }

  static func reason(_ choice: Autostart.Choice) -> String {
    switch choice {
    case .systemdAnswers: return "a systemd user instance answers here"
    case .desktop(let desktop): return "no systemd user instance answers here, and the desktop is \(desktop)"
    case .nothingElse:
      return "no systemd user instance answers here and no desktop names itself (XDG_CURRENT_DESKTOP)"
    }
  }

  /// `status`: one line per method, or `--json`.
  func show(_ statuses: [AutostartStatus], json: Bool) {
    if json {
      let items = statuses.map { status -> JSONOutput in
        var members: [(String, JSONOutput)] = [
          ("method", .string(status.method)), ("enabled", .bool(status.enabled)),
          ("files", .array(status.files.map(JSONOutput.string))),
        ]
        if status.method == AutostartCron.method {
          members.append(("lines", .array(status.lines.map(JSONOutput.string))))
        }
        if let sandbox = status.sandbox { members.append(("sandbox", .string(sandbox.rawValue))) }
        members.append(("note", .optional(status.note)))
        members.append(("fix", .optional(status.fix)))
        return .object(members)
      }
      context.stdout.write(JSONOutput.array(items).rendered() + "\n")
      return
    }
    let width = (statuses.map(\.method.count).max() ?? 0) + 2
    for status in statuses {
      let name = status.method + String(repeating: " ", count: width - status.method.count)
      var details: [String]
      if status.enabled {
        details = status.files + status.lines.map { "crontab: \($0)" }
        if verbose, let sandbox = status.sandbox { details.append("sandbox: \(sandbox.rawValue)") }
        if let note = status.note { details.append("(\(note))") }
        if let fix = status.fix { details.append(fix) }
      } else {
        details = [status.note, status.fix].compactMap { $0 }
      }
      let detail = details.isEmpty ? "" : "  " + details.joined(separator: "; ")
      context.stdout.write(TerminalText.clean(name + (status.enabled ? "on " : "off") + detail) + "\n")
    }
  }

  private func show(_ report: AutostartReport, effect: String) {
    for action in report.actions { context.trace("\(report.method): \(action)") }
    if let sandbox = report.sandbox { context.trace("\(report.method): \(sandbox.line)") }
    if let reason = report.pendingReason { context.trace("\(report.method): out of reach: \(reason)") }
    // Printed even with --quiet: without it the job is not finished.
    if let first = report.pending.first {
      let all = report.pending.map { $0.joined(separator: " ") }.joined(separator: " && ")
      if report.outcome == .disabled || report.outcome == .alreadyDisabled {
        context.stdout.write(
          "Autostart off (\(report.method)). What it started may still run; to stop it, run in your "
            + "desktop session:\n  " + TerminalText.clean(first.joined(separator: " ")) + "\n")
      } else {
        context.trace("\(report.method): the same with systemctl: \(all)")
        // Updated: the unit was on, and runs the old one until systemd reads the new.
        let state =
          report.outcome == .updated
          ? "Autostart updated (\(report.method)), not in effect yet" : "Autostart not on yet"
        context.stdout.write(
          "\(state): systemd is out of reach here. Run in your desktop session:\n"
            + "  bingwall autostart enable --method \(report.method)\n")
      }
      return
    }
    switch report.outcome {
    case .enabled: say("Autostart on (\(report.method)): \(effect).")
    case .updated: say("Autostart updated (\(report.method)): \(effect).")
    case .alreadyEnabled: say("Autostart already on (\(report.method)); nothing changed.")
    case .disabled: say("Autostart off (\(report.method)).")
    case .alreadyDisabled: say("Autostart was already off (\(report.method)); nothing changed.")
    }
    for warning in report.warnings { warn(warning) }
  }
}
