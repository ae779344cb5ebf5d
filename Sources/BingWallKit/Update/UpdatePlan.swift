import BingWallBing
import BingWallModel
import BingWallSources
import BingWallStore
import FoundationEssentials

/// The archives of an update read against the history: what they tell (markets substituted,
/// warnings, failures, skips), the pictures to download, the appearances of pictures already
/// stored, and every picture of the window for its portrait file. Each key is asked of the
/// history once, whatever the number of markets it appears in (none under `--force`).
struct UpdatePlan {
  var substitutions: [UpdateEvent] = []
  var warnings: [UpdateWarning] = []
  var failures: [UpdateFailure] = []
  var skips: [UpdateSkip] = []
  var downloads: [DownloadPlan] = []
  /// Appearances of pictures the history has, each with the picture's newest id.
  var appearancesOfStored: [(pictureID: Int64, appearance: Appearance)] = []
  /// Every picture of the window, once (as its first market listed it), for its portrait file.
  var shown: [ArchiveImage] = []
  /// The newest stored id of each key the history was asked about and has.
  var storedIDs: [String: Int64] = [:]

  private let force: Bool
  /// When the update runs: a picture of a day it cannot have at this instant is skipped.
  private let now: Date
  /// Bing's address, which the pictures' URLs are made from.
  private let endpoint: String
  private var states: [String: HistoryStore.KeyState] = [:]
  private var downloadIndex: [String: Int] = [:]

  init(force: Bool, now: Date, endpoint: String) {
    self.force = force
    self.now = now
    self.endpoint = endpoint
  }

  /// A market whose archive could not be had.
  mutating func add(_ market: Market, failure error: any Error) {
    failures.append(
      .init(
        what: market.code, error: UntrustedCertificateError.advised(error),
        temporary: Update.isTemporary(error)))
  }

  /// A market's archive, the recent page and the older one when it came: the newest `days`
  /// pictures of both (all when nil), the days they share once, each either a download (at
  /// `preferred` first), an appearance of a stored picture, or a skip.
  mutating func add(
    _ recent: ArchiveResponse, older: ArchiveResponse?, of market: Market, days: Int?, preferred: Resolution,
    store: HistoryStore
  ) throws(StoreError) {
    if recent.marketSubstituted, let served = recent.servedMarket {
      substitutions.append(.substituted(requested: market, served: Market(stored: served)))
    }
    let pages = [(recent, recent.images)] + (older.map { [($0, $0.images(before: recent))] } ?? [])
    // Said once for the market: both pages of an archive that over-lists do so alike.
    var overlistingSaid = false
    for (page, _) in pages {
      if page.ignoredEntries > 0, !overlistingSaid {
        overlistingSaid = true
        warnings.append(
          .overlisted(
            market: market, listed: page.images.count + page.skipped.count + page.ignoredEntries,
            asked: ArchiveRequest.imageCount))
      }
      for skipped in page.skipped {
        skips.append(.init(key: nil, market: market, date: nil, reason: .unusableEntry(skipped)))
      }
    }
    let listed = pages.flatMap { page, images in images.map { (image: $0, served: page.servedMarket) } }
    let window = days.map { Array(listed.prefix($0)) } ?? listed
    for (image, served) in window {
      let appearance = Appearance(image, market: market, served: served)
      // Bing's day is checked as every source's is: a day after tomorrow would be the newest.
      if let problem = PlausibleDay.problem(appearance.date, since: BingSource().firstDay, at: now) {
        skips.append(
          .init(
            key: image.key, market: market, date: appearance.date,
            reason: .implausibleDay(appearance.date, problem)))
        continue
      }
      if states[image.key] == nil { shown.append(image) }
      switch try state(of: image.key, store: store) {
      case .pruned:
        skips.append(.init(key: image.key, market: market, date: appearance.date, reason: .pruned))
      case .stored(let newestID):
        appearancesOfStored.append((newestID, appearance))
        skips.append(.init(key: image.key, market: market, date: appearance.date, reason: .alreadyStored))
      case .new:
        if let index = downloadIndex[image.key] {
          downloads[index].appearances.append(appearance)
        } else {
          downloadIndex[image.key] = downloads.count
          downloads.append(
            DownloadPlan(bing: image, appearances: [appearance], preferred: preferred, endpoint: endpoint))
        }
      }
    }
  }

  /// What the history holds of `key`, asked the first time the key appears.
  private mutating func state(of key: String, store: HistoryStore) throws(StoreError) -> HistoryStore.KeyState
  {
    if let known = states[key] { return known }
    let state = force ? .new : try store.state(ofKey: key)
    states[key] = state
    if case .stored(let id) = state { storedIDs[key] = id }
    return state
  }
}
