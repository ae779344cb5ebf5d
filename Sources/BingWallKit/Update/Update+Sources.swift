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
  var fetched: [Int: Result<CheckedSourceFile, SourcePictureFailure>] = [:]
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
  /// downloaded to a file with no name and checked. What the history holds by then is decided
  /// again under the lock (`storeSourcePictures`): this is only a head start.
  static func fetchNew(
    _ pictures: [SourcePicture], of client: SourceClient, _ downloads: EarlySourceDownloads
  ) -> [Int: Result<CheckedSourceFile, SourcePictureFailure>] {
    let history = try? HistoryStore.openExisting(path: downloads.databaseFile)
    var wanted: [(index: Int, file: PendingImageFile, digest: SHA256Observer)] = []
    var fetched: [Int: Result<CheckedSourceFile, SourcePictureFailure>] = [:]
    for (index, picture) in pictures.enumerated() {
      switch (try? history?.state(of: picture.id)) ?? .new {
      case .stored: continue
      case .pruned where !downloads.force: continue
      case .pruned, .new: break
      }
      do {
        try downloads.images.ensure()
        wanted.append((index, try downloads.images.pendingFile(), SHA256Observer()))
      } catch {
        fetched[index] = .failure(
          SourcePictureFailure(
            source: client.source, url: picture.image.text, problem: "\(error)", temporary: false))
      }
    }
    guard !wanted.isEmpty else { return fetched }
    let jobs = wanted.map { item in
      DownloadJob(
        request: downloads.limits.picture(
          url: pictures[item.index].image.text, maxBytes: PictureDownloader.maxBytes, headers: client.headers),
        fileDescriptor: item.file.fileDescriptor, label: pictures[item.index].words.title,
        observer: item.digest)
    }
    let responses = downloads.http.downloadAll(
      jobs, maxConcurrent: PictureDownloader.maxConcurrent, retry: .standard, progress: nil)
    for (item, response) in zip(wanted, responses) {
      do {
        fetched[item.index] = .success(
          try SourcePictureCheck.check(
            response, file: item.file, digest: item.digest, source: client.source,
            url: pictures[item.index].image.text, folder: downloads.images))
      } catch {
        item.file.discard()
        fetched[item.index] = .failure(error)
      }
    }
    return fetched
  }

  /// The sources' pictures the history lacks stored (downloaded and checked already, on each
  /// source's thread), each with its appearance; the appearances of pictures it holds recorded.
  /// One source's failure is that source's event alone: the others' pictures are stored all the
  /// same.
  func storeSourcePictures(
    _ answers: [SourceAnswer], force: Bool, into store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant, now: Date
  ) throws -> [UpdateEvent] {
    guard !answers.isEmpty else { return [] }
    let images = resources.imageFolder
    try images.ensure()
    let today = LocalTime(environment: context.environment).fields(of: now).day
    let ingest = PictureIngest(store: store, images: images)
    var events: [UpdateEvent] = []
    // Pictures with a portrait file (Spotlight's), by the id they have or get.
    var portraits: [SourcePortrait] = []
    for answer in answers {
      // A file fetched for a picture that is not stored after all (another update stored it
      // meanwhile, or it failed) has no name: dropped on every path.
      defer { for case .success(let checked) in answer.fetched.values { checked.discard() } }
      let offer: SourceOffer
      switch answer.result {
      case .failure(let failure):
        events.append(.sourceFailed(source: answer.source, failure, temporary: failure.isTemporary))
        continue
      case .success(let value): offer = value
      }
      // `-v` already shows each request as it is made; the offer's own account adds to that only
      // when a fallback answered.
      if offer.trace.count > 1 { for line in offer.trace { context.trace("\(answer.source): \(line)") } }
      events += offer.warnings.map { .warning(.sourceSetting(answer.source, $0)) }
      if !offer.implausible.isEmpty {
        events.append(.warning(.implausibleDays(answer.source, offer.implausible)))
      }
      events += offer.passedOver.map { .passedOver(answer.source, $0) }
      for (index, picture) in offer.pictures.enumerated() {
        let appearance = Appearance(
          source: answer.source, date: picture.date ?? today, words: picture.words, licence: picture.licence,
          licenceLink: picture.licenceLink?.text ?? "", description: picture.description)
        let portrait = { (id: Int64) in
          picture.portrait.map {
            SourcePortrait(pictureID: id, source: answer.source, url: $0, headers: answer.client.headers)
          }
        }
        switch try store.state(of: picture.id) {
        case .pruned where !force:
          continue
        case .stored(let id):
          portraits += portrait(id).map { [$0] } ?? []
          // A rotation (Spotlight) shows its pictures again and again: the day it first came is
          // its day. A dated source's day is recorded again, as Bing's are: its words may change.
          guard picture.date != nil else { continue }
          try store.write { _ = try store.record(appearance, pictureID: id, at: now) }
        case .pruned, .new:
          guard let fetched = answer.fetched[index] else {
            // Stored when the source answered, and gone since (a prune between): next update.
            continue
          }
          let kept: PictureIngest.Result
          do {
            kept = try keep(
              picture, fetched.get(), source: answer.source, appearance: appearance, ingest, now)
          } catch {
            events.append(.sourceFailed(source: answer.source, error, temporary: error.temporary))
            continue
          }
          switch kept {
          case .stored(let id):
            if let stored = try store.picture(id: id) { events.append(.fetched(stored)) }
            portraits += portrait(id).map { [$0] } ?? []
          case .identical(let id):
            // The same bytes another source sent: no new picture, one more appearance of it.
            portraits += portrait(id).map { [$0] } ?? []
          }
        }
      }
    }
    defer { recordFetches(answers, events: events, store: store, now: now) }
    return events + portraitEvents(portraits, store: store, http: http, deadline: deadline, now: now)
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

  /// Stores one checked picture, or records it as an appearance of the same bytes stored
  /// already.
  private func keep(
    _ picture: SourcePicture, _ checked: CheckedSourceFile, source: Source, appearance: Appearance,
    _ ingest: PictureIngest, _ now: Date
  ) throws(SourcePictureFailure) -> PictureIngest.Result {
    var file = NewPictureFile(
      key: picture.id.key, sha256: checked.sha256, path: "",
      resolution: Resolution(stored: "\(checked.width)x\(checked.height)"), width: checked.width,
      height: checked.height, bytes: checked.bytes)
    file.source = source
    do {
      return try ingest.keep(
        checked.file, as: file, name: Self.fileName(picture, source: source), date: appearance.date,
        appearances: [appearance], at: now)
    } catch {
      throw SourcePictureFailure(
        source: source, url: picture.image.text, problem: "\(error)", temporary: false)
    }
  }

  /// The readable part of a source's picture's file name: `apod-The_Sharpless_Catalog`.
  static func fileName(_ picture: SourcePicture, source: Source) -> String {
    "\(source.rawValue)-\(picture.words.title.prefix(60))"
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

  var description: String {
    if let transport { return "\(source.possessive) picture: \(transport)" }
    return "cannot fetch \(source.possessive) picture \(RedactedURL.text(url)): \(problem)"
  }
}
