import BingWallBing
import BingWallDesktop
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall update` and the daemon's update, whole: the conditions (metered, battery) → each
/// market's archive, and every other source that is due (`Update+Sources`), asked for while the
/// history opens → the lock → the archive's older page of a
/// market seen for the first time or after a long gap → stories asked for → the plan
/// (what each key needs, asked of the history once) → appearances of stored pictures → downloads
/// and ingests → portrait files → stories stored → the other sources' pictures stored →
/// scheduler state → apply and notify if the newest picture is new → retention.
///
/// Holds the update lock until the scheduler state is written, so two updates (cron and the
/// daemon) never download the same picture twice: the second waits, then finds everything
/// stored. The scheduler state is written through the journal alone, also when the update
/// throws, so `status` and the daemon always agree on the next update.
package struct Update {
  package struct Request {
    /// Bing's and the other sources asked, in the configuration's order (or `--source`'s).
    var sources: [Source]
    var markets: [Market]
    var resolution: Resolution
    /// Only the newest N days of each market's window; nil for all it has.
    var days: Int?
    var force: Bool
    var apply: ApplyChoice

    /// Ask every source, also one whose next picture is not out yet (its plug-in's `nextFetch`): the
    /// person named them (`--source`), or `--force`.
    var askEvenIfFresh: Bool

    /// The configured sources, markets and size, with the command's choices. `namedSources`:
    /// the sources came from `--source`, so each is asked now whatever its schedule.
    package init(
      _ configuration: Configuration, namedSources: Bool = false, days: Int?, force: Bool, apply: ApplyChoice
    ) {
      sources = configuration[ConfigSchema.sources].uniqued()
      askEvenIfFresh = namedSources || force
      markets = configuration[ConfigSchema.markets]
      resolution = configuration[ConfigSchema.resolution]
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
    /// Why the update failed, as the journal recorded it; nil when it did not.
    package var failure: UpdateFailureRecord? = nil
  }

  let resources: Resources
  let journal: SchedulerJournal
  package var progress: (any DownloadProgress)?
  /// Whether a new picture set is announced (`daemon.notify`): not by the daemon's child, since
  /// the daemon announces it itself, with the buttons it stays to answer.
  package var notifies = true
  /// Told when the run must wait for another update to finish, with its pid when known.
  package var onWait: (Int32?) -> Void = { _ in }

  package init(resources: Resources, journal: SchedulerJournal) {
    self.resources = resources
    self.journal = journal
  }

  var context: Context { resources.context }

  package func run(_ request: Request) throws -> Outcome {
    if request.force { context.trace("conditions: not checked (--force)") }
    if !request.force, let held = heldBack() { return Outcome(events: [.held(held)]) }
    let stored: Stored
    do {
      stored = try fetchAndStoreEverySource(request)
    } catch {
      _ = record(UpdateFailureRecord(error))
      throw error
    }
    var events = stored.events
    events += try setNewest(request, store: stored.store, fetched: events.fetched)
    if let pruned = retention(store: stored.store) { events.append(pruned) }
    let first = stored.wasEmpty && !events.fetched.isEmpty
    return Outcome(
      events: events, firstPicturesIn: first ? resources.imageFolder.path : nil, failure: stored.failure)
  }

  /// What the fetching stages left: the history, what happened, whether the history was empty
  /// before (a newcomer's first update), and the failure the journal recorded.
  private struct Stored {
    var store: HistoryStore
    var events: [UpdateEvent]
    var wasEmpty: Bool
    var failure: UpdateFailureRecord?
  }

  /// The fetching stages, the update lock held from the history on: Bing's archives and every
  /// due source asked at once → the lock → Bing's older pages and stories → Bing's plan,
  /// downloads and ingests → the sources' pictures (fetched as each answered) stored → the
  /// journal's record of the attempt.
  private func fetchAndStoreEverySource(_ request: Request) throws -> Stored {
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
    let markets = request.sources.contains(.bing) ? request.markets.uniqued() : []
    let context = self.context
    // The other sources are asked at the same moment, each on a thread of its own.
    let sourceAnswers = Self.askSources(
      sourceClients(dueSources(request), http: http, deadline: deadline), at: context.clock.now(),
      downloads: EarlySourceDownloads(
        http: http, images: resources.imageFolder,
        limits: RequestLimits(timeout: limits.requestTimeout, deadline: deadline),
        databaseFile: context.paths.databaseFile, force: request.force,
        today: LocalTime(environment: context.environment).fields(of: context.clock.now()).day))
    defer { _ = sourceAnswers?.value() }
    let givenUp = CancellationFlag()
    // No history at all (a newcomer's first update): every market's older page is wanted, and
    // is asked for beside the recent one, in the same round trip.
    let bothPages =
      Self.reachesOlderPage(days: request.days) && access(context.paths.databaseFile, F_OK) != 0
    let archives = Overlapped {
      markets.map { market in
        Self.fetchArchive(
          market, bothPages: bothPages, with: client, deadline: deadline, context: context, givenUp: givenUp
        )
      }
    }
    // On an error (no history, no lock) the requests are not retried, and the one in flight
    // is waited for, so the work never outlives this call; on success both are no-ops.
    defer { _ = archives.value() }
    defer { givenUp.cancel() }
    let store = try resources.history()
    let lock = try resources.historyLock(onWait: onWait)
    defer { lock.release() }
    let wasEmpty = try store.pictures(.init(limit: 1)).isEmpty
    // Marked once this update holds the lock and starts its work; `record` takes the mark
    // away. A mark whose process is gone is an update stopped midway (Ctrl-C, a kill): what
    // `status` calls interrupted. Not saved, the update runs all the same.
    try? journal.recordUpdateStart(at: context.clock.now())
    // The pictures' time limit starts once the lock is held: an update that waited for
    // another one must not find its own limit spent on the wait.
    let pictureDeadline = limits.updateDeadline(clock: context.clock)
    let recent = archives.value()
    // libvips (about 25 ms to load) is opened while the pictures download rather than after,
    // when this update may decode one: a PNG from a source beside Bing's is made a JPEG as it is
    // kept, and a picture set is cut to each screen. Not before the first answers: loading holds
    // the dynamic loader's lock, which the requests' first steps (libcurl's and the resolver's
    // modules) wait for.
    let imageLibrary = Self.mayDecode(request, configuration: configuration) ? ImageLibrary.openAhead() : nil
    defer { _ = imageLibrary?.value() }
    // Before the stories start: the older pages ride on the connection that brought the
    // recent ones, and the story (on a thread of its own) then joins the pictures' connection.
    let listed = try withOlderPages(
      recent, days: request.days, store: store,
      client: BingClient(
        http: http, endpoint: configuration.endpoint, limits: limits.requests(deadline: pictureDeadline)),
      deadline: pictureDeadline)
    let stories = startStories(
      archives: listed.map { (market: $0.market, response: $0.recent) }, store: store, http: http,
      deadline: pictureDeadline)
    // Waited for on every path, so the request never outlives the update.
    defer { _ = stories?.results.value() }
    let bing = try fetchAndStore(
      request, archives: listed, into: store, http: http, deadline: pictureDeadline)
    var events = bing.events + finishStories(stories, store: store)
    let others = try storeSourcePictures(
      sourceAnswers?.value() ?? [], force: request.force, into: store, http: http, deadline: pictureDeadline,
      now: context.clock.now())
    events += others.events
    events += portraitEvents(
      bing.portraits + others.portraits, force: request.force, store: store, http: http,
      deadline: pictureDeadline, now: context.clock.now())
    let failure = Self.firstFailure(in: events)
    if failure == nil, events.fetched.isEmpty { events.append(.upToDate) }
    if let notSaved = record(failure) { events.append(.stateNotSaved(notSaved)) }
    return Stored(store: store, events: events, wasEmpty: wasEmpty, failure: failure)
  }

  /// The first failure among `events`, as the journal records it.
  static func firstFailure(in events: [UpdateEvent]) -> UpdateFailureRecord? {
    events.lazy.compactMap { event -> UpdateFailureRecord? in
      switch event {
      case .failed(let failure): UpdateFailureRecord(failure.error, temporary: failure.temporary)
      case .sourceFailed(let source, let error, let temporary):
        UpdateFailureRecord(error, source: source, temporary: temporary)
      default: nil
      }
    }.first
  }

  /// Sets the newest picture when it is new (`ApplyChoice`), runs the hook for new pictures, and
  /// records whether the newest still waits to be set.
  private func setNewest(_ request: Request, store: HistoryStore, fetched: [Picture]) throws -> [UpdateEvent]
  {
    var events: [UpdateEvent] = []
    let applied = try applyNewest(request, store: store, fetched: fetched)
    if let applied { events.append(applied) }
    // After the apply, so a hook for new pictures finds the newest already on screen.
    Hook(resources: resources).stored(fetched)
    // Not asked to set anything (`--no-apply`), the update leaves the wait as it was: the picture
    // still waits for the next update inside the session.
    if Self.asksToApply(request, configuration: resources.configuration),
      let notSaved = recordWallpaper(applied)
    {
      events.append(.stateNotSaved(notSaved))
    }
    return events
  }

  /// The retention policy applied, after the apply, so the picture just set is the current
  /// wallpaper that retention keeps; nil when no policy is set.
  private func retention(store: HistoryStore) -> UpdateEvent? {
    let policy = resources.configuration.retentionPolicy(now: context.clock.now())
    guard !policy.isEmpty else { return nil }
    do {
      let lock = try resources.historyLock(onWait: onWait)
      defer { lock.release() }
      return .pruned(try Prune(resources: resources).apply(policy, to: store, dryRun: false))
    } catch {
      return .pruneFailed(error)
    }
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
      let newest = try store.newest(sources: request.sources, at: context.clock.now()), !newest.banned
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
      applied.picture = try store.picture(id: newest.rowID) ?? newest
      if notifies, configuration[ConfigSchema.notify] {
        Notifier(session: resources.desktopSession).announce(
          title: newest.displayTitle,
          body: [newest.caption, newest.credit].filter { !$0.isEmpty }.joined(separator: " — "),
          picture: newest.path)
      }
      return .applied(applied)
    } catch let error as DesktopError where error.isOutsideSession && request.apply == .whenPossible {
      return .notApplied(error)
    } catch let error as DesktopError where request.apply == .whenPossible {
      // A tool that failed on a local X display whose server is gone (a cron line an older
      // bingwall wrote with the DISPLAY of a session since logged out): no session here, so the
      // picture waits quietly.
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

  /// Whether this update may decode a picture: a source beside Bing's is asked (its pictures
  /// may be PNG files), or it may set the newest picture.
  static func mayDecode(_ request: Request, configuration: Configuration) -> Bool {
    request.sources.contains { $0 != .bing } || asksToApply(request, configuration: configuration)
  }

  /// Whether this update sets the newest picture at all: `--apply`, or by default unless
  /// `apply_on_update = false`.
  static func asksToApply(_ request: Request, configuration: Configuration) -> Bool {
    request.apply == .required
      || (request.apply == .whenPossible && configuration[ConfigSchema.applyOnUpdate])
  }

  /// Records whether the update left the newest picture unset for want of a desktop session, so
  /// `status` says so until an update sets it (or finds nothing waiting).
  private func recordWallpaper(_ event: UpdateEvent?) -> StateNotSaved? {
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
      return StateNotSaved(file: journal.file.path, error: error)
    }
  }

  /// Records the end of the attempt; returns why when the state could not be saved.
  private func record(_ failure: UpdateFailureRecord?) -> StateNotSaved? {
    do {
      try journal.recordUpdate(at: context.clock.now(), failure: failure)
      return nil
    } catch {
      return StateNotSaved(file: journal.file.path, error: error)
    }
  }

  /// What storing one source's offers did, and the portrait files its stored pictures have
  /// (`portraitEvents`, one step for every source).
  struct StoredOffers {
    var events: [UpdateEvent] = []
    var portraits: [DownloadPlan] = []
  }

  /// The archive of each market read against the history (`UpdatePlan`), then the appearances
  /// of pictures already stored recorded, and the new pictures downloaded and ingested.
  private func fetchAndStore(
    _ request: Request, archives: [MarketArchive], into store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant
  ) throws -> StoredOffers {
    let images = resources.imageFolder
    try images.ensure()
    images.removeAbandonedFiles()
    let now = context.clock.now()
    let plan = try Self.plan(
      request, archives: archives, store: store, at: now, endpoint: resources.configuration.endpoint)
    try Self.record(plan.appearancesOfStored, in: store, at: now)
    let downloaded = try download(plan.downloads, into: store, http: http, deadline: deadline, now: now)
    var events =
      plan.substitutions + plan.warnings.map(UpdateEvent.warning)
      + (plan.failures + downloaded.failures).map(UpdateEvent.failed)
      + (plan.skips + downloaded.skips).map(UpdateEvent.skipped) + downloaded.fetched.map(UpdateEvent.fetched)
    var portraits: [DownloadPlan] = []
    do {
      portraits = try bingPortraitPlans(
        of: plan.shown, storedIDs: plan.storedIDs.merging(downloaded.storedIDs) { old, _ in old },
        force: request.force, store: store)
    } catch {
      events.append(.warning(.portraitsFailed(error)))
    }
    return StoredOffers(events: events, portraits: portraits)
  }

  /// Each market's archive, or its failure, read against the history in the order asked.
  private static func plan(
    _ request: Request, archives: [MarketArchive], store: HistoryStore, at now: Date, endpoint: String
  ) throws -> UpdatePlan {
    var plan = UpdatePlan(force: request.force, now: now, endpoint: endpoint)
    for archive in archives {
      switch archive.recent {
      case .success(let response):
        var older: ArchiveResponse?
        switch archive.older {
        case .success(let page)?: older = page
        case .failure(let error)?: plan.warnings.append(.olderPageNotFetched(market: archive.market, error))
        case nil: break
        }
        try plan.add(
          response, older: older, of: archive.market, days: request.days, preferred: request.resolution,
          store: store)
      case .failure(let error):
        plan.add(archive.market, failure: error)
      }
    }
    return plan
  }

  /// New appearances of pictures the history has, in one transaction.
  private static func record(
    _ appearances: [(pictureID: Int64, appearance: Appearance)], in store: HistoryStore, at now: Date
  ) throws {
    guard !appearances.isEmpty else { return }
    try store.write {
      for (id, appearance) in appearances { _ = try store.record(appearance, pictureID: id, at: now) }
    }
  }

  /// What the downloads of an update gave.
  private struct Downloaded {
    /// The pictures newly stored, newest first.
    var fetched: [Picture] = []
    var skips: [UpdateSkip] = []
    var failures: [UpdateFailure] = []
    /// The id each newly stored picture got, by key.
    var storedIDs: [String: Int64] = [:]
  }

  /// Downloads and ingests `plans`: each picture stored, skipped or failed.
  private func download(
    _ plans: [DownloadPlan], into store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant,
    now: Date
  ) throws -> Downloaded {
    var downloaded = Downloaded()
    for outcome in downloader(http: http, store: store, deadline: deadline, now: now).download(plans) {
      let key = outcome.plan.id.key
      switch outcome.result {
      case .stored(let id):
        downloaded.storedIDs[key] = id
        if let picture = try store.picture(id: id) {
          downloaded.fetched.append(picture)
          context.trace("picture: wrote \(picture.path)")
        }
      case .identical:
        downloaded.skips += outcome.plan.skips(.identicalFile)
      case .skipped(let reason):
        downloaded.skips += outcome.plan.skips(reason)
      case .failed(let error, let temporary):
        downloaded.failures.append(.init(what: key, error: error, temporary: temporary))
      }
    }
    downloaded.fetched.sort { ($0.date, $0.rowID) > ($1.date, $1.rowID) }
    return downloaded
  }

  /// A downloader on this update's client, image folder, progress and time limit.
  func downloader(
    http: any HTTPClient, store: HistoryStore, deadline: ContinuousClock.Instant, now: Date
  ) -> PictureDownloader {
    PictureDownloader(
      fetcher: fetcher(http: http, history: store, deadline: deadline), store: store, now: now)
  }

  /// A fetcher on this update's client, image folder, progress and time limit; `history` is
  /// the one it reads Bing's placeholders from, nil before it is opened.
  func fetcher(http: any HTTPClient, history: HistoryStore?, deadline: ContinuousClock.Instant)
    -> PictureFetcher
  {
    PictureFetcher(
      http: http, images: resources.imageFolder,
      limits: RequestLimits(
        timeout: resources.configuration.networkLimits.requestTimeout, deadline: deadline),
      progress: progress, history: history)
  }

  /// One page of a market's archive, through the one retry loop (`RetryLoop`) as the picture
  /// downloads are: up to three tries with backoff and jitter when the failure is temporary, no
  /// retry that could only start after `deadline` (the update's time limit), and none for the
  /// time limit itself. Gives up between attempts once `givenUp` is set: the caller failed and
  /// will not read it.
  /// `first`, when given, is the first attempt's answer, already had.
  static func fetch(
    _ market: Market, page: ArchivePage, with client: BingClient, deadline: ContinuousClock.Instant,
    context: Context, givenUp: CancellationFlag, first: Result<ArchiveResponse, any Error>? = nil
  ) throws -> ArchiveResponse {
    var retries = RetryLoop(policy: .standard, deadline: deadline)
    var first = first
    return try retries.run(clock: context.clock, random: context.random, givenUp: { givenUp.isCancelled }) {
      if let answer = first {
        first = nil
        return try answer.get()
      }
      return try client.archive(market: market.code, page: page)
    }
  }

  /// Whether a later update could succeed where `error` failed (`TemporaryFailure`).
  static func isTemporary(_ error: any Error) -> Bool {
    (error as? any TemporaryFailure)?.isTemporary ?? false
  }
}
