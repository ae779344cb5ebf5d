import BingWallKit
import BingWallSystem

/// What one update did, as the daemon's log says it: `new picture: …`, `warning: …`,
/// `update failed: …`, `update: nothing new`, the applied picture, the retention policy.
///
/// `bingwall update --daemon-child` prints these on stdout, one per line, and the daemon logs
/// each with its timestamp: the log reads as it did when the daemon ran updates itself.
enum UpdateLogLines {
  static func lines(for outcome: UpdateService.Outcome) -> [String] {
    let report = outcome.report
    var lines = report.fetched.map { "new picture: " + UpdateCommand.line($0) }
    lines += report.warnings.map { "warning: \($0)" }
    lines += report.failures.map { "update failed: \($0.error)" }
    if report.failures.isEmpty, report.fetched.isEmpty { lines.append("update: nothing new") }
    if let applied = outcome.appliedLine { lines.append(AppliedText.logLine(applied)) }
    if let error = outcome.applyError { lines.append("could not set the wallpaper: \(error)") }
    if let warning = outcome.stateWarning { lines.append("warning: \(warning)") }
    if let line = UpdateCommand.retentionLine(outcome.retention) { lines.append(line) }
    if let error = outcome.retentionError {
      lines.append("warning: the retention policy was not applied: \(error)")
    }
    return lines.map(TerminalText.clean)
  }

  /// An update that could not run at all (a broken configuration, an unopenable history).
  static func failed(_ error: any Error) -> String {
    TerminalText.clean("update failed: \(error)")
  }
}
