import BingWallBing
import BingWallDesktop
import BingWallNet
import BingWallStore
import FoundationEssentials

extension Update {
  /// The portrait files of stored pictures whose source offers one (Bing's
  /// `{urlbase}_1080x1920.jpg`, Spotlight's 1080×1920) and that were not asked about yet, when a
  /// screen of this session is taller than wide: fetched and checked as a picture is (an image, a
  /// whole picture, no placeholder), taller than wide, and kept as the picture's rendition. A
  /// picture the source has none of (every check refused what it sent) is recorded so, and not
  /// asked about again; one that failed for a reason that may pass is asked about at the next
  /// update. Nothing here fails the update: the portrait screen then gets a crop of the picture,
  /// and a failure is one warning.
  ///
  /// `force`: asked again, also about pictures asked about before (`update --force`).
  func portraitEvents(
    _ plans: [DownloadPlan], force: Bool, store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant, now: Date
  ) -> [UpdateEvent] {
    guard !plans.isEmpty else { return [] }
    do {
      let asked = force ? [] : try store.portraitsAsked(of: plans.compactMap(\.portraitOf))
      let wanted = plans.filter { $0.portraitOf.map { !asked.contains($0) } ?? false }
      // The screens are read only when some picture lacks its portrait, so an hourly update of a
      // history that has them all starts no process.
      guard !wanted.isEmpty, sessionHasPortraitScreen() else { return [] }
      return try portraits(wanted, store: store, http: http, deadline: deadline, now: now)
    } catch {
      return [.warning(.portraitsFailed(error))]
    }
  }

  private func portraits(
    _ plans: [DownloadPlan], store: HistoryStore, http: any HTTPClient, deadline: ContinuousClock.Instant,
    now: Date
  ) throws -> [UpdateEvent] {
    var events: [UpdateEvent] = []
    var none: [Int64] = []
    for outcome in downloader(http: http, store: store, deadline: deadline, now: now).download(plans) {
      let key = outcome.plan.id.source == .bing ? outcome.plan.id.key : outcome.plan.id.description
      switch outcome.result {
      case .stored(let id):
        if let path = try store.portraits(of: [id])[id] {
          events.append(.portrait(key: key, path: path))
          resources.context.trace("portrait: wrote \(path)")
        }
      case .identical, .skipped(.notAttempted):
        break
      case .skipped, .failed(is DownloadError, temporary: false):
        // Every check refused what the source sent (missing, a placeholder, not portrait): it
        // has none.
        if let id = outcome.plan.portraitOf { none.append(id) }
      case .failed(let error, _):
        events.append(.warning(.portraitFailed(key: key, error)))
      }
    }
    if !none.isEmpty {
      try store.write {
        for id in none { try store.recordNoPortrait(pictureID: id, at: now) }
      }
    }
    return events
  }

  /// Bing's portrait plans for the pictures of the window, each by its newest stored id:
  /// `storedIDs` as the update's plan and downloads found them, so the history is not asked
  /// again; under `--force` the plan asked nothing, and each key's newest picture is asked here,
  /// once.
  func bingPortraitPlans(
    of shown: [ArchiveImage], storedIDs: [String: Int64], force: Bool, store: HistoryStore
  ) throws -> [DownloadPlan] {
    let endpoint = resources.configuration.endpoint
    return try shown.compactMap { image in
      let id = force ? try store.newestPictureID(.bing(image.key)) : storedIDs[image.key]
      return id.map { DownloadPlan(bingPortraitOf: image, rowID: $0, endpoint: endpoint) }
    }
  }

  /// True when the backend `apply` would choose makes pictures for the screens and one of them
  /// is taller than wide. Without a display (cron) the screens cannot be read: false, and the
  /// next update in the session fetches what is missing.
  func sessionHasPortraitScreen() -> Bool {
    guard resources.desktopSession.hasDisplay, let read = try? Outputs.read(resources: resources) else {
      return false
    }
    return read.pictureScope != .asIs && read.outputs.contains(where: \.isPortrait)
  }
}

extension DownloadPlan {
  /// The stored picture this plan fetches the portrait file of.
  var portraitOf: Int64? {
    if case .portrait(let rowID) = role { return rowID }
    return nil
  }
}
