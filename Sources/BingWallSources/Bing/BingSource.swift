import BingWallModel
import BingWallSystem
import FoundationEssentials

/// Bing's picture of the day, in each configured market. Its archive, stories and pictures come
/// through BingWallBing's client and the update's Bing stages; its base URL is `network.endpoint`,
/// and its schedule its markets' (`UpdateDeadline`).
package struct BingSource: PictureSource {
  package init() {}

  package let profile = SourceProfile(
    id: .bing, displayName: "Bing",
    // bing.com's home page opened with its picture in June 2009.
    firstDay: CalendarDate(year: 2009, month: 6, day: 1)!,
    offers: "Bing's picture of the day in each of your markets, at 3840x2160 where Bing has it; "
      + "the last 8 days on each update, about 15 on the first.",
    terms: "for personal use as a wallpaper; Microsoft and the photographers keep the rights.")

  /// Its base URL is `network.endpoint`, a key of its own.
  package var settings: [SourceSetting] { [] }

  package func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    throw SourceFailure(
      source: id, isTemporary: false, description: "Bing: its pictures come from its own client, not this one"
    )
  }
}
