import BingWallBing
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallSources
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// What one source other than Bing answered, asked for before the lock beside Bing's archives.
struct SourceAnswer: Sendable {
  var client: SourceClient
  var source: Source
  var result: Result<SourceOffer, SourceFailure>
}

/// One picture a source offered that the history does not hold yet, on its way in.
private struct SourceDownload {
  var source: Source
  var picture: SourcePicture
  var appearance: Appearance
  var file: PendingImageFile
  var digest = SHA256Observer()
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
  /// on two cores would ask two and queue the rest a round trip behind), in the order given.
  static func askSources(_ clients: [(Source, SourceClient)], at instant: Date) -> Overlapped<[SourceAnswer]>?
  {
    guard !clients.isEmpty else { return nil }
    let asked = clients.map { source, client in
      Overlapped {
        SourceAnswer(
          client: client, source: source,
          result: Result { () throws(SourceFailure) -> SourceOffer in try client.offer(at: instant) })
      }
    }
    return Overlapped { asked.map { $0.value() } }
  }

  /// The sources' pictures the history lacks downloaded, checked and stored, each with its
  /// appearance; the appearances of pictures it holds recorded. One source's failure is that
  /// source's event alone: the others' pictures are stored all the same.
  func storeSourcePictures(
    _ answers: [SourceAnswer], force: Bool, into store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant, now: Date
  ) throws -> [UpdateEvent] {
    guard !answers.isEmpty else { return [] }
    let images = resources.imageFolder
    try images.ensure()
    let today = LocalTime(environment: context.environment).fields(of: now).day
    var events: [UpdateEvent] = []
    var downloads: [(SourceDownload, headers: [String: String])] = []
    // Pictures with a portrait file (Spotlight's), by the id they have or get.
    var portraits: [SourcePortrait] = []
    for answer in answers {
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
      for picture in offer.pictures {
        let appearance = Appearance(
          source: answer.source, date: picture.date ?? today, words: picture.words, licence: picture.licence,
          licenceLink: picture.licenceLink?.text ?? "", description: picture.description)
        switch try store.state(of: picture.id) {
        case .pruned where !force:
          continue
        case .stored(let id):
          if let url = picture.portrait {
            portraits.append(
              SourcePortrait(pictureID: id, source: answer.source, url: url, headers: answer.client.headers))
          }
          // A rotation (Spotlight) shows its pictures again and again: the day it first came is
          // its day. A dated source's day is recorded again, as Bing's are: its words may change.
          guard picture.date != nil else { continue }
          try store.write { _ = try store.record(appearance, pictureID: id, at: now) }
        case .pruned, .new:
          let download = SourceDownload(
            source: answer.source, picture: picture, appearance: appearance, file: try images.pendingFile())
          downloads.append((download, answer.client.headers))
        }
      }
    }
    defer { recordFetches(answers, events: events, store: store, now: now) }
    guard !downloads.isEmpty else {
      return events + portraitEvents(portraits, store: store, http: http, deadline: deadline, now: now)
    }
    let limits = RequestLimits(
      timeout: resources.configuration.networkLimits.requestTimeout, deadline: deadline)
    let jobs = downloads.map { download, headers in
      DownloadJob(
        request: limits.picture(
          url: download.picture.image.text, maxBytes: PictureDownloader.maxBytes, headers: headers),
        fileDescriptor: download.file.fileDescriptor, label: download.picture.words.title,
        observer: download.digest)
    }
    let responses = http.downloadAll(
      jobs, maxConcurrent: PictureDownloader.maxConcurrent, retry: .standard, progress: progress)
    let ingest = PictureIngest(store: store, images: images)
    for ((download, headers), response) in zip(downloads, responses) {
      defer { download.file.discard() }
      let kept: PictureIngest.Result
      do {
        kept = try keep(download, response, ingest: ingest, now: now)
      } catch {
        events.append(.sourceFailed(source: download.source, error, temporary: error.temporary))
        continue
      }
      let stored: Int64
      switch kept {
      case .stored(let id):
        stored = id
        if let picture = try store.picture(id: id) { events.append(.fetched(picture)) }
      case .identical(let id):
        // The same bytes another source sent: no new picture, one more appearance of it.
        stored = id
      }
      if let url = download.picture.portrait {
        portraits.append(
          SourcePortrait(pictureID: stored, source: download.source, url: url, headers: headers))
      }
    }
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

  /// Checks one downloaded picture and stores it, or records it as an appearance of the same
  /// bytes stored already.
  private func keep(
    _ download: SourceDownload, _ response: Result<HTTPResponse, NetError>, ingest: PictureIngest, now: Date
  ) throws(SourcePictureFailure) -> PictureIngest.Result {
    let checked = try SourcePictureCheck.check(
      response, file: download.file, digest: download.digest, source: download.source,
      url: download.picture.image.text, folder: resources.imageFolder)
    defer { checked.discard() }
    var picture = NewPictureFile(
      key: download.picture.id.key, sha256: checked.sha256, path: "",
      resolution: Resolution(stored: "\(checked.width)x\(checked.height)"), width: checked.width,
      height: checked.height, bytes: checked.bytes)
    picture.source = download.source
    do {
      return try ingest.keep(
        checked.file, as: picture, name: Self.fileName(download.picture, source: download.source),
        date: download.appearance.date, appearances: [download.appearance], at: now)
    } catch {
      throw SourcePictureFailure(
        source: download.source, url: download.picture.image.text, problem: "\(error)", temporary: false)
    }
  }

  /// The readable part of a source's picture's file name: `apod-The_Sharpless_Catalog`.
  static func fileName(_ picture: SourcePicture, source: Source) -> String {
    "\(source.rawValue)-\(picture.words.title.prefix(60))"
  }
}

/// One picture of a source that could not be had or kept.
struct SourcePictureFailure: Error, CustomStringConvertible {
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
