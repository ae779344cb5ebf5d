import BingWallKit
import BingWallModel
import BingWallSystem

/// An update's events on the terminal: what arrived on stdout, everything else on stderr.
///
/// `--quiet` keeps only what the user must see (errors, and warnings about lost state or files
/// left behind); `--json` keeps stderr as it is and leaves stdout to `UpdateJSON`.
enum UpdateText {
  /// `update skipped: the connection is metered (…); set network.on_metered = allow, or run
  /// update --force`: the one line of an update the conditions held back.
  static func heldLine(_ skip: ConditionSkip) -> String { "update skipped: \(skip)" }

  /// `verbose` (`-v`) adds the portrait files stored and why a source gave nothing.
  static func write(_ events: [UpdateEvent], quiet: Bool, json: Bool, verbose: Bool = false, context: Context)
  {
    let chatty = !quiet && !json
    // One line per kind of failure, with a count: eight pictures refused alike say it once;
    // `-v` lists each.
    let failures = FailureLines.lines(events, each: verbose)
    // Each fix once, after the failures it mends.
    let hints = Distinct.lines(
      events.compactMap { event -> String? in
        guard case .failed(let failure) = event else { return nil }
        return (failure.error as? any HintedError)?.hint
      })
    var failuresWritten = false
    // A source's failures, one line for the source: its first, and how many more there were
    // (a CDN serving junk fails each of Spotlight's four pictures alike).
    let sourceFailures = Dictionary(
      grouping: events.compactMap { event -> (Source, String)? in
        guard case .sourceFailed(let source, let error, _) = event else { return nil }
        return (source, TerminalText.clean("\(error)"))
      }, by: \.0)
    var sourcesWritten: Set<Source> = []
    var warningsSaid: Set<String> = []
    var skips: [UpdateSkip] = []
    func flushSkips() {
      guard chatty else { return }
      for line in skipLines(skips) { context.stderr.write(line + "\n") }
      skips = []
    }
    for event in events {
      if case .skipped = event {} else { flushSkips() }
      switch event {
      case .held(let skip):
        if chatty { context.stdout.write(heldLine(skip) + "\n") }
      case .substituted(let requested, let served):
        if !quiet {
          context.stderr.warning(
            "Bing served the \(served) picture for \(requested); \(requested) has no picture of its own")
        }
      case .warning(let warning):
        // Said once a run: two archive pages that over-list alike say it once.
        let text = UpdateWarningText.text(warning)
        if !quiet, warningsSaid.insert(text).inserted { context.stderr.warning(text) }
      case .failed:
        guard !failuresWritten else { continue }
        failuresWritten = true
        for line in failures { context.stderr.error(line) }
        for (hint, _) in hints { context.stderr.write(Diagnostic.line(.hint, hint) + "\n") }
      case .sourceFailed(let source, _, _):
        // A warning, not an error: the other sources' pictures came; the exit status says it.
        guard sourcesWritten.insert(source).inserted, let lines = sourceFailures[source] else { continue }
        let more = lines.count > 1 ? " (and \(lines.count - 1) more like it)" : ""
        context.stderr.warning(lines[0].1 + more)
        if verbose, !quiet, let why = Self.why(events, source) {
          context.stderr.write(Diagnostic.line(.info, why) + "\n")
        }
      case .passedOver(_, let line):
        if chatty { context.stderr.write(TerminalText.clean(line) + "\n") }
      case .skipped(let skip):
        skips.append(skip)
      case .fetched(let picture):
        // Fitted to a terminal's width, whole in a pipe (a script reads it all).
        let line = PictureLine.text(picture)
        let fitted =
          context.terminal.stdoutIsTTY ? TerminalText.fit(line, columns: context.terminal.width - 1) : line
        if chatty { context.stdout.write(fitted + "\n") }
      case .portrait(let key, let path):
        // A detail of a picture already named: eight of them would bury the list.
        if chatty, verbose {
          context.stdout.write(TerminalText.clean("portrait file of \(key): \(path)") + "\n")
        }
      case .upToDate:
        if chatty { context.stdout.write(upToDateLine(events) + "\n") }
      case .stateNotSaved(let notSaved):
        context.stderr.warning(UpdateWarningText.text(notSaved))
      case .applied(let applied):
        if chatty { context.stdout.write(AppliedText.line(applied) + "\n") }
        if let warning = AppliedText.warning(applied) { context.stderr.warning(warning) }
      case .notApplied(let error):
        if chatty { context.stdout.write(AppliedText.notSetLine(error) + "\n") }
      case .applyFailed(let error):
        // After the list: the pictures are stored whatever the desktop did, and a user reading
        // the terminal should see what arrived before why it is not on screen.
        context.stderr.report(error)
      case .pruned(let outcome):
        if chatty, let line = RetentionText.summary(outcome) { context.stdout.write(line + "\n") }
        for failure in outcome.undeletable {
          context.stderr.warning(RetentionText.undeletable(failure))
        }
      case .pruneFailed(let error):
        context.stderr.warning(RetentionText.failed(error))
      }
    }
    flushSkips()
  }

  /// `Already up to date.`, or, after `--force` fetched pictures again and found each the same
  /// as the stored file, what it fetched: `Fetched 8 pictures again; each is the stored file.`
  static func upToDateLine(_ events: [UpdateEvent]) -> String {
    let again = Set(
      events.compactMap { event -> String? in
        guard case .skipped(let skip) = event, skip.reason == .identicalFile else { return nil }
        return skip.key
      })
    guard !again.isEmpty else { return "Already up to date." }
    let each = again.count == 1 ? "it is" : "each is"
    return "Fetched \(Counted.phrase(again.count, "picture")) again; \(each) the stored file."
  }

  /// Why `source` gave nothing, in plain words, for `-v`; nil when its line says it all.
  static func why(_ events: [UpdateEvent], _ source: Source) -> String? {
    for event in events {
      if case .sourceFailed(source, let failure, _) = event,
        let why = (failure as? any ExplainedError)?.explanation
      {
        return why
      }
    }
    return nil
  }

  /// One line per picture skipped for a reason worth telling; entries Bing sent unusable (they
  /// have no key) one line per market, with a count and the first reason: a body of broken
  /// entries says so once, not once each.
  static func skipLines(_ skipped: [UpdateSkip]) -> [String] {
    var lines: [String] = []
    var unusable: [(market: Market, count: Int, first: String)] = []
    for skip in skipped where skip.reason.isNews {
      if let key = skip.key {
        lines.append(TerminalText.clean("skipped \(key) (\(skip.market)): \(skip.reason)"))
        continue
      }
      if let index = unusable.firstIndex(where: { $0.market == skip.market }) {
        unusable[index].count += 1
      } else {
        unusable.append((skip.market, 1, skip.reason.description))
      }
    }
    for entry in unusable {
      let what = entry.count == 1 ? "a picture" : "\(entry.count) pictures"
      let first = entry.count == 1 ? "" : " (the first)"
      lines.append(TerminalText.clean("skipped \(what) (\(entry.market))\(first): \(entry.first)"))
    }
    return lines
  }
}
