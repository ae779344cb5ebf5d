import BingWallModel
import BingWallSchedule
import BingWallSources
import BingWallStore
import FoundationEssentials

/// The sources but Bing in the daemon's schedule and `status`: each is one more entry beside
/// Bing's markets, named by its source (`apod`), whose picture is "published" when
/// its plug-in says the source is next due. So the daemon wakes for the earliest of Bing's
/// markets and the sources, and the update it runs asks only the sources due by then
/// (`Update.dueSources`).
enum SourceDeadlines {
  static func entries(_ sources: [Source], of registry: SourceRegistry, store: HistoryStore?) throws
    -> [NewestPicture]
  {
    let others = sources.filter { $0 != .bing }
    guard !others.isEmpty else { return [] }
    let fetches = try store?.fetches() ?? [:]
    return others.map { source in
      guard let fetch = fetches[source] else {
        return NewestPicture(.source(source), fullStartDate: nil)
      }
      let next = registry.nextFetch(source, fetchedAt: fetch.fetchedAt, newestDay: fetch.newestDay)
      // The schedule's rule is "24 hours after the current picture started".
      return NewestPicture(.source(source), fullStartDate: next - 24 * 60 * 60)
    }
  }
}
