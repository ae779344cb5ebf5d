import BingWallModel
import BingWallSystem
import FoundationEssentials

/// Bing's picture of the day, in each configured market. Its archive, stories and pictures come
/// through BingWallBing's client and the update's Bing stages; its base URL is `network.endpoint`,
/// and its schedule its markets' (`UpdateDeadline`).
package struct BingSource: PictureSource {
  package init() {}

  package var id: Source { .bing }
  package var displayName: String { "Bing" }
  // bing.com's home page opened with its picture in June 2009.
  package var firstDay: CalendarDate { CalendarDate(year: 2009, month: 6, day: 1)! }
  package var catalog: SourceCatalogEntry {
    SourceCatalogEntry(
      offers: "Bing's picture of the day in each of your markets, at 3840x2160 where Bing has it; "
        + "the last 8 days on each update, about 15 on the first.",
      terms: "for personal use as a wallpaper; Microsoft and the photographers keep the rights.")
  }
  package var settings: [SourceSetting] { [] }

  package func nextFetch(fetchedAt: Date, newestDay: CalendarDate?) -> Date {
    fetchedAt.adding(.seconds(24 * 3600))
  }

  package func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    throw SourceFailure(
      source: id, isTemporary: false, description: "Bing: its pictures come from its own client, not this one"
    )
  }
}
