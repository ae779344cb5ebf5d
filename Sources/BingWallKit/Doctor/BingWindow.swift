import BingWallBing
import BingWallModel
import BingWallNet
import BingWallStore

/// What Bing serves now: the whole window of every configured market (both pages of the archive,
/// about 15 days), by picture key, each picture with its appearances (a picture shown in two
/// markets has two).
struct BingWindow {
  struct Shown {
    var image: ArchiveImage
    var appearance: Appearance
  }

  var appearances: [String: [Shown]] = [:]
  /// The first market whose archive could not be read: without it, "Bing no longer serves it" is
  /// not known, so nothing is forgotten or removed on that ground.
  var failure: String?

  /// Both pages of the archive per market, at once, as a market's first `update` asks for (one try each:
  /// doctor is run by hand, and a second run is the retry), so that a picture up to two weeks
  /// old is downloaded again rather than forgotten: the configured markets and `extra`, the
  /// markets the pictures in question appeared in (one fetched with `update -m de-DE` is judged
  /// by de-DE's window). Either page failing is a failure: without it, "Bing no longer serves
  /// it" is not known. Bounded like an update: no request runs past 6 x `network.timeout`.
  static func fetch(_ resources: Resources, extra: [Market] = []) -> BingWindow {
    let configuration = resources.configuration
    var window = BingWindow()
    let http: any HTTPClient
    do {
      http = try resources.http()
    } catch {
      window.failure = "\(error)"
      return window
    }
    let limits = configuration.networkLimits
    let client = BingClient(
      http: http, endpoint: configuration.endpoint,
      limits: limits.requests(deadline: limits.updateDeadline(clock: resources.context.clock)))
    for market in (configuration[ConfigSchema.markets] + extra).uniqued() {
      do {
        let pages = client.archives(market: market.code, pages: [.recent, .older])
        let recent = try pages[0].get()
        let older = try pages[1].get()
        for (page, images) in [(recent, recent.images), (older, older.images(before: recent))] {
          for image in images {
            let appearance = Appearance(image, market: market, served: page.servedMarket)
            window.appearances[image.key, default: []].append(Shown(image: image, appearance: appearance))
          }
        }
      } catch {
        if window.failure == nil { window.failure = "\(market): \(error)" }
      }
    }
    return window
  }
}
