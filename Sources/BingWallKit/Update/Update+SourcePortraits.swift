import BingWallBing
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials

/// A stored picture whose source offers a portrait file of it (Windows Spotlight's 1080×1920).
struct SourcePortrait {
  var pictureID: Int64
  var source: Source
  var url: RemoteURL
  var headers: [String: String]
}

extension Update {
  /// The sources' portrait files of stored pictures not asked about yet, while a screen of this
  /// session is taller than wide, as Bing's are (`portraitEvents(of:…)`): checked as a picture is,
  /// taller than wide, and kept as the picture's rendition. Nothing here fails the update: the
  /// portrait screen then gets a crop of the picture, and a failure is one warning.
  func portraitEvents(
    _ portraits: [SourcePortrait], store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant,
    now: Date
  ) -> [UpdateEvent] {
    guard !portraits.isEmpty else { return [] }
    do {
      let asked = try store.portraitsAsked(of: portraits.map(\.pictureID))
      let wanted = portraits.filter { !asked.contains($0.pictureID) }
      guard !wanted.isEmpty, sessionHasPortraitScreen() else { return [] }
      let images = resources.imageFolder
      let files = try wanted.map { _ in try images.pendingFile() }
      let digests = wanted.map { _ in SHA256Observer() }
      let limits = RequestLimits(
        timeout: resources.configuration.networkLimits.requestTimeout, deadline: deadline)
      let jobs = zip(wanted, zip(files, digests)).map { portrait, pair in
        DownloadJob(
          request: limits.picture(
            url: portrait.url.text, maxBytes: PictureDownloader.maxBytes, headers: portrait.headers),
          fileDescriptor: pair.0.fileDescriptor, label: "portrait", observer: pair.1)
      }
      let responses = http.downloadAll(
        jobs, maxConcurrent: PictureDownloader.maxConcurrent, retry: .standard, progress: progress)
      var events: [UpdateEvent] = []
      for (index, portrait) in wanted.enumerated() {
        defer { files[index].discard() }
        do {
          let kept = try keepPortrait(
            portrait, responses[index], file: files[index], digest: digests[index], store: store, now: now)
          events.append(.portrait(key: kept.key, path: kept.path))
        } catch {
          events.append(
            .warning(.portraitFailed(key: "\(portrait.source.rawValue) #\(portrait.pictureID)", error)))
        }
      }
      return events
    } catch {
      return [.warning(.portraitsFailed(error))]
    }
  }

  /// One portrait file checked, taller than wide, and kept beside its picture: its path.
  private func keepPortrait(
    _ portrait: SourcePortrait, _ response: Result<HTTPResponse, NetError>, file: PendingImageFile,
    digest: SHA256Observer, store: HistoryStore, now: Date
  ) throws -> (key: String, path: String) {
    let checked = try SourcePictureCheck.check(
      response, file: file, digest: digest, source: portrait.source, url: portrait.url.text,
      folder: resources.imageFolder)
    defer { checked.discard() }
    guard checked.height > checked.width else {
      throw SourcePictureFailure(
        source: portrait.source, url: portrait.url.text,
        problem: "the portrait file is \(checked.width)x\(checked.height)", temporary: false)
    }
    guard let picture = try store.picture(id: portrait.pictureID) else {
      throw SourcePictureFailure(
        source: portrait.source, url: portrait.url.text, problem: "its picture left the history",
        temporary: false)
    }
    var file = NewPictureFile(
      key: picture.id.key, sha256: checked.sha256, path: "",
      resolution: Resolution(stored: "\(checked.width)x\(checked.height)"), width: checked.width,
      height: checked.height, bytes: checked.bytes)
    file.source = portrait.source
    _ = try PictureIngest(store: store, images: resources.imageFolder).keepPortrait(
      checked.file, of: portrait.pictureID, as: file,
      name: "\(portrait.source.rawValue)-\(picture.displayTitle.prefix(60))",
      date: picture.date, at: now)
    return (picture.id.key, try store.portraits(of: [portrait.pictureID])[portrait.pictureID] ?? "")
  }
}
