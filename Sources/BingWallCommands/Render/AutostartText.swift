import BingWallKit
import BingWallSchedule
import BingWallSystem

/// How `autostart` talks: what happened on stdout, advice on stderr, both silenced by `--quiet`
/// except the commands the user still has to run.
struct AutostartText {
  let context: Context
  let quiet: Bool

  func say(_ text: String) {
    if !quiet { context.stdout.write(TerminalText.clean(text) + "\n") }
  }

  func warn(_ text: String) {
    if !quiet { context.stderr.warning(text) }
  }

  func show(_ events: [Autostart.Event]) {
    for event in events {
      switch event {
      case .executableWarning(let warning): warn(warning)
      case .keeping(let on): say("Autostart is on with \(on.joined(separator: ", ")); keeping it.")
      case .chose(let name, let choice):
        say("Using \(name): \(Self.reason(choice)) (choose another with --method).")
      case .rivalDaemon(let rival):
        warn(
          "\(rival) also starts bingwall daemon; the second daemon will exit as 'already running'. "
            + "Turn one off: bingwall autostart disable --method \(rival)")
      case .report(let report, let effect): show(report, effect: effect)
      case .nothingWasOn: say("Autostart was not on; nothing changed.")
      }
    }
  }

  static func reason(_ choice: Autostart.Choice) -> String {
    switch choice {
    case .systemdAnswers: return "a systemd user instance answers"
    case .desktop(let desktop): return "no systemd user instance answers, and the desktop is \(desktop)"
    case .nothingElse: return "no systemd user instance answers and no desktop is running"
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
    switch report.outcome {
    case .enabled: say("Autostart on (\(report.method)): \(effect).")
    case .updated: say("Autostart updated (\(report.method)): \(effect).")
    case .alreadyEnabled: say("Autostart already on (\(report.method)); nothing changed.")
    case .disabled: say("Autostart off (\(report.method)).")
    case .alreadyDisabled: say("Autostart was already off (\(report.method)); nothing changed.")
    }
    if let sandbox = report.sandbox { say(sandbox.line) }
    for warning in report.warnings { warn(warning) }
    guard !report.pending.isEmpty else { return }
    // Printed even with --quiet: without them the job is not finished.
    let reason = report.pendingReason.map { " (\($0))" } ?? ""
    context.stdout.write(
      TerminalText.clean(
        "systemd is not reachable from here\(reason). To finish, run in your desktop session:")
        + "\n")
    for command in report.pending {
      context.stdout.write("  " + TerminalText.clean(command.joined(separator: " ")) + "\n")
    }
  }
}
