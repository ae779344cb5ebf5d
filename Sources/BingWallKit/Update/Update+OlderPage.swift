import BingWallBing
import BingWallModel
import BingWallStore
import BingWallSystem

/// Bing's whole window: the archive's older page (`idx=7`, the seventh to the fourteenth day
/// back) beside the recent one, asked for only when the recent page cannot give the history
/// what it lacks, so that an ordinary update stays one request per market.
extension Update {
  /// What Bing's archive gave for one market.
  struct MarketArchive {
    var market: Market
    /// The recent page (`idx=0`), or why it could not be had: then the market failed.
    var recent: Result<ArchiveResponse, any Error>
    /// The older page, when it was asked for; its failure alone is a warning.
    var older: Result<ArchiveResponse, any Error>? = nil
  }

  /// Why an update asks for a market's older page.
  enum OlderPageReason: Equatable {
    /// The history has no picture of the market yet.
    case firstUpdate
    /// The history's newest day of the market, `newest`, is followed by days the recent page
    /// does not reach back to: the machine was off for more than a week.
    case gap(newest: CalendarDate)
  }

  /// Why `market`'s older page is needed, or nil when the recent page holds all the history
  /// lacks: the market's first update, or a gap the recent page cannot fill, the day after the
  /// newest day stored being older than the recent page's oldest day (with Bing's eight days
  /// listed, more than seven days missed: the newest stored is nine or more days before today).
  /// Under `--days` never: the newest `days` (at most eight) are all on the recent page.
  ///
  /// "Today" is Bing's own: the recent page's days, each the market's local date, so no time
  /// zone table and no clock is needed, and the recent page is the only thing it is compared with.
  static func olderPageReason(newestStored: CalendarDate?, recent: ArchiveResponse, days: Int?)
    -> OlderPageReason?
  {
    guard reachesOlderPage(days: days) else { return nil }
    guard let newestStored else { return .firstUpdate }
    guard let oldestListed = recent.images.lazy.map(\.date).min(), let next = newestStored.dayAfter,
      next < oldestListed
    else { return nil }
    return .gap(newest: newestStored)
  }

  /// Whether `--days` leaves the older page anything to give: the newest `days` (at most
  /// eight) are all on the recent page.
  static func reachesOlderPage(days: Int?) -> Bool {
    days.map { $0 > ArchiveRequest.imageCount } ?? true
  }

  /// `market`'s recent page, and its older page too when `bothPages` (no history yet): both
  /// asked for at once (`BingClient.archives`), then each through the retry loop on its own
  /// should its first answer be a failure that may pass; the older page not at all once the
  /// recent one failed, which fails the market whatever the older page says.
  static func fetchArchive(
    _ market: Market, bothPages: Bool, with client: BingClient, deadline: ContinuousClock.Instant,
    context: Context, givenUp: CancellationFlag
  ) -> MarketArchive {
    guard bothPages else {
      return MarketArchive(
        market: market,
        recent: Result {
          try fetch(
            market, page: .recent, with: client, deadline: deadline, context: context, givenUp: givenUp)
        })
    }
    let answers = client.archives(market: market.code, pages: [.recent, .older])
    let recent = Result {
      try fetch(
        market, page: .recent, with: client, deadline: deadline, context: context, givenUp: givenUp,
        first: answers[0])
    }
    guard case .success = recent else { return MarketArchive(market: market, recent: recent) }
    let older = Result {
      try fetch(
        market, page: .older, with: client, deadline: deadline, context: context, givenUp: givenUp,
        first: answers[1])
    }
    return MarketArchive(market: market, recent: recent, older: older)
  }

  /// Each market's archive with, where `olderPageReason` asks for it, its older page: the one
  /// already had (`fetchArchive`, with no history yet), else asked for now, one market after the
  /// other on this thread, after the recent pages, so that they ride on the connection that
  /// brought those; through the same retry loop as the recent page, within `deadline`.
  func withOlderPages(
    _ archives: [MarketArchive], days: Int?, store: HistoryStore, client: BingClient,
    deadline: ContinuousClock.Instant
  ) throws(StoreError) -> [MarketArchive] {
    var completed: [MarketArchive] = []
    for var archive in archives {
      let market = archive.market
      if case .success(let response) = archive.recent,
        let reason = Self.olderPageReason(
          newestStored: try store.newestDate(market: market, at: context.clock.now()), recent: response,
          days: days)
      {
        switch reason {
        case .firstUpdate:
          context.trace("archive: no picture of \(market) stored yet: asking for the older page too")
        case .gap(let newest):
          context.trace(
            "archive: no picture of \(market) stored since \(newest): asking for the older page too")
        }
        if archive.older == nil {
          archive.older = Result {
            try Self.fetch(
              market, page: .older, with: client, deadline: deadline, context: context,
              givenUp: CancellationFlag())
          }
        }
      }
      completed.append(archive)
    }
    return completed
  }
}
