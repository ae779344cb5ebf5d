import BingWallModel
import BingWallStore
import BingWallSystem

/// `bingwall export DIR`: copies of the pictures under readable names, then the metadata that
/// `import` brings them back with (see `PictureExporter`).
package struct Export {
  package struct Request: Sendable {
    /// An absolute path; created when missing.
    package var folder: String
    package var favoritesOnly = false
    /// Only pictures shown on or after this local date (YYYY-MM-DD).
    package var since: CalendarDate?
    /// Only pictures these sources showed; empty for all.
    package var sources: [Source] = []

    package init(folder: String) { self.folder = folder }
  }

  /// What happened to each picture, in the history's order (newest first).
  package struct Outcome: Sendable {
    package var events: [(picture: Picture, outcome: PictureExporter.Outcome)]
  }

  var resources: Resources
  /// Told of each picture as it is done, so a long export shows its progress line by line.
  package var onEvent: (Picture, PictureExporter.Outcome) -> Void = { _, _ in }

  package init(resources: Resources) { self.resources = resources }

  package func run(_ request: Request) throws -> Outcome {
    guard let store = try resources.existingHistory() else { throw HistoryError.empty }
    let pictures = try store.pictures(
      HistoryStore.Query(
        limit: 0, favoritesOnly: request.favoritesOnly, since: request.since, sources: request.sources))
    try Paths.ensureDirectory(request.folder)
    var exporter = PictureExporter(store: store, folder: request.folder)
    var outcome = Outcome(events: [])
    for picture in pictures {
      let result = try exporter.export(picture)
      onEvent(picture, result)
      outcome.events.append((picture, result))
    }
    try exporter.finish(at: resources.context.clock.now())
    return outcome
  }
}
