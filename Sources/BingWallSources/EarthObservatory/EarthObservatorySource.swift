import BingWallModel
import BingWallSystem
import FoundationEssentials

extension Source {
  /// NASA Earth Observatory's image of the day.
  package static let earthObservatory = Source(SourceKind(word: "earth-observatory"))
}

/// NASA Earth Observatory's image of the day: its feed on science.nasa.gov, then its old feed on
/// earthobservatory.nasa.gov.
struct EarthObservatorySource: PictureSource {
  let profile = SourceProfile(
    id: .earthObservatory, displayName: "NASA Earth Observatory",
    // The Earth Observatory went online in 1999.
    firstDay: CalendarDate(year: 1999, month: 1, day: 1)!,
    offers: "NASA Earth Observatory's image of the day.",
    terms: "NASA's pictures are public domain; credit NASA Earth Observatory.")

  package func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    let feed = EarthObservatoryRequest.feed(endpoint: requests.endpoint(or: EarthObservatoryRequest.endpoint))
    let old = EarthObservatoryRequest.oldFeed(
      endpoint: requests.endpoint(or: EarthObservatoryRequest.oldEndpoint))
    return try requests.withFallback(
      { (trace) throws(SourceAttemptFailure) in try read(feed, requests, at: instant, &trace) },
      then: { (trace) throws(SourceAttemptFailure) in try read(old, requests, at: instant, &trace) })
  }

  /// What one of its feeds, by URL, offers.
  func read(_ url: String, _ requests: SourceRequests, at instant: Date, _ trace: inout [String])
    throws(SourceAttemptFailure) -> SourceOffer
  {
    let answer = try requests.ok(requests.fetch(url, &trace))
    do {
      let feed = try EarthObservatoryFeed.decode(
        answer.body, policy: requests.policy, at: instant, limit: requests.readingLimit())
      return SourceOffer(pictures: feed.picture.map { [$0] } ?? [], implausible: feed.implausible)
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
  }
}
