import BingWallBing
import BingWallDesktop
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall update` and the daemon's update, whole: the conditions (metered, battery) → each
/// market's archive asked for while the history opens → the lock → stories asked for → the plan
/// (what each key needs, asked of the history once) → appearances of stored pictures → downloads
/// and ingests → portrait files → stories stored → scheduler state → apply and notify if the
/// newest picture is new → retention.
///
/// Holds the update lock until the scheduler state is written, so two updates (cron and the
/// daemon) never download the same picture twice: the second waits, then finds everything
/// stored. The scheduler state is written through the journal alone, also when the update
/// throws, so `status` and the daemon always agree on the next update.
package struct Update {
  package struct Request {
    var markets: [Market]
    var resolution: Resolution
    /// Only the newest N days of each market's window; nil for all eight.
    var days: Int?
    var force: Bool
    var apply: ApplyChoice

    package init(markets: [Market], resolution: Resolution, days: Int?, force: Bool, apply: ApplyChoice) {
      self.markets = markets
      self.resolution = resolution
      self.days = days
      self.force = force
      self.apply = apply
    }
  }

  /// Whether the update sets the newest picture.
  package enum ApplyChoice: Sendable, Equatable {
    /// `--no-apply`: store only.
    case never
    /// The default (with config `apply_on_update`): set the newest picture when it is new, or
    /// still waits to be set (stored by an update that could not set it, and no picture set
    /// since). Outside a desktop session that is no failure: the pictures are stored, and the
    /// update says none was set (`.notApplied`), on every run alike until one can be.
    case whenPossible
    /// `--apply`: set the newest picture, new or not, and fail where it cannot be set.
    case required
  }

  /// Everything one update did, in the order it happened.
  package struct Outcome: Sendable {
    package var events: [UpdateEvent]
    /// The image folder, when this update stored the history's first pictures: a newcomer's
    /// first run, which ends by naming the next step.
    package var firstPicturesIn: String? = nil
  }

  let resources: Resources
  let journal: SchedulerJournal
  package var progress: (any DownloadProgress)?
  /// Told when the run must wait for another update to finish, with its pid when known.
  package var onWait: (Int32?) -> Void = { _ in }

  package init(resources: Resources, journal: SchedulerJournal) {
    self.resources = resources
    self.journal = journal
  }

  private var context: Context { resources.context }

  package func run(_ request: Request) throws -> Outcome {
    if request.force { context.trace("conditions: not checked (--force)") }
    if !request.force, let held = heldBack() { return Outcome(events: [.held(held)]) }
    let store: HistoryStore
    var events: [UpdateEvent]
    var wasEmpty = false
    do {
      // One client for the archive and every picture of this update.
      let http = try resources.http()
      let configuration = resources.configuration
      // The whole update's time limit, whatever a server does: the archive's attempts and every
      // picture's attempts end by then, and a stalled transfer (below 1 KiB/s for `timeout`
      // seconds) long before. On the context's monotonic clock, which no wall-clock step moves.
      let limits = configuration.networkLimits
      let deadline = limits.updateDeadline(clock: context.clock)
      let client = BingClient(
        http: http, endpoint: configuration.endpoint, limits: limits.requests(deadline: deadline))
      // The archives are asked for (and libcurl loaded, about 10 ms) while the history opens
      // and the lock is taken: the first answer is a round trip away, and that work needs none
      // of it. A GET changes nothing, so asking before the lock (or for a history that then
      // cannot open) is harmless.
      let markets = request.markets.uniqued()
      let context = self.context
      let givenUp = CancellationFlag()
      let archives = Overlapped {
        markets.map { market in
          (
            market,
            Result {
              try Self.fetch(market, with: client, deadline: deadline, context: context, givenUp: givenUp)
            }
          )
        }
      }
      // On an error (no history, no lock) the requests are not retried, and the one in flight
      // is waited for, so the work never outlives this call; on success both are no-ops.
      defer { _ = archives.value() }
      defer { givenUp.cancel() }
      store = try resources.history()
      let lock = try resources.historyLock(onWait: onWait)
      defer { lock.release() }
      wasEmpty = try store.pictures(.init(limit: 1)).isEmpty
      // Marked once this update holds the lock and starts its work; `record` takes the mark
      // away. A mark whose process is gone is an update stopped midway (Ctrl-C, a kill): what
      // `status` calls interrupted. Not saved, the update runs all the same.
      try? journal.recordUpdateStart(at: context.clock.now())
      // The pictures' time limit starts once the lock is held: an update that waited for
      // another one must not find its own limit spent on the wait.
      let listed = archives.value()
      let pictureDeadline = limits.updateDeadline(clock: context.clock)
      let stories = startStories(archives: listed, store: store, http: http, deadline: pictureDeadline)
      // Waited for on every path, so the request never outlives the update.
      defer { _ = stories?.results.value() }
      events = try fetchAndStore(
        request, archives: listed, into: store, http: http, deadline: pictureDeadline)
      events += finishStories(stories, store: store)
      let firstFailure = events.lazy.compactMap { event -> String? in
        if case .failed(let failure) = event { return TerminalText.clean("\(failure.error)") }
        return nil
      }.first
      if let warning = record(error: firstFailure) { events.append(.stateNotSaved(warning)) }
    } catch {
      _ = record(error: TerminalText.clean("\(error)"))
      throw error
    }
    let applied = try applyNewest(request, store: store, fetched: events.fetched)
    if let applied { events.append(applied) }
    // Not asked to set anything (`--no-apply`), the update leaves the wait as it was: the picture
    // still waits for the next update inside the session.
    if Self.asksToApply(request, configuration: resources.configuration),
      let warning = recordWallpaper(applied)
    {
      events.append(.stateNotSaved(warning))
    }
    // After the apply, so the picture just set is the current wallpaper that retention keeps.
    let policy = resources.configuration.retentionPolicy(now: context.clock.now())
    if !policy.isEmpty {
      do {
        let lock = try resources.historyLock(onWait: onWait)
        defer { lock.release() }
        events.append(.pruned(try Prune(resources: resources).apply(policy, to: store, dryRun: false)))
      } catch {
        events.append(.pruneFailed(error))
      }
    }
    let first = wasEmpty && !events.fetched.isEmpty
    return Outcome(events: events, firstPicturesIn: first ? resources.imageFolder.path : nil)
  }

  /// Why the conditions hold this update back (a metered connection, a low battery), recorded
  /// in the journal so `status` shows it and the daemon tries again when they change; nil when
  /// it may run.
  private func heldBack() -> ConditionSkip? {
    let conditions = UpdateConditions(resources.configuration)
    guard conditions.asksNetwork || conditions.asksPower else {
      for line in conditions.traceLines(nil) { context.trace(line) }
      return nil
    }
    let now = context.conditions(conditions.asksNetwork, conditions.asksPower)
    for line in conditions.traceLines(now) { context.trace(line) }
    guard let held = conditions.hold(now) else { return nil }
    // Not saved: the skip stands all the same, and nothing else depends on it.
    _ = try? journal.recordSkip(at: context.clock.now(), reason: held.reason)
    return held
  }

  /// Sets the newest picture when the request asks for it (`ApplyChoice`): `.applied`,
  /// `.notApplied` (no desktop session here), `.applyFailed`, or nil when there is nothing to set.
  private func applyNewest(_ request: Request, store: HistoryStore, fetched: [Picture]) throws -> UpdateEvent?
  {
    let configuration = resources.configuration
    guard Self.asksToApply(request, configuration: configuration),
      let newest = try store.pictures(.init(limit: 1)).first, !newest.banned
    else { return nil }
    // Only a new newest picture, or one still waiting to be set, is applied: an hourly update
    // must not undo the user's choice; nor one a `ban` marked while this update ran.
    if request.apply == .whenPossible, !fetched.contains(where: { $0.id == newest.id }),
      try !Self.waitsToBeSet(newest, store: store)
    {
      return nil
    }
    do {
      var applied = try Apply.picture(newest, store: store, reason: .update, resources: resources)
      applied.picture = try store.picture(id: newest.id) ?? newest
      if configuration[ConfigSchema.notify] {
        Notifier(session: resources.desktopSession).announce(
          title: newest.displayTitle,
          body: [newest.caption, newest.credit].filter { !$0.isEmpty }.joined(separator: " — "),
          picture: newest.path)
      }
      return .applied(applied)
    } catch let error as DesktopError where error.isOutsideSession && request.apply == .whenPossible {
      return .notApplied(error)
    } catch let error as DesktopError where request.apply == .whenPossible {
      // A tool that failed on a local X display whose server is gone (a cron line carrying the
      // DISPLAY of a session since logged out): no session here, so the picture waits quietly.
      guard let gone = resources.desktopSession.goneDisplay else { return .applyFailed(error) }
      return .notApplied(.sessionMissing(backend: "x11", what: gone))
    } catch {
      return .applyFailed(error)
    }
  }

  /// Whether `newest` was stored but never set, and no picture was set after it arrived: an
  /// update outside the desktop session stored it, and the next update that can sets it.
  static func waitsToBeSet(_ newest: Picture, store: HistoryStore) throws(StoreError) -> Bool {
    guard newest.appliedCount == 0 else { return false }
    guard let last = try store.lastApplyTime() else { return true }
    // Both are stored to the second. The same second counts as after.
    return last < newest.addedAt
  }

  /// Whether this update sets the newest picture at all: `--apply`, or by default unless
  /// `apply_on_update = false`.
  static func asksToApply(_ request: Request, configuration: Configuration) -> Bool {
    request.apply == .required
      || (request.apply == .whenPossible && configuration[ConfigSchema.applyOnUpdate])
  }

  /// Records whether the update left the newest picture unset for want of a desktop session, so
  /// `status` says so until an update sets it (or finds nothing waiting).
  private func recordWallpaper(_ event: UpdateEvent?) -> String? {
    let notSet: String?
    switch event {
    case .notApplied(let error): notSet = error.description
    case .applied, nil: notSet = nil
    default: return nil  // a failure is told by the command; the state keeps its last word
    }
    do {
      try journal.recordWallpaper(notSet: notSet)
      return nil
    } catch {
      return "cannot save the update's result in \(journal.file.path): \(error)"
    }
  }

  /// Records the end of the attempt; returns a warning when the state could not be saved.
  private func record(error: String?) -> String? {
    do {
      try journal.recordUpdate(at: context.clock.now(), error: error)
      return nil
    } catch {
      return "cannot save the update's result in \(journal.file.path): \(error)"
    }
  }

  /// The archive of each market, then the new pictures downloaded and ingested, and the
  /// appearances of pictures already stored.
  private func fetchAndStore(
    _ request: Request, archives: [(market: Market, response: Result<ArchiveResponse, any Error>)],
    into store: HistoryStore, http: any HTTPClient, deadline: ContinuousClock.Instant
  ) throws -> [UpdateEvent] {
    let images = resources.imageFolder
    try images.ensure()
    images.removeAbandonedFiles()
    let configuration = resources.configuration
    var substitutions: [UpdateEvent] = []
    var warnings: [UpdateEvent] = []
    var failures: [UpdateEvent] = []
    var skips: [UpdateEvent] = []
    var fetched: [Picture] = []
    var plans: [DownloadPlan] = []
    var known: [String: Int] = [:]  // key → index in plans
    var appearancesOnly: [(pictureID: Int64, appearance: Appearance)] = []
    // What the history holds of each key, asked once per key (not per market it appeared in).
    var stored: [String: HistoryStore.KeyState] = [:]
    func state(of key: String) throws -> HistoryStore.KeyState {
      if request.force { return .new }
      if let known = stored[key] { return known }
      let state = try store.state(ofKey: key)
      stored[key] = state
      return state
    }
    // Every picture of the window the history keeps, once, for its portrait file.
    var shown: [ArchiveImage] = []
    var shownKeys: Set<String> = []

    for (market, result) in archives {
      let response: ArchiveResponse
      do {
        response = try result.get()
      } catch {
        failures.append(
          .failed(
            .init(
              what: market.code, error: UntrustedCertificateError.advised(error),
              temporary: Self.isTemporary(error))))
        continue
      }
      if response.marketSubstituted, let served = response.servedMarket {
        substitutions.append(.substituted(requested: market, served: Market(stored: served)))
      }
      if response.ignoredEntries > 0 {
        warnings.append(
          .warning(
            "Bing listed \(response.images.count + response.skipped.count + response.ignoredEntries) pictures "
              + "for \(market) where \(ArchiveRequest.imageCount) were asked for; the rest were ignored"))
      }
      for skipped in response.skipped {
        skips.append(.skipped(.init(key: nil, market: market, date: nil, reason: .unusableEntry(skipped))))
      }
      let window = request.days.map { Array(response.images.prefix($0)) } ?? response.images
      for image in window {
        let appearance = Appearance(image, market: market, served: response.servedMarket)
        if shownKeys.insert(image.key).inserted { shown.append(image) }
        if let index = known[image.key] {
          plans[index].appearances.append(appearance)
          continue
        }
        switch try state(of: image.key) {
        case .pruned:
          skips.append(
            .skipped(.init(key: image.key, market: market, date: appearance.date, reason: .pruned)))
        case .stored(let newestID):
          appearancesOnly.append((newestID, appearance))
          skips.append(
            .skipped(.init(key: image.key, market: market, date: appearance.date, reason: .alreadyStored)))
        case .new:
          known[image.key] = plans.count
          plans.append(
            DownloadPlan(image: image, appearances: [appearance], preferred: request.resolution))
        }
      }
    }

    let now = context.clock.now()
    if !appearancesOnly.isEmpty {
      try store.write {
        for (id, appearance) in appearancesOnly {
          _ = try store.record(appearance, pictureID: id, at: now)
        }
      }
    }

    var downloader = PictureDownloader(
      http: http, store: store, images: images, endpoint: configuration.endpoint,
      timeout: configuration.networkLimits.requestTimeout, progress: progress, now: now)
    downloader.deadline = deadline
    for outcome in downloader.download(plans) {
      let key = outcome.plan.image.key
      switch outcome.result {
      case .stored(let id):
        if let picture = try store.picture(id: id) {
          fetched.append(picture)
          context.trace("picture: wrote \(picture.path)")
        }
      case .identical:
        skips += outcome.plan.skips(.identicalFile).map(UpdateEvent.skipped)
      case .skipped(let reason):
        skips += outcome.plan.skips(reason).map(UpdateEvent.skipped)
      case .failed(let error, let temporary):
        failures.append(.failed(.init(what: key, error: error, temporary: temporary)))
      }
    }
    fetched.sort { ($0.date, $0.id) > ($1.date, $1.id) }
    let portraits = portraitEvents(
      of: shown, force: request.force, store: store, http: http, deadline: deadline, now: now)
    let upToDate: [UpdateEvent] = fetched.isEmpty && failures.isEmpty ? [.upToDate] : []
    return substitutions + warnings + failures + skips + fetched.map(UpdateEvent.fetched) + portraits
      + upToDate
  }

  /// The archive request, through the one retry loop (`RetryLoop`) as the picture downloads
  /// are: up to three tries with backoff and jitter when the failure is temporary, no retry that
  /// could only start after `deadline` (the update's time limit), and none for the time limit
  /// itself. Gives up between attempts once `givenUp` is set: the caller failed and will not
  /// read it.
  private static func fetch(
    _ market: Market, with client: BingClient, deadline: ContinuousClock.Instant, context: Context,
    givenUp: CancellationFlag
  ) throws -> ArchiveResponse {
    var retries = RetryLoop(policy: .standard, deadline: deadline)
    return try retries.run(clock: context.clock, random: context.random, givenUp: { givenUp.isCancelled }) {
      try client.archive(market: market.code)
    }
  }

  /// Whether a later update could succeed where `error` failed (`TemporaryFailure`).
  static func isTemporary(_ error: any Error) -> Bool {
    (error as? any TemporaryFailure)?.isTemporary ?? false
  }
}
