import BingWallKit
import BingWallSchedule
import BingWallSources
import BingWallSystem
import FoundationEssentials

/// `bingwall status` for a person: local times from now, a schedule only where something will
/// carry it out, and a failure's cause from its record (`UpdateFailureRecord.cause`; its whole
/// message with `-v`).
///
/// Nothing is cut: on a terminal a long value wraps under the value column; piped, each value is
/// one line, however long, for `grep` and `cut`.
struct StatusText {
  let report: Status.Report
  let when: WhenText
  /// The failure's whole message on the `last update:` line, not its cause.
  let verbose: Bool
  /// The terminal's columns, which long values wrap to; nil when stdout is no terminal.
  let width: Int?

  /// The labels' column.
  static let indent = 14

  func render() -> String {
    var lines: [(String, String)] = []
    if let current = report.current {
      lines.append(("current", "\(current.date) \(current.id.key) (\(current.displayTitle))"))
    } else if let file = report.currentFile {
      lines.append(("current", "\(file) (a file, not in the history)"))
    } else {
      lines.append(("current", "none set by bingwall"))
    }
    // One screen needs no name (an X server may call its only output "screen"); several do.
    for screen in report.screens {
      let picture = screen.key ?? screen.source
      lines.append(("screen", report.screens.count == 1 ? picture : "\(picture) on \(screen.output)"))
    }
    lines.append(("last update", lastUpdate()))
    if let skipped = report.lastSkip {
      lines.append(("skipped", "\(when.text(skipped)), \(StatusCommand.skipPhrase(report.skipReason))"))
    }
    lines.append(("next update", nextUpdate()))
    // Each source but Bing at its own time: when it last answered, and when it is asked next.
    for times in report.sources {
      let last = times.lastFetch.map { "asked \(when.clock($0))" } ?? "no answer yet"
      let next = times.nextFetch.map { "next \(when.text(max($0, when.now)))" } ?? "next at the next update"
      lines.append((times.source.rawValue, "\(last); \(next)"))
    }
    lines.append(("next rotate", nextRotation()))
    lines.append(("daemon", report.daemonPID.map { "running (pid \($0))" } ?? "not running"))
    lines.append(("autostart", report.autostart.isEmpty ? "off" : report.autostart.joined(separator: ", ")))
    for note in report.autostartNotes { lines.append(("", note)) }
    return lines.map { label, value in
      let head = label.isEmpty ? "" : label + ":"
      return head.padding(to: Self.indent) + wrapped(TerminalText.clean(value))
    }.joined(separator: "\n") + "\n"
  }

  /// Never narrower than this, however narrow the terminal: a word or two a line.
  static let minimumValueWidth = 20

  /// `value` wrapped to the columns right of the labels, each line after the first indented to
  /// them; whole on one line when piped.
  func wrapped(_ value: String) -> String {
    guard let width else { return value }
    let lines = TerminalText.wrap(value, columns: max(Self.minimumValueWidth, width - Self.indent))
    return lines.joined(separator: "\n" + String(repeating: " ", count: Self.indent))
  }

  /// "today 09:14, 2 h 10 min ago, ok", "…, failed: cannot fetch www.bing.com: timeout",
  /// "…, interrupted", "running now (pid 4242)", "never".
  func lastUpdate() -> String {
    if let pid = report.updateRunning { return "running now (pid \(pid))" }
    if let interrupted = report.interrupted { return "\(when.text(interrupted)), interrupted" }
    guard let attempt = report.lastUpdateAttempt else { return "never" }
    let head = "\(when.text(attempt)), "
    if report.lastUpdateOK {
      // Stored, but set nowhere: said so, or the update's own line and status would disagree.
      guard let why = report.wallpaperNotSet else { return head + "ok" }
      return head + "ok, no wallpaper set: " + why
    }
    guard let failure = report.lastFailure else { return head + "failed: unknown error" }
    return head + "failed: " + (verbose ? failure.message : failure.cause(naming: \.displayName))
  }

  static let autostartOff = "none (autostart off: bingwall autostart enable)"
  static let noMarket = "none (no market configured)"

  func nextUpdate() -> String {
    switch report.updateCarrier {
    case .daemon:
      return report.scheduledUpdate.map { "\(when.text($0)) (daemon)" } ?? Self.noMarket
    case .systemdTimer:
      return report.scheduledUpdate.map {
        "\(when.text($0)) (systemd timer, up to \(Status.timerSpread.components.seconds / 60) min later)"
      } ?? Self.noMarket
    case .cron(let schedule):
      guard let schedule else { return "by cron, at the times of its line ('crontab -l' shows it)" }
      let times = schedule.isHourly ? "hourly" : schedule.fields
      return report.scheduledUpdate.map { "\(when.text($0)) (cron, \(times))" } ?? Self.noMarket
    case .atLogin(let method):
      return "none until the daemon starts at login (autostart \(method))"
    case .daemonWithoutUpdates:
      return "none (the daemon runs with --no-update)"
    case .none:
      return Self.autostartOff
    }
  }

  func nextRotation() -> String {
    if let daemon = report.daemon {
      guard let seconds = daemon.rotateSeconds, let next = report.scheduledRotation else { return "off" }
      return "\(when.text(next)) (daemon, every \(Self.span(seconds)))"
    }
    guard report.configRotates else { return "off" }
    if case .atLogin(let method) = report.updateCarrier {
      return "none until the daemon starts at login (autostart \(method))"
    }
    return "none (the daemon is not running: bingwall daemon)"
  }

  /// An interval exactly: "5 s", "30 min", "1 h 30 min", "1 day".
  static func span(_ seconds: Int) -> String {
    var left = seconds
    var parts: [String] = []
    for (unit, size) in [("day", 86_400), ("h", 3600), ("min", 60), ("s", 1)] where left >= size {
      let count = left / size
      parts.append(unit == "day" ? "\(count) day\(count == 1 ? "" : "s")" : "\(count) \(unit)")
      left %= size
    }
    return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
  }
}

extension String {
  /// The string followed by spaces up to `width` characters, and one space at least.
  fileprivate func padding(to width: Int) -> String {
    isEmpty
      ? String(repeating: " ", count: width) : self + String(repeating: " ", count: max(1, width - count))
  }
}
