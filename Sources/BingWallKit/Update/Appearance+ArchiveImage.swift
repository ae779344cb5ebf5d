import BingWallBing
import BingWallModel
import BingWallStore
import BingWallSystem

extension Appearance {
  /// What the history records of one archive entry shown in `market`; `served` is the market
  /// Bing answered with, when it says so. Update and doctor's window read the archive alike.
  init(_ image: ArchiveImage, market: Market, served: String?) {
    self.init(
      date: image.date,
      words: PictureWords(
        title: image.title, caption: image.caption, credit: image.credit, copyright: image.copyright,
        // The link is for a browser: relative ones mean Bing's site, not a mirror or test endpoint.
        copyrightLink: image.absoluteCopyrightLink(endpoint: "https://www.bing.com")),
      bing: BingListing(
        market: market, servedMarket: served.map(Market.init(stored:)), bingID: image.bingID,
        urlbase: image.urlbase, hsh: image.hsh, wp: image.wp, fullStartDate: image.fullStartDate))
  }
}
