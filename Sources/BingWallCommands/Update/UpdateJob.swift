import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// What `update` and the daemon share: fetch, store, apply a new newest picture, remember the
/// result for the scheduler and `status`.
struct UpdateJob {
  struct Outcome {
    var report: UpdateReport
    var applied: Picture?
    /// "Applied … with gnome", for the terminal or the daemon's log.
    var appliedLine: String?
    var applyError: (any Error)?
  }

  let environment: CommandEnvironment
  var progress: (any DownloadProgress)?
  var onWait: (Int32?) -> Void = { _ in }

  init(environment: CommandEnvironment) {
    self.environment = environment
  }

  func run(days: Int?, force: Bool, apply: Bool) throws -> Outcome {
    let context = environment.context
    let configuration = environment.configuration
    let store = try environment.history()
    var updater = PictureUpdater(
      context: context, configuration: configuration, store: store, images: environment.imageFolder)
    updater.progress = progress
    updater.onWait = onWait
    let report = try updater.run(
      .init(markets: configuration.markets, resolution: configuration.resolution, days: days, force: force))
    var outcome = Outcome(report: report)
    // The scheduler's notes are not the history: a state file that cannot be written (a full
    // disk) is reported, and the update still counts.
    let recorded = try? StateFile(stateDir: context.paths.stateDir).change { state in
      let now = context.clock.now()
      if report.failures.isEmpty {
        var generator = SystemRandomNumberGenerator()
        state.recordUpdateSuccess(at: now, jitter: .random(using: &generator))
      } else {
        let error = TerminalText.clean("\(report.failures[0].error)")
        state.recordUpdateFailure(at: now, error: error, backoffShare: Double.random(in: 0...1))
      }
    }
    if recorded == nil {
      context.stderr.write("warning: cannot save the update's result in \(context.paths.stateDir)\n")
    }
    // Only a new newest picture is applied: an hourly update must not undo the user's choice.
    guard apply, configuration.applyOnUpdate, let newest = try store.pictures(.init(limit: 1)).first,
      report.fetched.contains(where: { $0.id == newest.id })
    else { return outcome }
    do {
      outcome.appliedLine = try environment.apply(newest, store: store, reason: "update")
      outcome.applied = try store.picture(id: newest.id)
      if configuration.notify {
        Notifier(session: environment.desktopSession).announce(
          title: ListCommand.displayTitle(newest),
          body: [newest.caption, newest.credit].filter { !$0.isEmpty }
            .joined(separator: " — "), picture: newest.path)
      }
    } catch {
      outcome.applyError = error
    }
    return outcome
  }
}
