import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem

/// `bingwall import PATH`: the pictures of an export folder, a peer's folder or single files,
/// each checked and named like a downloaded one, under the update lock.
package struct Import {
  /// What happened to one file, in the order the files were tried.
  package enum Event: Sendable {
    case imported(Picture)
    /// Its content is stored already, under any key.
    case duplicate
    /// Refused before or while it was read: not a JPEG, unreadable, a checksum that differs.
    case refused(TransferError)
  }

  package struct Outcome: Sendable {
    package var events: [Event] = []
    /// The image folder or the history failed: nothing more came in; what did is in `events`.
    package var fatal: (any Error)?
  }

  var resources: Resources
  /// Fed file by file; nil off a terminal.
  package var progress: (any DownloadProgress)?
  /// Told when the import must wait for another command, with its pid when known.
  package var onWait: (Int32?) -> Void = { _ in }
  /// Only pictures one of these sources showed (`--source`); empty for all. A plain file, or a
  /// folder of another tool's, is Bing's.
  package var sources: [Source] = []

  package init(resources: Resources) { self.resources = resources }

  /// One picture `import --dry-run` would take: the file read, the key, date and markets its
  /// name and sidecars give, and how many other files of it would count as duplicates.
  package struct Preview: Sendable, Equatable {
    package var file: String
    package var key: String
    package var date: CalendarDate
    package var markets: [Market]
    package var others: Int
    package var favorite: Bool
    package var banned: Bool
  }

  /// What `run(path:)` would take from `source`, from names and sidecars alone: nothing is read
  /// but the folder's listing and its sidecars, and nothing is written.
  package func preview(path source: String) throws -> (previews: [Preview], refused: [TransferError]) {
    let plan = try ImportPlan.make(path: source, now: resources.context.clock.now()).keeping(sources)
    let previews = plan.jobs.map { job in
      let description = job.preview()
      return Preview(
        file: job.name, key: description.picture.file.key, date: description.date,
        markets: description.picture.appearances.compactMap(\.appearance.market).uniqued()
          .sorted { $0.code < $1.code },
        others: job.others, favorite: description.picture.favorite, banned: description.picture.banned)
    }
    return (previews, plan.refused)
  }

  package func run(path source: String) throws -> Outcome {
    let context = resources.context
    let now = context.clock.now()
    let plan = try ImportPlan.make(path: source, now: now).keeping(sources)
    var outcome = Outcome(events: plan.refused.map(Event.refused))

    let store = try resources.history()
    let lock = try resources.historyLock(onWait: onWait)
    defer { lock.release() }
    let images = resources.imageFolder
    try images.ensure()

    let progress = self.progress.flatMap { bar in
      plan.jobs.isEmpty
        ? nil
        : ImportProgress(
          bar: bar, clock: context.clock, jobCount: plan.jobs.count,
          totalBytes: plan.jobs.reduce(0) { $0 + $1.size })
    }
    let importer = PictureImporter(store: store, images: images, now: now, progress: progress)
    for job in plan.jobs {
      do {
        let file = try job.open()
        switch try importer.bring(
          file, expectedSHA256: job.expectedSHA256, describe: { job.describe(file, $0) })
        {
        case .imported(let id):
          if let picture = try store.picture(id: id) { outcome.events.append(.imported(picture)) }
        case .duplicate: outcome.events.append(.duplicate)
        }
        outcome.events += Array(repeating: .duplicate, count: job.others)
      } catch let error as TransferError {
        progress?.finish()
        outcome.events.append(.refused(error))
      } catch {
        outcome.fatal = error
        break
      }
      progress?.fileDone(label: job.name)
    }
    progress?.finish()
    return outcome
  }
}
