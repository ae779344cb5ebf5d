import BingWallBing
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallSources
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// What one source other than Bing answered, asked for before the lock beside Bing's archives,
/// and its new pictures, fetched and checked on the same thread as soon as it answered.
struct SourceAnswer: Sendable {
  var client: SourceClient
  var source: Source
  var result: Result<SourceOffer, SourceFailure>
  /// The pictures of the offer the history did not hold when it answered, by the offer's index:
  /// each checked file ready to be named, or why it could not be had.
  var fetched: [Int: PictureFetcher.Fetch] = [:]
}

/// Where a source's new pictures go as soon as it answers, before the update holds the lock:
/// files with no name yet in the image folder, which only the ingest under the lock names.
struct EarlySourceDownloads: Sendable {
  var http: any HTTPClient
  var images: ImageFolder
  var limits: RequestLimits
  /// The history, read on the source's own thread to leave out what it holds.
  var databaseFile: String
  /// `--force`: a pruned picture is fetched again.
  var force: Bool
  /// The day a picture the source gives no day for is recorded on.
  var today: CalendarDate
}

extension Update {
  /// The clients of the sources `sources` names but Bing, each through its plug-in, on this
  /// update's client and limits. A source no plug-in names (config from a later version) is
  /// not asked.
  func sourceClients(_ sources: [Source], http: any HTTPClient, deadline: ContinuousClock.Instant)
    -> [(Source, SourceClient)]
  {
    let configuration = resources.configuration
    let limits = configuration.networkLimits
    return sources.filter { $0 != .bing }.compactMap { source in
      guard let plugin = context.sources.plugin(for: source) else { return nil }
      let (endpoint, values) = ConfigSchema.settings(of: plugin, in: configuration)
      let settings = SourceSettings(
        endpoint: endpoint, markets: configuration[ConfigSchema.markets], values: values,
        contact: configuration[ConfigSchema.contact], version: context.version,
        largestScreenWidth: nil, timeout: limits.requestTimeout, deadline: deadline,
        // Plain http only from a loopback http endpoint the user pointed the source at (a test, a
        // mirror; config refuses http:// to any other host): an https mirror's body naming
        // http://127.0.0.1:631/ must not make bingwall ask a local service.
        policy: endpoint?.lowercased().hasPrefix("http://") == true ? .loopbackHTTPAllowed : .httpsOnly,
        clock: context.clock)
      return (source, SourceClient(plugin, http: http, settings: settings))
    }
  }

  /// The sources but Bing this update asks: each one whose next picture is out by now
  /// (its plug-in's `nextFetch`, from its last successful fetch), or every one when the request says so.
  func dueSources(_ request: Request) -> [Source] {
    let others = request.sources.filter { $0 != .bing }
    guard !others.isEmpty, !request.askEvenIfFresh else { return others }
    let fetches = (try? HistoryStore.openExisting(path: context.paths.databaseFile)?.fetches()) ?? [:]
    let now = context.clock.now()
    return others.filter { source in
      guard let fetch = fetches[source] else { return true }
      let next = context.sources.nextFetch(source, fetchedAt: fetch.fetchedAt, newestDay: fetch.newestDay)
      if next <= now { return true }
      context.trace(
        "\(source): asked \(Timestamp.iso8601(fetch.fetchedAt)); next at \(Timestamp.iso8601(next))")
      return false
    }
  }

  /// Every client's offer, asked all at once, each on a thread of its own (not a pool's, which
  /// on two cores would ask two and queue the rest a round trip behind), in the order given; each
  /// source's new pictures are downloaded on its thread as soon as it answers, beside Bing's.
  static func askSources(
    _ clients: [(Source, SourceClient)], at instant: Date, downloads: EarlySourceDownloads
  ) -> Overlapped<[SourceAnswer]>? {
    guard !clients.isEmpty else { return nil }
    let asked = clients.map { source, client in
      Overlapped {
        var answer = SourceAnswer(
          client: client, source: source,
          result: Result { () throws(SourceFailure) -> SourceOffer in try client.offer(at: instant) })
        if case .success(let offer) = answer.result {
          answer.fetched = fetchNew(offer.pictures, of: client, downloads)
        }
        return answer
      }
    }
    return Overlapped { asked.map { $0.value() } }
  }

