import BingWallKit
import BingWallSchedule
import BingWallSystem
import FoundationEssentials
import Glibc

/// How `autostart` talks: what happened on stdout, advice on stderr, both silenced by `--quiet`
/// except the commands the user still has to run.
struct AutostartText {
  let context: Context
  let quiet: Bool

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
      case .chose(let name, let choice):
        if case .nothingReachesTheDesktop = choice {
          say("Using \(name): \(Self.reason(choice)).")
        } else {
          say("Using \(name): \(Self.reason(choice)) (choose another with --method).")
        }
      case .rivalDaemon(let rival):
        warn(
          "\(rival) also starts bingwall daemon; the second daemon will exit as 'already running'. "
            + "Turn one off: bingwall autostart disable --method \(rival)")
      case .report(let report, let effect): show(report, effect: effect)
      case .nothingWasOn: say("Autostart was not on; nothing changed.")
      case .cronReach(let reach, let session): show(reach, session)
      case .cronStale(let gone):
        warn(
          "the cron line carries a session that is already gone: \(gone.joined(separator: "; "))",
          hint: Self.insideTheSession)
      case .timerWithoutDisplay:
        warn(
          "systemd's user manager knows no DISPLAY or WAYLAND_DISPLAY, so the timer's runs store the "
            + "pictures but set no wallpaper",
          hint: "choose --method xdg or --method cron, or have your session run 'systemctl --user "
            + "import-environment DISPLAY XAUTHORITY' (or WAYLAND_DISPLAY) at every login")
      case .nextRun(let next):
        let when = WhenText(now: context.clock.now(), zone: LocalTime(environment: context.environment))
        say("Next run: \(Self.describe(next, when: when)).")
      }
    }
  }

  static let insideTheSession =
    "run 'bingwall autostart enable --method cron' in a terminal of your desktop session"

  /// What the cron line's runs will do here; nothing more when `enable` chose cron because nothing
  /// reaches the desktop, which its reason already says.
  private func show(_ reach: AutostartReach, _ session: AutostartCronSession) {
    switch reach {
    case .sets(let backend):
      let carried = session.variables.map(\.name).joined(separator: ", ")
      let display =
        session["WAYLAND_DISPLAY"].map { "Wayland display \($0)" }
        ?? session["DISPLAY"].map { "display \($0)" }
      let on = display.map { " on \($0)" } ?? ""
      say(
        "Each run sets the wallpaper\(on) with \(backend)"
          + (carried.isEmpty ? "." : " (the line carries \(carried))."))
    case .storesByChoice:
      say("Each run stores the pictures only (backend = none).")
    case .storesOnly(let why):
      warn("cron's runs will store the pictures but set no wallpaper: \(why)", hint: Self.insideTheSession)
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
    case .systemdAnswers: return "a systemd user instance answers"
    case .desktop(let desktop): return "no systemd user instance answers, and the desktop is \(desktop)"
    case .nothingElse:
      return "no systemd user instance answers and no desktop names itself (XDG_CURRENT_DESKTOP is unset)"
    case .nothingReachesTheDesktop(let why):
      return "no method here can set the wallpaper: \(why); its runs store the pictures only. "
        + "To set the wallpaper too, run 'bingwall autostart enable' in a terminal of your desktop session"
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
        return .object(members)
      }
      context.stdout.write(JSONOutput.array(items).rendered() + "\n")
      return
    }
    let width = (statuses.map(\.method.count).max() ?? 0) + 2
    for status in statuses {
      let name = status.method + String(repeating: " ", count: width - status.method.count)
      var details = status.files + status.lines.map { "crontab: \($0)" }
      if let sandbox = status.sandbox { details.append("sandbox: \(sandbox.rawValue)") }
      if let note = status.note { details.append("(\(note))") }
      let detail = details.isEmpty ? "" : "  " + details.joined(separator: "; ")
      context.stdout.write(TerminalText.clean(name + (status.enabled ? "on " : "off") + detail) + "\n")
    }
  }

  private func show(_ report: AutostartReport, effect: String) {
    for action in report.actions { say(action) }
    // Printed even with --quiet: without it the job is not finished.
    if !report.pending.isEmpty {
      if let sandbox = report.sandbox { say(sandbox.line) }
      let reason = report.pendingReason.map { " (\($0))" } ?? ""
      let state =
        report.outcome == .disabled || report.outcome == .alreadyDisabled
        ? "Autostart off (\(report.method)), but a running one may be left"
        : "Autostart not on yet (\(report.method))"
      let command = report.pending.map { $0.joined(separator: " ") }.joined(separator: " && ")
      context.stdout.write(
        TerminalText.clean(
          "\(state): systemd is not reachable from here\(reason). To finish, run in your desktop session:")
          + "\n  " + TerminalText.clean(command) + "\n")
      return
    }
    switch report.outcome {
    case .enabled: say("Autostart on (\(report.method)): \(effect).")
    case .updated: say("Autostart updated (\(report.method)): \(effect).")
    case .alreadyEnabled: say("Autostart already on (\(report.method)); nothing changed.")
    case .disabled: say("Autostart off (\(report.method)).")
    case .alreadyDisabled: say("Autostart was already off (\(report.method)); nothing changed.")
    }
    if let sandbox = report.sandbox { say(sandbox.line) }
    for warning in report.warnings { warn(warning) }
  }
}
