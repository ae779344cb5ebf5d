import BingWallBing
import BingWallDesktop
import BingWallNet
import BingWallStore
import FoundationEssentials

extension Update {
  /// Bing's portrait file (`{urlbase}_1080x1920.jpg`) of each stored picture of the window that
  /// Bing was not yet asked about, when a screen of this session is taller than wide: stored as
  /// the picture's rendition, with the same checks as a picture (an image, a whole JPEG, no
  /// placeholder, taller than wide). A picture Bing has none of is recorded so, and not asked
  /// about again; one that failed for a reason that may pass is asked about at the next update.
  /// Nothing here fails the update (`portraitEvents` turns an error into a warning): the portrait
  /// screen then gets a crop of the picture.
  ///
  /// `storedIDs` is each key's newest picture as the update's plan and downloads found it, so
  /// the history is not asked again; under `--force` the plan asked nothing, and each key's
  /// newest picture is asked here, once.
  func portraitEvents(
    of shown: [ArchiveImage], storedIDs: [String: Int64], force: Bool, store: HistoryStore,
    http: any HTTPClient, deadline: ContinuousClock.Instant, now: Date
  ) -> [UpdateEvent] {
    do {
      var ids = storedIDs
      if force {
        ids = [:]
        for image in shown { ids[image.key] = try store.newestPictureID(.bing(image.key)) }
      }
      return try portraits(
        of: shown, ids: ids, force: force, store: store, http: http, deadline: deadline, now: now)
    } catch {
      return [.warning(.portraitsFailed(error))]
    }
  }

  private func portraits(
    of shown: [ArchiveImage], ids: [String: Int64], force: Bool, store: HistoryStore, http: any HTTPClient,
    deadline: ContinuousClock.Instant, now: Date
  ) throws -> [UpdateEvent] {
    let asked = force ? [] : try store.portraitsAsked(of: Array(ids.values))
    let wanted = shown.filter { ids[$0.key].map { !asked.contains($0) } ?? false }
    // The screens are read only when some picture lacks its portrait, so an hourly update of a
    // history that has them all starts no process.
    guard !wanted.isEmpty, sessionHasPortraitScreen() else { return [] }
    var downloader = self.downloader(http: http, store: store, deadline: deadline, now: now)
    for image in wanted { downloader.portraitOf[image.key] = ids[image.key] }
    let plans = wanted.map(DownloadPlan.init(portraitOf:))
    var events: [UpdateEvent] = []
    var none: [Int64] = []
    for outcome in downloader.download(plans) {
      let key = outcome.plan.image.key
      switch outcome.result {
      case .stored(let id):
        if let path = try store.portraits(of: [id])[id] {
          events.append(.portrait(key: key, path: path))
          resources.context.trace("portrait: wrote \(path)")
        }
      case .identical:
        break
      case .skipped(.notAttempted):
        break
      case .skipped, .failed(is DownloadError, temporary: false):
        // Every check refused what Bing sent (missing, a placeholder, not portrait): it has none.
        if let id = ids[key] { none.append(id) }
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