  /// The pictures of `pictures` the history lacks (or, with `--force`, lacks or pruned), each
  /// downloaded to a file with no name and checked (`PictureFetcher`, as Bing's are). What the
  /// history holds by then is decided again under the lock (`storeSourcePictures`): this is only
  /// a head start.
  static func fetchNew(
    _ pictures: [SourcePicture], of client: SourceClient, _ downloads: EarlySourceDownloads
  ) -> [Int: PictureFetcher.Fetch] {
    let history = try? HistoryStore.openExisting(path: downloads.databaseFile)
    let wanted = pictures.indices.filter { index in
      switch (try? history?.state(of: pictures[index].id)) ?? .new {
      case .stored: false
      case .pruned: downloads.force
      case .new: true
      }
    }
    guard !wanted.isEmpty else { return [:] }
    do {
      try downloads.images.ensure()
    } catch {
      return Dictionary(uniqueKeysWithValues: wanted.map { ($0, .failed(error, temporary: false)) })
    }
    let plans = wanted.map { index in
      DownloadPlan(
        pictures[index], appearance: appearance(of: pictures[index], today: downloads.today),
        headers: client.headers)
    }
    let fetcher = PictureFetcher(
      http: downloads.http, images: downloads.images, limits: downloads.limits, progress: nil, history: nil)
    return Dictionary(uniqueKeysWithValues: zip(wanted, fetcher.fetch(plans)))
  }

  /// The sources' pictures the history lacks stored (downloaded and checked already, on each
  /// source's thread), each with its appearance, in one batch (`PictureDownloader.keep`); the
  /// appearances of pictures it holds recorded; and the portrait files their source offers of
  /// them, for the one portrait step. One source's failure is that source's event alone: the
  /// others' pictures are stored all the same.
  func storeSourcePictures(
    _ answers: [SourceAnswer], force: Bool, into store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant, now: Date
  ) throws -> StoredOffers {
    guard !answers.isEmpty else { return StoredOffers() }
    try resources.imageFolder.ensure()
    let today = LocalTime(environment: context.environment).fields(of: now).day
    var stored = StoredOffers()
    // The pictures to name, each with its file, and what a stored one's portrait is.
    var plans: [DownloadPlan] = []
    var fetched: [PictureFetcher.Fetch] = []
    var portraitURLs: [PictureID: (url: RemoteURL, headers: [String: String])] = [:]
    var portraitOf: [Int64: PictureID] = [:]
    for answer in answers {
      let offer: SourceOffer
      switch answer.result {
      case .failure(let failure):
        stored.events.append(.sourceFailed(source: answer.source, failure, temporary: failure.isTemporary))
        continue
      case .success(let value): offer = value
      }
      stored.events += offerEvents(offer, of: answer.source)
      for (index, picture) in offer.pictures.enumerated() {
        let appearance = Self.appearance(of: picture, today: today)
        if let url = picture.portrait { portraitURLs[picture.id] = (url, answer.client.headers) }
        switch try store.state(of: picture.id) {
        case .pruned where !force:
          continue
        case .stored(let id):
          portraitOf[id] = picture.id
          // A rotation (Spotlight) shows its pictures again and again: the day it first came is
          // its day. A dated source's day is recorded again, as Bing's are: its words may change.
          guard picture.date != nil else { continue }
          try store.write { _ = try store.record(appearance, pictureID: id, at: now) }
        case .pruned, .new:
          // Not fetched when the source answered: stored then, and gone since (a prune
          // between). The next update fetches it.
          guard let fetch = answer.fetched[index] else { continue }
          plans.append(DownloadPlan(picture, appearance: appearance, headers: answer.client.headers))
          fetched.append(fetch)
        }
      }
    }
    // A file fetched for a picture that is not stored after all (another update stored it
    // meanwhile) has no name: dropped.
    let kept = Set(plans.map(\.id))
    for answer in answers {
      guard case .success(let offer) = answer.result else { continue }
      for case (let index, .fetched(let file)) in answer.fetched
      where !kept.contains(offer.pictures[index].id) {
        file.discard()
      }
    }
    let downloader = self.downloader(http: http, store: store, deadline: deadline, now: now)
    for outcome in downloader.keep(plans, fetched) {
      switch outcome.result {
      case .stored(let id):
        if let picture = try store.picture(id: id) { stored.events.append(.fetched(picture)) }
        portraitOf[id] = outcome.plan.id
      case .identical(let id):
        // The same bytes another source sent: no new picture, one more appearance of it.
        portraitOf[id] = outcome.plan.id
      case .skipped:
        break
      case .failed(let error, let temporary):
        let failure = SourcePictureFailure(outcome.plan, error, temporary: temporary)
        stored.events.append(
          .sourceFailed(source: outcome.plan.id.source, failure, temporary: failure.temporary))
      }
    }
    for (rowID, id) in portraitOf.sorted(by: { $0.key < $1.key }) {
      guard let portrait = portraitURLs[id], let picture = try store.picture(id: rowID) else { continue }
      stored.portraits.append(DownloadPlan(portrait: portrait.url, of: picture, headers: portrait.headers))
    }
    recordFetches(answers, events: stored.events, store: store, now: now)
    return stored
  }

