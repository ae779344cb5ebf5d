import BingWallModel
import BingWallNet
import BingWallStore
import FoundationEssentials

/// Fetches plans (`PictureFetcher`) and keeps what came: each file named in the image folder and
/// recorded as its plan's role says, all in one transaction with one sync of the folder
/// (`PictureIngest.batch`). Every picture of an update goes through here, whatever its source,
/// and so do `doctor --fix`'s.
struct PictureDownloader {
  enum Result {
    /// Named in the image folder and recorded (see `PictureIngest`).
    case stored(pictureID: Int64)
    /// Bytes identical to a stored file that is still there: nothing new.
    case identical(pictureID: Int64)
    case skipped(UpdateSkip.Reason)
    case failed(any Error, temporary: Bool)
  }

  struct Outcome {
    var plan: DownloadPlan
    var result: Result
  }

  let fetcher: PictureFetcher
  let store: HistoryStore
  /// The time recorded as the pictures' arrival.
  let now: Date

  /// Each round's pictures are kept as soon as the round ends: a slow fallback size of one
  /// picture never holds the others back, nor loses them to a kill.
  func download(_ plans: [DownloadPlan]) -> [Outcome] {
    var results: [Int: Result] = [:]
    fetcher.fetch(plans) { settled in
      let kept = keep(settled.map { plans[$0.index] }, settled.map(\.fetch))
      for (item, outcome) in zip(settled, kept) { results[item.index] = outcome.result }
    }
    return plans.indices.map { Outcome(plan: plans[$0], result: results[$0] ?? .skipped(.notAttempted)) }
  }

  /// Names and records what `fetched` holds for each of `plans`, in one transaction. A picture
  /// that cannot be kept fails alone (its own savepoint); a transaction that cannot commit
  /// fails them all, and no name stays.
  func keep(_ plans: [DownloadPlan], _ fetched: [PictureFetcher.Fetch]) -> [Outcome] {
    let ingest = PictureIngest(store: store, images: fetcher.images)
    var results: [Result] = []
    do {
      try ingest.batch { batch in
        results = zip(plans, fetched).map { plan, fetch in keep(plan, fetch, batch) }
      }
    } catch {
      for case .fetched(let picture) in fetched { picture.discard() }
      results = plans.map { _ in .failed(error, temporary: false) }
    }
    return zip(plans, results).map { Outcome(plan: $0, result: $1) }
  }

  private func keep(_ plan: DownloadPlan, _ fetch: PictureFetcher.Fetch, _ ingest: PictureIngest) -> Result {
    let picture: FetchedPicture
    switch fetch {
    case .skipped(let reason): return .skipped(reason)
    case .failed(let error, let temporary): return .failed(error, temporary: temporary)
    case .fetched(let value): picture = value
    }
    let file = picture.record
    do {
      let result: PictureIngest.Result
      switch plan.role {
      case .picture:
        result = try ingest.keep(
          picture.file, as: file, name: plan.fileName, date: plan.date, appearances: plan.appearances, at: now
        )
      case .replacing(let rowID):
        result = try ingest.replace(
          picture.file, pictureID: rowID, with: file, name: plan.fileName, date: plan.date,
          appearances: plan.appearances, at: now)
      case .portrait(let rowID):
        result = try ingest.keepPortrait(
          picture.file, of: rowID, as: file, name: plan.fileName, date: plan.date, at: now)
      }
      switch result {
      case .stored(let id): return .stored(pictureID: id)
      case .identical(let id): return .identical(pictureID: id)
      }
    } catch {
      picture.discard()
      return .failed(error, temporary: false)
    }
  }
}
