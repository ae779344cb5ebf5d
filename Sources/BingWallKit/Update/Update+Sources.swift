import BingWallBing
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallSources
import BingWallStore
import BingWallSystem
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

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
  /// The clients of the sources `sources` names but Bing, on this update's client and limits.
  func sourceClients(_ sources: [Source], http: any HTTPClient, deadline: ContinuousClock.Instant)
    -> [(Source, SourceClient)]
  {
    let configuration = resources.configuration
    let limits = configuration.networkLimits
    return sources.filter { $0 != .bing }.map { source in
      let endpoint = ConfigSchema.endpoint(of: source).map { configuration[$0] }.flatMap {
        $0.isEmpty ? nil : $0
      }
      let key = configuration[ConfigSchema.apodKey]
      let settings = SourceSettings(
        endpoint: endpoint, markets: configuration[ConfigSchema.markets], apodKey: key.isEmpty ? nil : key,
        contact: configuration[ConfigSchema.contact], version: context.version,
        largestScreenWidth: nil, timeout: limits.requestTimeout, deadline: deadline,
        // Plain http only to a loopback server the user pointed the source at (a test, a mirror).
        policy: endpoint == nil ? .httpsOnly : .loopbackHTTPAllowed)
      return (source, SourceClient(source: source, http: http, settings: settings))
    }
  }

  /// Every client's offer, asked all at once on threads of their own, in the order given.
  static func askSources(_ clients: [(Source, SourceClient)], at instant: Date) -> Overlapped<[SourceAnswer]>?
  {
    guard !clients.isEmpty else { return nil }
    let sources = clients.map(\.0)
    let clients = clients.map(\.1)
    return Overlapped {
      let answers = Mutex<[Int: SourceAnswer]>([:])
      DispatchQueue.concurrentPerform(iterations: clients.count) { index in
        let client = clients[index]
        let result = Result { () throws(SourceFailure) -> SourceOffer in try client.offer(at: instant) }
        answers.withLock { $0[index] = SourceAnswer(client: client, source: sources[index], result: result) }
      }
      let all = answers.withLock { $0 }
      return clients.indices.compactMap { all[$0] }
    }
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
    let market = resources.configuration[ConfigSchema.markets].first
    var events: [UpdateEvent] = []
    var downloads: [(SourceDownload, headers: [String: String])] = []
    for answer in answers {
      let offer: SourceOffer
      switch answer.result {
      case .failure(let failure):
        events.append(.sourceFailed(source: answer.source, failure, temporary: failure.isTemporary))
        continue
      case .success(let value): offer = value
      }
      for line in offer.trace { context.trace("\(answer.source): \(line)") }
      events += offer.warnings.map { .warning(.sourceSetting(answer.source, $0)) }
      events += offer.passedOver.map { .passedOver(answer.source, $0) }
      for picture in offer.pictures {
        let appearance = Self.appearance(of: picture, source: answer.source, today: today, market: market)
        switch try store.state(of: picture.id) {
        case .pruned where !force:
          continue
        case .stored(let id):
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
    guard !downloads.isEmpty else { return events }
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
    for ((download, _), response) in zip(downloads, responses) {
      defer { download.file.discard() }
      let stored: Int64
      do {
        stored = try keep(download, response, ingest: ingest, now: now)
      } catch {
        events.append(.sourceFailed(source: download.source, error, temporary: error.temporary))
        continue
      }
      if let picture = try store.picture(id: stored) { events.append(.fetched(picture)) }
    }
    return events
  }

  /// The appearance a source's picture gets: its own day, or today for a rotation's.
  private static func appearance(
    of picture: SourcePicture, source: Source, today: CalendarDate, market: Market?
  )
    -> Appearance
  {
    // Spotlight picks its pictures by the first market's country: the appearance says which.
    Appearance(
      source: source, date: picture.date ?? today, words: picture.words, licence: picture.licence,
      licenceLink: picture.licenceLink?.text ?? "", description: picture.description,
      market: source == .spotlight ? market : nil)
  }

  /// Checks one downloaded picture and stores it: its id in the history.
  private func keep(
    _ download: SourceDownload, _ response: Result<HTTPResponse, NetError>, ingest: PictureIngest, now: Date
  ) throws(SourcePictureFailure) -> Int64 {
    let url = download.picture.image.text
    let failed = { (problem: String, temporary: Bool) in
      SourcePictureFailure(source: download.source, url: url, problem: problem, temporary: temporary)
    }
    let http: HTTPResponse
    switch response {
    case .failure(let error): throw failed("\(error)", error.isTemporary)
    case .success(let value): http = value
    }
    if HTTPResponse.isTemporaryFailure(status: http.status) { throw failed("HTTP \(http.status)", true) }
    guard http.status == 200 else { throw failed("HTTP \(http.status)", false) }
    // APOD's `hdurl` has led to an HTML page before: no page ever becomes a wallpaper.
    let type = http.header("Content-Type") ?? "none"
    guard type.lowercased().hasPrefix("image/") else {
      throw failed("not a picture (Content-Type \(TerminalText.quoted(type, limit: 40)))", false)
    }
    do {
      let found = try PictureConversion.inspect(fileAt: download.file.readablePath)
      var file = download.file
      var sha256 = download.digest.hexDigest()
      var bytes = http.bodyBytes
      var converted: PendingImageFile?
      if found.isPNG {
        // Kept as a JPEG, as every other picture is (`PictureConversion`).
        let jpeg = try resources.imageFolder.pendingFile()
        converted = jpeg
        let folder = resources.imageFolder.path
        try PictureConversion.withJPEG(fromPictureAt: download.file.readablePath) {
          (data) throws(ImageError) in
          let written = data.withUnsafeBytes { raw in
            Result { () throws(Errno) in try Syscall.writeAll(jpeg.fileDescriptor, raw) }
          }
          if case .failure(let error) = written {
            throw .write(FileError.system(operation: "write", path: folder, errno: error.code))
          }
          var hash = SHA256()
          data.withUnsafeBytes { hash.update($0) }
          sha256 = SHA256.hex(hash.finalize())
          bytes = Int64(data.count)
        }
        file = jpeg
      }
      defer { converted?.discard() }
      var picture = NewPictureFile(
        key: download.picture.id.key, sha256: sha256, path: "",
        resolution: Resolution(stored: "\(found.width)x\(found.height)"), width: found.width,
        height: found.height, bytes: bytes)
      picture.source = download.source
      let name = "\(download.source.rawValue)-\(download.picture.words.title.prefix(60))"
      switch try ingest.keep(
        file, as: picture, name: name, date: download.appearance.date, appearances: [download.appearance],
        at: now)
      {
      case .stored(let id), .identical(let id): return id
      }
    } catch let error as ImageCheckError {
      throw failed("the file \(error.reason)", false)
    } catch let error as SourcePictureFailure {
      throw error
    } catch {
      throw failed("\(error)", false)
    }
  }
}

/// One picture of a source that could not be had or kept.
struct SourcePictureFailure: Error, CustomStringConvertible {
  var source: Source
  var url: String
  var problem: String
  var temporary: Bool

  var description: String {
    "cannot fetch \(source.displayName)'s picture \(RedactedURL.text(url)): \(problem)"
  }
}
