import BingWallModel
import BingWallSystem
import FoundationEssentials

extension Source {
  /// Windows Spotlight: Microsoft's rotation of stock photographs for the Windows desktop and
  /// lock screen.
  package static let spotlight = Source(SourceKind(word: "spotlight"))
}

/// Windows Spotlight's photographs for the first market's country and language: its v4 API,
/// then v3.
struct SpotlightSource: PictureSource {
  let profile = SourceProfile(
    id: .spotlight, displayName: "Windows Spotlight",
    // Windows 10, the first with Spotlight, came out on 2015-07-29.
    firstDay: CalendarDate(year: 2015, month: 7, day: 29)!,
    offers: "Windows Spotlight's photographs: up to 4 a day, 3840x2160, for your first market's "
      + "country and language; a picture's date is the day it first came.",
    terms: "for personal use as a wallpaper; the stock agencies keep the rights.")

  /// Its API answers a browser's User-Agent only.
  package func headers(_ settings: SourceSettings) -> [String: String] {
    ["User-Agent": SpotlightRequest.userAgent]
  }

  package func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    try requests.withFallback(
      { (trace) throws(SourceAttemptFailure) in try ask(.v4, requests, at: instant, &trace) },
      then: { (trace) throws(SourceAttemptFailure) in try ask(.v3, requests, at: instant, &trace) })
  }

  func ask(
    _ version: SpotlightResponse.Version, _ requests: SourceRequests, at instant: Date,
    _ trace: inout [String]
  ) throws(SourceAttemptFailure) -> SourceOffer {
    let market = requests.settings.market
    let url =
      switch version {
      case .v4:
        SpotlightRequest.v4(endpoint: requests.endpoint(or: SpotlightRequest.v4Endpoint), market: market)
      case .v3:
        SpotlightRequest.v3(
          endpoint: requests.endpoint(or: SpotlightRequest.v3Endpoint), market: market, at: instant)
      }
    let answer = try requests.ok(requests.fetch(url, &trace))
    let response: SpotlightResponse
    do {
      response = try SpotlightResponse.decode(
        answer.body, version: version, policy: requests.policy, limit: requests.readingLimit())
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
    var offer = SourceOffer(pictures: response.pictures)
    for skipped in response.skipped {
      switch skipped.reason {
      case .promotion(let title):
        let named = title.isEmpty ? "" : " (\(TerminalText.quoted(title, limit: 60)))"
        offer.passedOver.append(
          "Windows Spotlight's item \(skipped.index + 1) is a promotion\(named), not a photograph")
      case .unusable(let error):
        trace.append("Windows Spotlight: item \(skipped.index + 1) passed over: \(error)")
      case .repeated:
        trace.append("Windows Spotlight: item \(skipped.index + 1) repeats an earlier one")
      }
    }
    if response.ignoredItems > 0 {
      trace.append(
        "Windows Spotlight: \(response.ignoredItems) items beyond the first \(SpotlightResponse.maximumItems) not read"
      )
    }
    return offer
  }
}
