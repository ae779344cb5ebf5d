import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// `bingwall update`: fetch Bing's window for each market and store every new picture.
enum UpdateCommand: CommandDefinition {
  static let markets = CommonOptions.market
    .repeated(help: "A Bing market to fetch (default: config 'markets').").overriding(ConfigSchema.markets)
  static let sources = CommonOptions.source
    .repeated(help: "A source to fetch from (default: config 'sources', bing).").overriding(
      ConfigSchema.sources)
  static let resolution = Option<Resolution>(
    "resolution", short: "r", name: "resolution", kind: .choice(Resolution.known),
    help: "Picture size to download; UHD falls back to 1920x1080.", default: "config 'resolution', UHD"
  ).overriding(ConfigSchema.resolution)
  static let days = Option<Int>(
    "days", name: "n", kind: .integer(minimum: 1, maximum: 8),
    help: "Only the newest n days of each market's window.")
  static let force = Flag(
    "force",
    help: "Download pictures again even when they are stored; also on a metered connection or low battery.")
  static let noApply = Flag(
    "no-apply", help: "Store new pictures without setting the wallpaper (config apply_on_update).")
  static let apply = Flag(
    "apply",
    help: "Set the newest picture, new or not; fail (exit 69) where no desktop session can show it.")
  static let json = CommonOptions.json
  static let options: [any OptionHandle] = [sources, markets, resolution, days, force, apply, noApply, json]
  /// Plumbing: the daemon runs its updates as `bingwall update --daemon-child` and logs what the
  /// child prints (see `UpdateLogLines`, `DaemonUpdateChild`). Not in help or completions.
  static let daemonChild = Flag(
    "daemon-child", help: "Print the daemon's log lines on stdout instead of the terminal output.")
  /// Plumbing: where the daemon's child writes its outcome (`UpdateChildOutcome`), the record
  /// the daemon reads instead of the lines it prints.
  static let outcomeFile = Option<String>(
    "outcome-file", name: "file", kind: .file, help: "Write the update's outcome there as one JSON line.")

  static let spec = CommandSpec(
    name: "update", abstract: "Fetch the newest pictures of the day and store the new ones.",
    discussion: """
      Asks Bing for the pictures of the last 8 days in each of your markets (about 15 days on a \
      market's first update and after more than a week away), downloads the ones you do not have, and sets the newest as the wallpaper (unless --no-apply). Outside a \
      desktop session the pictures are stored, one line says none was set, and the exit status \
      is 0; the next update in the session sets it. Days the machine was off are filled in. On a metered connection or a low battery it waits for a better time, \
      unless --force. With other sources on ('bingwall sources'), each is asked once it has \
      published again, and one that fails is a warning. Exit status 75 means Bing, a source or \
      the network failed and a later try may work; 'man bingwall-update' tells the details.
      """,
    reference: """
      One request per market for Bing's last 8 days; on a market's first update, and when more \
      days were missed than those 8 cover, a second one for the 7 days before them (Bing's \
      archive reaches about 15 days back), whose failure alone is a warning. Every picture not \
      stored yet is \
      downloaded (in parallel), checked to be a whole JPEG, and recorded with its title, \
      caption and credit. Days the machine was off are filled in. While a screen of the \
      session is taller than wide, Bing's portrait file of each picture (_1080x1920) is \
      fetched once too, with the same checks, and kept beside it for that screen. Bing's \
      story of each picture (headline, description, quick fact) is fetched beside the archive \
      (network.story). On a metered connection (network.on_metered) or on battery below \
      power.min_battery, as NetworkManager and UPower tell over the system bus, the update is \
      skipped with one line and exit status 0. Outside a desktop session (no display, or no \
      session bus where the backend needs one) the pictures are stored, one line says no \
      wallpaper was set and how to set one, and the exit status is 0; the next update inside \
      the session sets the picture that waits, unless another was set since. --apply asks for \
      the newest picture outright, and fails with exit status 69 where it cannot be set. The \
      other sources of config 'sources' (or --source) are asked at the same moment as Bing: each \
      once it has published again (APOD after 00:05 in New York, Wikimedia after 00:00 UTC, \
      Spotlight and Earth Observatory a day after their last answer), every one named with \
      --source or under --force at once. Their new pictures are checked as Bing's are (a PNG is \
      kept as a JPEG) and stored with their source, credit and licence. One source failing is \
      one warning naming it; the others' pictures are stored. Exit status 0 when every source \
      gave what it had (a video day too), 75 when every failure, of Bing or a source, may pass \
      with a later try, 1 otherwise.
      """,
    options: options.map(\.spec), plumbingOptions: [daemonChild.spec, outcomeFile.spec],
    examples: [
      CommandExample("update", "Fetch what is new and set today's picture"),
      CommandExample(
        "update --no-apply --quiet", "Fetch quietly and leave the wallpaper alone, as from cron"),
      CommandExample(
        "update --source apod --source wikimedia", "Fetch NASA's and Wikimedia's pictures of the day"),
      CommandExample("update --apply", "Fetch, then set the newest picture, or fail where none can be set"),
    ])

