import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall update`: fetch Bing's window for each market and store every new picture.
enum UpdateCommand {
  static let markets = CommonOptions.market
    .repeated(help: "A Bing market to fetch (default: config 'markets').").overriding(ConfigSchema.markets)
  static let resolution = Option<Resolution>(
    "resolution", short: "r", name: "resolution", kind: .choice(Resolution.known),
    help: "Picture size to download; UHD falls back to 1920x1080.", default: "config 'resolution', UHD"
  ).overriding(ConfigSchema.resolution)
  static let days = Option<Int>(
    "days", name: "n", kind: .integer(minimum: 1, maximum: 8),
    help: "Only the newest n days of each market's window.")
  static let force = Flag("force", help: "Download pictures again even when they are stored.")
  static let noApply = Flag(
    "no-apply", help: "Store new pictures without setting the wallpaper (config apply_on_update).")
  static let json = CommonOptions.json
  static let options: [any OptionHandle] = [markets, resolution, days, force, noApply, json]
  /// Plumbing: the daemon runs its updates as `bingwall update --daemon-child` and logs what the
  /// child prints (see `UpdateLogLines`, `DaemonUpdateChild`). Not in help or completions.
  static let daemonChild = Flag(
    "daemon-child", help: "Print the daemon's log lines on stdout instead of the terminal output.")

  static let command = Command(
    spec: CommandSpec(
      name: "update", abstract: "Fetch the pictures Bing shows now and store the new ones.",
      discussion: """
        One request per market for Bing's 8-day window; every picture not stored yet is \
        downloaded (in parallel), checked to be a whole JPEG, and recorded with its title, \
        caption and credit. Days the machine was off are filled in. Exit status 75 means the \
        network or Bing failed and a later try may work.
        """,
      options: options.map(\.spec), plumbingOptions: [daemonChild.spec]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    if invocation[daemonChild] { return runForDaemon(invocation, context) }
    let resources = try Resources(invocation, context, options: options)
    let showProgress = context.terminal.stderrIsTTY && !invocation.quiet && !invocation[json]
    var service = UpdateService(resources: resources, journal: resources.journal())
    service.progress = showProgress ? ProgressBar(output: context.stderr, width: context.terminal.width) : nil
    service.onWait = { pid in
      WaitingText.announce(pid, for: "update", quiet: invocation.quiet, context: context)
    }
    let configuration = resources.configuration
    if !invocation.quiet {
      for warning in configuration.warnings(ConfigSchema.markets.spec) {
        context.stderr.write("warning: \(warning)\n")
      }
    }
    let outcome = try service.run(
      .init(
        markets: configuration.markets, resolution: configuration.resolution, days: invocation[days],
        force: invocation[force], apply: !invocation[noApply]))
    let report = outcome.report
    if let warning = outcome.stateWarning { context.stderr.write("warning: \(warning)\n") }
    if !invocation.quiet {
      for substitution in report.substitutions {
        context.stderr.write(
          "warning: Bing served the \(substitution.served) picture for \(substitution.requested); "
            + "\(substitution.requested) has no picture of its own\n")
      }
    }
    if !invocation.quiet {
      for warning in report.warnings { context.stderr.write("warning: \(TerminalText.clean(warning))\n") }
    }
    // One line per distinct failure, with a count: eight pictures refused by an unwritable folder
    // say it once.
    for (line, count) in distinctLines(report.failures.map { TerminalText.clean("\($0.error)") }) {
      context.stderr.write("error: \(line)\(count > 1 ? " (\(count) times)" : "")\n")
    }
    if invocation[json] {
      context.stdout.write(
        json(report, applied: outcome.applied, retention: outcome.retention).rendered() + "\n")
    } else if !invocation.quiet {
      for line in skipLines(report.skipped) { context.stderr.write(line + "\n") }
      for picture in report.fetched {
        context.stdout.write(line(picture) + "\n")
      }
      if report.fetched.isEmpty, report.failures.isEmpty {
        context.stdout.write("Already up to date.\n")
      }
      if let applied = outcome.appliedLine { context.stdout.write(AppliedText.line(applied) + "\n") }
      if let line = retentionLine(outcome.retention) { context.stdout.write(line + "\n") }
    }
    if let error = outcome.retentionError {
      context.stderr.write(
        "warning: the retention policy was not applied: \(TerminalText.clean("\(error)"))\n")
    }
    for failure in outcome.retention?.undeletable ?? [] {
      context.stderr.write("warning: cannot delete \(TerminalText.clean(failure)); delete it by hand\n")
    }
    if let applied = outcome.appliedLine, let warning = AppliedText.warning(applied) {
      context.stderr.write("warning: \(warning)\n")
    }
    // After the list: the pictures are stored whatever the desktop did, and a user reading the
    // terminal should see what arrived before why it is not on screen.
    if let error = outcome.applyError { context.stderr.write("error: \(TerminalText.clean("\(error)"))\n") }
    if report.exitStatus != ExitCode.success { return report.exitStatus }
    if let error = outcome.applyError { return BingWall.exitStatus(for: error) }
    return ExitCode.success
  }

  /// The daemon's update: the same service and journal as a run by hand, the daemon's log lines
  /// on stdout, and no terminal output (no progress bar, no "waiting for" line, no config
  /// warnings: the daemon logged those when it started). The exit status is update's.
  static func runForDaemon(_ invocation: Invocation, _ context: Context) -> Int32 {
    do {
      let resources = try Resources(invocation, context, options: options)
      let configuration = resources.configuration
      let outcome = try UpdateService(resources: resources, journal: resources.journal()).run(
        .init(
          markets: configuration.markets, resolution: configuration.resolution, days: invocation[days],
          force: invocation[force], apply: !invocation[noApply]))
      for line in UpdateLogLines.lines(for: outcome) { context.stdout.write(line + "\n") }
      if outcome.report.exitStatus != ExitCode.success { return outcome.report.exitStatus }
      if let error = outcome.applyError { return BingWall.exitStatus(for: error) }
      return ExitCode.success
    } catch {
      context.stdout.write(UpdateLogLines.failed(error) + "\n")
      return BingWall.exitStatus(for: error)
    }
  }

  /// One line per picture skipped for a reason worth telling; entries Bing sent unusable (they
  /// have no key) one line per market, with a count and the first reason: a body of broken
  /// entries says so once, not once each.
  static func skipLines(_ skipped: [UpdateReport.Skip]) -> [String] {
    var lines: [String] = []
    var unusable: [(market: String, count: Int, first: String)] = []
    for skip in skipped where !skip.reason.hasPrefix("already stored") {
      guard skip.key.isEmpty else {
        lines.append(TerminalText.clean("skipped \(skip.key) (\(skip.market)): \(skip.reason)"))
        continue
      }
      if let index = unusable.firstIndex(where: { $0.market == skip.market }) {
        unusable[index].count += 1
      } else {
        unusable.append((skip.market, 1, skip.reason))
      }
    }
    for entry in unusable {
      let what = entry.count == 1 ? "a picture" : "\(entry.count) pictures"
      let first = entry.count == 1 ? "" : " (the first)"
      lines.append(TerminalText.clean("skipped \(what) (\(entry.market))\(first): \(entry.first)"))
    }
    return lines
  }

  /// Each distinct line once, in the order first seen, with how often it came.
  static func distinctLines(_ lines: [String]) -> [(String, Int)] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for line in lines {
      if counts[line] == nil { order.append(line) }
      counts[line, default: 0] += 1
    }
    return order.map { ($0, counts[$0] ?? 0) }
  }

  /// `2026-12-01  en-US  Title — Caption (© Credit)`, cleaned of control characters.
  static func line(_ picture: Picture) -> String {
    let title = picture.displayTitle
    var text = "\(picture.date)  \(picture.market)  \(title)"
    if title != picture.caption, !picture.caption.isEmpty { text += " — \(picture.caption)" }
    if !picture.credit.isEmpty { text += " (© \(picture.credit))" }
    return TerminalText.clean(text)
  }

  /// `Deleted 3 pictures (7.2 MB) by the retention policy.`, or nil when it deleted nothing.
  static func retentionLine(_ retention: Pruner.Outcome?) -> String? {
    guard let plan = retention?.plan, !plan.removed.isEmpty else { return nil }
    let count = plan.removed.count == 1 ? "1 picture" : "\(plan.removed.count) pictures"
    return "Deleted \(count) (\(HumanUnits.describe(bytes: plan.removedBytes))) by the retention policy."
  }

  static func json(_ report: UpdateReport, applied: Picture?, retention: Pruner.Outcome? = nil) -> JSONOutput
  {
    .object([
      ("fetched", .array(report.fetched.map(\.json))),
      (
        "skipped",
        .array(
          report.skipped.map {
            .object([
              ("key", .string($0.key)), ("market", .string($0.market)), ("date", .string($0.date)),
              ("reason", .string($0.reason)),
            ])
          })
      ),
      ("applied", applied?.json ?? .null),
      (
        "market_served",
        .array(
          report.substitutions.map {
            .object([("requested", .string($0.requested)), ("served", .string($0.served))])
          })
      ),
      ("errors", .array(report.failures.map { .string("\($0.error)") })),
      ("warnings", .array(report.warnings.map(JSONOutput.string))),
      ("pruned", PruneCommand.json(retention?.plan.removed ?? [])),
    ])
  }
}