  /// How `picture` appears in the history: on its day, or on `today` when its source gives none.
  static func appearance(of picture: SourcePicture, today: CalendarDate) -> Appearance {
    Appearance(
      source: picture.id.source, date: picture.date ?? today, words: picture.words, licence: picture.licence,
      licenceLink: picture.licenceLink, description: picture.description)
  }

  /// What an offer tells beside its pictures: the trace of a fallback, warnings about the
  /// source's settings, days it cannot have, and what it passed over.
  private func offerEvents(_ offer: SourceOffer, of source: Source) -> [UpdateEvent] {
    // `-v` already shows each request as it is made; the offer's own account adds to that only
    // when a fallback answered.
    if offer.trace.count > 1 { for line in offer.trace { context.trace("\(source): \(line)") } }
    var events = offer.warnings.map { UpdateEvent.warning(.sourceSetting(source, $0)) }
    if !offer.implausible.isEmpty { events.append(.warning(.implausibleDays(source, offer.implausible))) }
    return events + offer.passedOver.map { .passedOver(source, $0) }
  }

  /// Records each source that answered and whose every new picture was stored, so that it is
  /// asked again only once it has published again. One whose picture failed is asked at the next
  /// update. Not saved, the source is asked again sooner: no harm, so no failure.
  private func recordFetches(_ answers: [SourceAnswer], events: [UpdateEvent], store: HistoryStore, now: Date)
  {
    let failed = Set(
      events.compactMap { event -> Source? in
        if case .sourceFailed(let source, _, _) = event { return source }
        return nil
      })
    try? store.write {
      for answer in answers where !failed.contains(answer.source) {
        guard case .success(let offer) = answer.result else { continue }
        let newest = offer.pictures.compactMap(\.date).max()
        try store.record(SourceFetch(fetchedAt: now, newestDay: newest), of: answer.source)
      }
    }
  }
}

/// One picture of a source that could not be had or kept.
struct SourcePictureFailure: Error, CustomStringConvertible, Sendable {
  var source: Source
  var url: String
  var problem: String
  var temporary: Bool
  /// The transfer's own error, which names the URL itself.
  var transport: NetError? = nil

  /// `plan`'s failure as the downloader gave it, told as the source's.
  init(_ plan: DownloadPlan, _ error: any Error, temporary: Bool) {
    source = plan.id.source
    url = plan.candidates.first?.url ?? ""
    self.temporary = temporary
    switch error {
    case let net as NetError:
      problem = ""
      transport = net
    case DownloadError.unusable(_, let problems):
      problem = problems.joined(separator: "; ")
    case DownloadError.serverError(_, let status):
      problem = "HTTP \(status)"
    default:
      problem = "\(error)"
    }
  }

  init(source: Source, url: String, problem: String, temporary: Bool) {
    self.source = source
    self.url = url
    self.problem = problem
    self.temporary = temporary
  }

  var description: String {
    if let transport { return "\(source.possessive) picture: \(transport)" }
    return "cannot fetch \(source.possessive) picture \(RedactedURL.text(url)): \(problem)"
  }
}