  /// One pipeline for both audiences: by hand, the terminal's output (and a progress bar on a
  /// terminal); as the daemon's child (`--daemon-child`), the daemon's log lines on stdout and
  /// no terminal output (no progress bar, no "waiting for" line, no config warnings: the daemon
  /// logged those when it started). The exit status is the same.
  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let forDaemon = invocation[daemonChild]
    if !forDaemon {
      // The pictures go in whole or not at all (an unnamed file until checked, one transaction
      // each), so a Ctrl-C loses only what was in flight: say so, over the progress bar.
      context.onInterrupt(
        Diagnostic.line(.error, "interrupted; nothing half-written was kept"), context.terminal.stderrIsTTY)
    }
    let outcome: Update.Outcome
    do {
      outcome = try update(invocation, context, forDaemon: forDaemon)
    } catch  where forDaemon {
      context.stdout.write(UpdateLogLines.failed(error) + "\n")
      report(UpdateChildOutcome(failure: UpdateFailureRecord(error)), invocation, context)
      return BingWall.exitStatus(for: error)
    }
    let events = outcome.events
    if forDaemon {
      report(UpdateChildOutcome(failure: outcome.failure), invocation, context)
      for line in UpdateLogLines.lines(for: events) { context.stdout.write(line + "\n") }
    } else {
      UpdateText.write(
        events, quiet: invocation.quiet, json: invocation[json], verbose: invocation.verbose, context: context
      )
      if invocation[json] { context.stdout.write(UpdateJSON.render(events).rendered() + "\n") }
      // The next step is for a newcomer at a terminal: autostart is asked only there.
      if !invocation.quiet, !invocation[json], context.terminal.stdoutIsTTY,
        let folder = outcome.firstPicturesIn
      {
        let autostartIsOn = Autostart(context: context).status(nil).contains(where: \.enabled)
        NextStepText.write(picturesIn: folder, autostartIsOn: autostartIsOn, to: context.stdout)
      }
    }
    if events.exitStatus != ExitCode.success { return events.exitStatus }
    if let error = events.applyError { return BingWall.exitStatus(for: error) }
    return ExitCode.success
  }

  /// Writes the outcome where `--outcome-file` says, for the daemon; a file it cannot write is
  /// said on stdout, which the daemon logs (it then records from the exit status).
  private static func report(_ outcome: UpdateChildOutcome, _ invocation: Invocation, _ context: Context) {
    guard let file = invocation[outcomeFile] else { return }
    do {
      try outcome.write(to: file)
    } catch {
      context.stdout.write(Diagnostic.line(.warning, "cannot report the update's outcome: \(error)") + "\n")
    }
  }

  private static func update(_ invocation: Invocation, _ context: Context, forDaemon: Bool) throws
    -> Update.Outcome
  {
    let resources = try Resources(invocation, context, options: options, saysIgnoredLines: !forDaemon)
    var service = Update(resources: resources, journal: resources.journal())
    service.notifies = !forDaemon
    let configuration = resources.configuration
    if !forDaemon {
      let quiet = invocation.quiet
      if context.terminal.stderrIsTTY, !quiet, !invocation[json] {
        service.progress = ProgressBar(output: context.stderr, width: context.terminal.width)
      }
      service.onWait = { pid in WaitingText.announce(pid, for: "update", quiet: quiet, context: context) }
    }
    return try service.run(
      .init(
        configuration, namedSources: sources.given(in: invocation) != nil, days: invocation[days],
        force: invocation[force], apply: try applyChoice(invocation))
    )
  }

  /// `--apply`, `--no-apply`, or neither: set the newest picture where a desktop is.
  static func applyChoice(_ invocation: Invocation) throws -> Update.ApplyChoice {
    switch (invocation[apply], invocation[noApply]) {
    case (true, true): throw UsageError("give --apply or --no-apply, not both", path: ["update"])
    case (true, false): return .required
    case (false, true): return .never
    case (false, false): return .whenPossible
    }
  }
}
