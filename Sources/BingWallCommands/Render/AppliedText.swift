import BingWallDesktop
import BingWallKit
import BingWallSystem

/// How a picture set as the wallpaper reads: on the terminal (a line on stdout, a warning on
/// stderr) and in the daemon's log (both in one line).
enum AppliedText {
  /// `Applied 2026-12-01 OHR.Place (Title) with gnome`, or `Applied /path with feh`.
  static func line(_ outcome: Apply.Outcome) -> String {
    let subject = outcome.picture.map { "\($0.date) \($0.id.key) (\($0.displayTitle))" } ?? outcome.path
    return TerminalText.clean("Applied \(subject) with \(outcome.backend)")
  }

  /// `No wallpaper set: no desktop session (…). To set it, …`: the one line of an update that
  /// stored its pictures where no desktop session is to show them. Not a failure: it says how
  /// to set one, and how to ask for storing only.
  static func notSetLine(_ error: DesktopError) -> String {
    TerminalText.clean(
      "No wallpaper set: \(error). To set it, run bingwall inside your desktop session; "
        + "to only store, use --no-apply or 'bingwall config set backend none'.")
  }

  /// Without the voice's prefix; nil when everything asked for was done.
  static func warning(_ outcome: Apply.Outcome) -> String? {
    var warnings: [String] = []
    if let problem = outcome.screenProblem {
      warnings.append(
        TerminalText.clean(problem.description) + "; the picture was set as it is on every screen")
    }
    for problem in outcome.pinProblems {
      warnings.append(TerminalText.clean(problem) + "; that screen shows what the policy gives it")
    }
    if let note = outcome.lockScreenNote { warnings.append(note) }
    if outcome.noLockScreen {
      warnings.append(
        "this desktop (\(outcome.backend)) has no lock screen picture to set; only the background changed")
    }
    return warnings.isEmpty ? nil : warnings.joined(separator: "; ")
  }

  /// The line, then the warning in the voice of every warning, for the daemon's log.
  static func logLines(_ outcome: Apply.Outcome, prefix: String = "") -> [String] {
    [prefix + line(outcome)] + (warning(outcome).map { [Diagnostic.line(.warning, prefix + $0)] } ?? [])
  }

  /// The line on stdout (unless `quiet`) and the warning, if any, on stderr.
  static func announce(_ outcome: Apply.Outcome, quiet: Bool, context: Context) {
    if !quiet { context.stdout.write(line(outcome) + "\n") }
    if let warning = warning(outcome) { context.stderr.warning(warning) }
  }
}
