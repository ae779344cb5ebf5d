import BingWallModel
import BingWallSystem
import FoundationEssentials

extension Source {
  /// Wikimedia Commons' picture of the day.
  package static let wikimedia = Source(SourceKind(word: "wikimedia"))
}

/// Wikimedia Commons' picture of the day: the rest_v1 featured feed for today (UTC), then
/// Commons' RSS feed; a picture wider than the widest screen as its thumbnail.
struct WikimediaSource: PictureSource {
  /// How long after a fetch that found an older day (the RSS fallback) it is asked again.
  static let notYetRetry: Duration = .seconds(3600)

  let profile = SourceProfile(
    id: .wikimedia, displayName: "Wikimedia Commons",
    // Wikimedia Commons opened on 2004-09-07; its picture of the day began after.
    firstDay: CalendarDate(year: 2004, month: 9, day: 7)!,
    offers: "Wikimedia Commons' picture of the day, at most 3840 pixels wide.",
    asks: "a way to reach you in network.contact (your e-mail or web page), as Wikimedia's "
      + "User-Agent policy asks.",
    terms: "a free licence, shown with each picture (often CC BY-SA); credit the author when you share it.")

  /// Its picture turns at 00:00 UTC: the next is due at the next UTC midnight; a fetch that found
  /// an older day is tried again an hour later.
  package func nextFetch(fetchedAt: Date, newestDay: CalendarDate?) -> Date {
    let today = WikimediaRequest.day(at: fetchedAt)
    if let newestDay, newestDay < today { return fetchedAt.adding(Self.notYetRetry) }
    return Date(timeIntervalSince1970: TimeInterval((today.dayNumber + 1) * 86_400))
  }

  /// `bingwall/VERSION (CONTACT)`, as Wikimedia's User-Agent policy asks.
  package func headers(_ settings: SourceSettings) -> [String: String] {
    ["User-Agent": WikimediaRequest.userAgent(version: settings.version, contact: settings.contact)]
  }

  package func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    try requests.withFallback(
      { (trace) throws(SourceAttemptFailure) in try featured(requests, at: instant, &trace) },
      then: { (trace) throws(SourceAttemptFailure) in try rss(requests, at: instant, &trace) })
  }

  func featured(_ requests: SourceRequests, at instant: Date, _ trace: inout [String])
    throws(SourceAttemptFailure) -> SourceOffer
  {
    let settings = requests.settings
    let day = WikimediaRequest.day(at: instant)
    let url = WikimediaRequest.featured(endpoint: settings.endpoint, language: settings.language, day: day)
    let answer = try requests.ok(requests.fetch(url, &trace))
    do {
      let response = try WikimediaResponse.decode(
        answer.body, day: day, policy: requests.policy, limit: requests.readingLimit())
      return SourceOffer(pictures: [bounded(response.picture, width: response.width, settings, &trace)])
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
  }

  func rss(_ requests: SourceRequests, at instant: Date, _ trace: inout [String]) throws(SourceAttemptFailure)
    -> SourceOffer
  {
    let settings = requests.settings
    let url = WikimediaRequest.rss(endpoint: settings.endpoint, language: settings.language)
    let answer = try requests.ok(requests.fetch(url, &trace))
    do {
      let feed = try WikimediaFeed.decode(
        answer.body, policy: requests.policy, at: instant, limit: requests.readingLimit())
      return SourceOffer(
        pictures: feed.picture.map { [bounded($0.picture, width: $0.width, settings, &trace)] } ?? [],
        implausible: feed.implausible)
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
  }

  /// A Commons picture whose original is wider than the widest screen, as its thumbnail at the
  /// standard width that covers that screen; the original when it is no wider than the screen.
  func bounded(_ picture: SourcePicture, width: Int?, _ settings: SourceSettings, _ trace: inout [String])
    -> SourcePicture
  {
    let screen = max(1, settings.largestScreenWidth ?? SourceSettings.defaultLargestScreenWidth)
    if let width, width <= screen { return picture }
    let thumbnailWidth = WikimediaThumbnail.standardWidth(covering: screen)
    var picture = picture
    let image = WikimediaThumbnail.bounded(
      original: picture.image, originalWidth: width, maximumWidth: thumbnailWidth, policy: settings.policy)
    if image != picture.image {
      trace.append(
        "Wikimedia Commons: the original is \(width.map { "\($0) pixels" } ?? "of unknown width") wide; "
          + "fetching its \(thumbnailWidth)-pixel thumbnail")
      picture.image = image
    }
    return picture
  }
}
