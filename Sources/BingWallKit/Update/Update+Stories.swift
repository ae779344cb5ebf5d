import BingWallBing
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials

/// Bing's longer text for the pictures (`network.story`): one request per market for its home
/// page model, only while the market's newest picture has no story yet (so once a day), made
/// while the pictures download, stored once they are. Optional: every failure of it is a
/// warning, and the update stands.
extension Update {
  /// The stories being fetched, per market.
  struct StoryFetch {
    var markets: [Market]
    /// Each market's newest picture id: when the model has no story for it, a row of empty
    /// texts says so, and the model is not asked again for that day.
    var newest: [Market: String]
    var results: Overlapped<[(market: Market, result: Result<[Story], any Error>)]>
  }

  /// Starts fetching the stories of each market whose newest listed picture has none; nil when
  /// there is none to fetch (or `network.story` is off).
  /// The newest picture Bing lists for each market asked for, whose story is looked for.
  func startStories(
    archives: [(market: Market, response: Result<ArchiveResponse, any Error>)], store: HistoryStore,
    http: any HTTPClient, deadline: ContinuousClock.Instant
  ) -> StoryFetch? {
    let configuration = resources.configuration
    guard configuration[ConfigSchema.story] else { return nil }
    let markets = archives.compactMap { market, response -> Market? in
      guard let newest = try? response.get().images.first,
        (try? store.lacksStory(market: market, bingID: newest.bingID)) ?? false
      else { return nil }
      return market
    }
    guard !markets.isEmpty else { return nil }
    let client = BingClient(
      http: http, endpoint: configuration.endpoint,
      limits: configuration.networkLimits.requests(deadline: deadline))
    // One try each: a story missed today is asked for again at the next update.
    let results = Overlapped {
      markets.map { market in (market: market, result: Result { try client.stories(market: market.code) }) }
    }
    let newest = Dictionary(
      archives.compactMap { market, response in (try? response.get().images.first).map { (market, $0.bingID) }
      }
    ) { first, _ in first }
    return StoryFetch(markets: markets, newest: newest, results: results)
  }

  /// Stores what `fetch` brought for the pictures the history has; a warning per market that
  /// failed, and none when all went well.
  func finishStories(_ fetch: StoryFetch?, store: HistoryStore) -> [UpdateEvent] {
    guard let fetch else { return [] }
    var events: [UpdateEvent] = []
    let now = resources.context.clock.now()
    for (market, result) in fetch.results.value() {
      let stories: [Story]
      do {
        stories = try result.get()
      } catch {
        events.append(.warning(.storyNotFetched(market: market, error)))
        continue
      }
      do {
        try store.write {
          for story in stories {
            try store.record(
              PictureStory(
                headline: story.headline, description: story.description, quickFact: story.quickFact),
              market: market, bingID: story.bingID, date: story.date, at: now)
          }
          if let newest = fetch.newest[market], !stories.contains(where: { $0.bingID == newest }) {
            try store.record(
              PictureStory(headline: "", description: "", quickFact: ""), market: market, bingID: newest,
              date: nil,
              at: now)
          }
        }
      } catch {
        events.append(.warning(.storyNotStored(market: market, error)))
      }
    }
    return events
  }
}
