import BingWallKit
import BingWallSystem

/// An update's events as the daemon's log says them: `new picture: …`, `bingwall: warning: …`,
/// `bingwall: error: update failed: …`, `update: nothing new`, the applied picture, the retention policy.
///
/// `bingwall update --daemon-child` prints these on stdout, one per line, and the daemon logs
/// each with its timestamp. Every event the terminal shows has its line here.
enum UpdateLogLines {
  static func lines(for events: [UpdateEvent]) -> [String] {
    var lines: [String] = []
    var skips: [UpdateSkip] = []
    // One line per kind of failure, said where the first one was, as on the terminal.
    var failures = FailureLines.lines(events, each: false)
    var warningsSaid: Set<String> = []
    for event in events {
      if case .skipped(let skip) = event {
        skips.append(skip)
        continue
      }
      lines += UpdateText.skipLines(skips)
      skips = []
      switch event {
      case .held(let skip): lines.append(UpdateText.heldLine(skip))
      case .substituted(let requested, let served):
        lines.append(
          Diagnostic.line(
            .warning,
            "Bing served the \(served) picture for \(requested); \(requested) has no picture of its own"))
      case .warning(let warning):
        let text = UpdateWarningText.text(warning)
        if warningsSaid.insert(text).inserted { lines.append(Diagnostic.line(.warning, text)) }
      case .failed:
        lines += failures.map { Diagnostic.line(.error, "update failed: \($0)") }
        failures = []
      case .sourceFailed(_, let error, _): lines.append(Diagnostic.line(.warning, "\(error)"))
      case .passedOver(_, let line): lines.append(line)
      case .skipped: break
      case .fetched(let picture): lines.append("new picture: " + PictureLine.text(picture))
      case .portrait(let key, let path): lines.append("portrait file of \(key): \(path)")
      case .upToDate: lines.append("update: nothing new")
      case .stateNotSaved(let notSaved):
        lines.append(Diagnostic.line(.warning, UpdateWarningText.text(notSaved)))
      case .applied(let applied): lines += AppliedText.logLines(applied)
      // The daemon's log names what it could not do; the advice to a person at a terminal
      // (`--no-apply`) is no use to a daemon.
      case .notApplied(let error): lines.append(TerminalText.clean("no wallpaper set: \(error)"))
      case .applyFailed(let error):
        lines.append(Diagnostic.line(.error, "could not set the wallpaper: \(error)"))
      case .pruned(let outcome):
        if let line = RetentionText.summary(outcome) { lines.append(line) }
        lines += outcome.undeletable.map { Diagnostic.line(.warning, RetentionText.undeletable($0)) }
      case .pruneFailed(let error): lines.append(Diagnostic.line(.warning, RetentionText.failed(error)))
      }
    }
    lines += UpdateText.skipLines(skips)
    return lines.map(TerminalText.clean)
  }

  /// An update that could not run at all (a broken configuration, an unopenable history).
  static func failed(_ error: any Error) -> String {
    Diagnostic.line(.error, "update failed: \(error)")
  }
}
