import BingWallBing
import BingWallCLI
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The update job: Bing's 8-day window for each market, new pictures downloaded, all recorded.
///
/// Holds the update lock for the whole run, so two updates (cron and the daemon) never download
/// the same picture twice: the second waits, then finds everything stored.
struct PictureUpdater {
  struct Options {
    var markets: [String]
    var resolution: String
    /// Only the newest N days of each market's window; nil for all eight.
    var days: Int?
    var force: Bool
  }

  let context: Context
  let configuration: Configuration
  let store: HistoryStore
  let images: ImageFolder
  /// Told when the run must wait for another update to finish.
  var onWait: (Int32?) -> Void = { _ in }
  var progress: (any DownloadProgress)?

  func run(_ options: Options) throws -> UpdateReport {
    try Paths.ensureDirectory(context.paths.stateDir)
    let lockPath = context.paths.stateDir + "/update.lock"
    var lock = try FileLock(path: lockPath, wait: false)
    if lock == nil {
      onWait(FileLock.holder(of: lockPath))
      lock = try FileLock(path: lockPath, wait: true)
    }
    defer { lock?.release() }

    try images.ensure()
    images.removeAbandonedFiles()
    var report = UpdateReport()
    let client = ArchiveClient(
      http: context.http, endpoint: configuration.endpoint, timeout: configuration.timeout)
    var plans: [DownloadPlan] = []
    var known: [String: Int] = [:]  // key → index in plans
    var appearancesOnly: [(key: String, appearance: Appearance)] = []

    for market in options.markets.reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
      let response: ArchiveResponse
      do {
        response = try Self.fetch(market, with: client)
      } catch {
        report.failures.append(.init(what: market, error: error, temporary: Self.isTemporary(error)))
        continue
      }
      if response.marketSubstituted, let served = response.servedMarket {
        report.substitutions.append(.init(requested: market, served: served))
      }
      for skipped in response.skipped {
        report.skipped.append(.init(key: "", market: market, date: "", reason: skipped.description))
      }
      let window = options.days.map { Array(response.images.prefix($0)) } ?? response.images
      for image in window {
        let appearance = Self.appearance(of: image, market: market, served: response.servedMarket)
        if let index = known[image.key] {
          plans[index].appearances.append(appearance)
        } else if !options.force, try store.hasPicture(key: image.key) {
          appearancesOnly.append((image.key, appearance))
          report.skipped.append(
            .init(key: image.key, market: market, date: appearance.date, reason: "already stored"))
        } else {
          known[image.key] = plans.count
          plans.append(DownloadPlan(image: image, appearances: [appearance], preferred: options.resolution))
        }
      }
    }

    let now = context.clock.now()
    if !appearancesOnly.isEmpty {
      try store.write {
        for (key, appearance) in appearancesOnly {
          guard let id = try store.newestPictureID(key: key) else { continue }
          if try store.record(appearance, pictureID: id, at: now) { report.appearancesRecorded += 1 }
        }
      }
    }

    let downloader = PictureDownloader(
      context: context, store: store, images: images, endpoint: configuration.endpoint,
      timeout: configuration.timeout, progress: progress, now: now)
    for outcome in downloader.download(plans) {
      switch outcome.result {
      case .stored(let id):
        if let picture = try store.picture(id: id) { report.fetched.append(picture) }
      case .identical:
        report.appearancesRecorded += outcome.plan.appearances.count
        for appearance in outcome.plan.appearances {
          report.skipped.append(
            .init(
              key: outcome.plan.image.key, market: appearance.market, date: appearance.date,
              reason: "already stored (identical file)"))
        }
      case .skipped(let reason):
        for appearance in outcome.plan.appearances {
          report.skipped.append(
            .init(
              key: outcome.plan.image.key, market: appearance.market, date: appearance.date, reason: reason))
        }
      case .failed(let error, let temporary):
        report.failures.append(.init(what: outcome.plan.image.key, error: error, temporary: temporary))
      }
    }
    report.fetched.sort { ($0.date, $0.id) > ($1.date, $1.id) }
    return report
  }

  /// The archive request, tried up to three times with backoff and jitter when the failure is
  /// temporary (no connection, timeout, 5xx), as the picture downloads are.
  static func fetch(_ market: String, with client: ArchiveClient) throws -> ArchiveResponse {
    let policy = RetryPolicy.standard
    for attempt in 1... {
      do {
        return try client.fetch(market: market)
      } catch  where attempt < policy.attempts && isTemporary(error) {
        let delay = policy.delay(beforeRetry: attempt, unit: Double.random(in: 0..<1))
        usleep(useconds_t(delay * 1_000_000))
      }
    }
    preconditionFailure("unreachable: the loop returns or throws")
  }

  static func isTemporary(_ error: any Error) -> Bool {
    switch error {
    case let error as NetError: return error.isTemporary
    case let error as BingError: return error.isTemporary
    default: return false
    }
  }

  static func appearance(of image: ArchiveImage, market: String, served: String?) -> Appearance {
    Appearance(
      market: market, servedMarket: served, date: image.date.description, bingID: image.bingID,
      title: image.title, caption: image.caption, credit: image.credit, copyright: image.copyright,
      // The link is for a browser: relative ones mean Bing's site, not a mirror or test endpoint.
      copyrightLink: image.absoluteCopyrightLink(endpoint: "https://www.bing.com") ?? "",
      urlbase: image.urlbase, hsh: image.hsh, wp: image.wp,
      fullStartDate: Timestamp.iso8601(image.fullStartDate))
  }
}
