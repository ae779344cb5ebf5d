import BingWallModel
import BingWallNet
import BingWallSystem
import FoundationEssentials

/// Fetches what one source offers now: its metadata requests, with the source's fallbacks, made
/// into `SourcePicture`s. The pictures themselves are the caller's to download, with `headers`.
///
/// Every request is a GET of at most `SourceBody.maximumSize` bytes within the settings' timeout
/// and deadline, and every answer is read within the same time (`SourceSettings.readingLimit`);
/// a redirect to another host than the one asked is refused before anything is sent there. There is no retry loop: a failure falls back once, to the source's other request,
/// and what fails then is a `SourceFailure` whose `isTemporary` says whether a later turn may do
/// better.
package struct SourceClient: Sendable {
  let source: Source
  let http: any HTTPClient
  let settings: SourceSettings

  /// A client for `source`; `.bing` has its own (`BingClient`), and this one offers nothing for it.
  package init(source: Source, http: any HTTPClient, settings: SourceSettings) {
    self.source = source
    self.http = http
    self.settings = settings
  }

  /// Headers every request of this source sends, picture downloads included (Spotlight's
  /// browser User-Agent, Wikimedia's `bingwall/VERSION (CONTACT)`); empty for none.
  package var headers: [String: String] {
    switch source {
    case .spotlight: ["User-Agent": SpotlightRequest.userAgent]
    case .wikimedia:
      ["User-Agent": WikimediaRequest.userAgent(version: settings.version, contact: settings.contact)]
    case .bing, .apod, .earthObservatory: [:]
    }
  }

  /// Metadata requests with the source's fallbacks: Spotlight v4 → v3; APOD api.nasa.gov (with
  /// a key) → apod-basic, each for today in US Eastern → the day before when today is not there
  /// yet (404/500/empty); Wikimedia rest_v1 featured for today (UTC) → Commons RSS; Earth
  /// Observatory's feed on science.nasa.gov → its old feed on earthobservatory.nasa.gov.
  package func offer(at instant: Date) throws(SourceFailure) -> SourceOffer {
    if let endpoint = settings.endpoint {
      do {
        _ = try RemoteURL(checking: endpoint, policy: settings.policy)
      } catch {
        throw SourceFailure(
          source: source, isTemporary: false,
          description:
            "\(source.displayName): the endpoint \(TerminalText.quoted(endpoint)) is not a URL bingwall fetches "
            + "(\(error)); check \(source.rawValue).endpoint")
      }
    }
    var trace: [String] = []
    switch source {
    case .bing:
      throw SourceFailure(
        source: .bing, isTemporary: false,
        description: "Bing: its pictures come from its own client, not this one")
    case .spotlight:
      return try withFallback(.spotlight(.v4), then: .spotlight(.v3), at: instant, &trace)
    case .apod:
      do {
        return try apod(at: instant, &trace)
      } catch {
        var failure = error
        failure.trace = trace
        throw failure
      }
    case .wikimedia:
      return try withFallback(.wikimediaFeatured, then: .wikimediaRSS, at: instant, &trace)
    case .earthObservatory:
      let feed = EarthObservatoryRequest.feed(endpoint: settings.endpoint ?? EarthObservatoryRequest.endpoint)
      let old = EarthObservatoryRequest.oldFeed(
        endpoint: settings.endpoint ?? EarthObservatoryRequest.oldEndpoint)
      return try withFallback(.earthObservatory(feed), then: .earthObservatory(old), at: instant, &trace)
    }
  }

  /// One metadata request of a source that falls back from one request to another.
  enum Step {
    case spotlight(SpotlightResponse.Version)
    case wikimediaFeatured
    case wikimediaRSS
    /// One of Earth Observatory's feeds, by its URL.
    case earthObservatory(String)
  }

  /// What `step` offers.
  func run(_ step: Step, at instant: Date, _ trace: inout [String]) throws(SourceAttemptFailure)
    -> SourceOffer
  {
    switch step {
    case .spotlight(let version): try spotlight(version, at: instant, &trace)
    case .wikimediaFeatured: try wikimediaFeatured(at: instant, &trace)
    case .wikimediaRSS: try wikimediaRSS(at: instant, &trace)
    case .earthObservatory(let url): try earthObservatory(url, at: instant, &trace)
    }
  }

  // MARK: - The sources

  func spotlight(_ version: SpotlightResponse.Version, at instant: Date, _ trace: inout [String])
    throws(SourceAttemptFailure) -> SourceOffer
  {
    let url =
      switch version {
      case .v4:
        SpotlightRequest.v4(
          endpoint: settings.endpoint ?? SpotlightRequest.v4Endpoint, market: settings.market)
      case .v3:
        SpotlightRequest.v3(
          endpoint: settings.endpoint ?? SpotlightRequest.v3Endpoint, market: settings.market, at: instant)
      }
    let answer = try ok(fetch(url, &trace))
    let response: SpotlightResponse
    do {
      response = try SpotlightResponse.decode(
        answer.body, version: version, policy: settings.policy, limit: settings.readingLimit())
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

  func apod(at instant: Date, _ trace: inout [String]) throws(SourceFailure) -> SourceOffer {
    let days = APODRequest.days(at: instant)
    var apis: [APODResponse.API] = [.basic]
    if let key = settings.apodKey, !key.isEmpty { apis.insert(.planetary, at: 0) }
    var failures: [SourceAttemptFailure] = []
    for api in apis {
      do {
        var offer = try apodDays(api, days: days, at: instant, &trace)
        // A refused key is the user's to fix, even though science.nasa.gov answered instead.
        offer.warnings += failures.filter(\.isKeyProblem).map(\.line)
        offer.trace = trace + offer.trace
        return offer
      } catch {
        failures.append(error)
        trace.append(api != apis.last ? "\(error.line); trying science.nasa.gov instead" : error.line)
      }
    }
    throw Attempt.combined(failures, source: .apod)
  }

  /// One APOD API: today, then the day before when today is not there yet.
  func apodDays(_ api: APODResponse.API, days: [CalendarDate], at instant: Date, _ trace: inout [String])
    throws(SourceAttemptFailure) -> SourceOffer
  {
    var missing: [String] = []
    var host = ""
    for day in days {
      let url: String
      switch api {
      case .basic: url = APODRequest.basic(endpoint: settings.endpoint ?? APODRequest.basicEndpoint, day: day)
      case .planetary:
        url = APODRequest.api(
          endpoint: settings.endpoint ?? APODRequest.apiEndpoint, day: day, key: settings.apodKey ?? "")
      }
      host = Attempt.host(of: url)
      let answer = try fetch(url, &trace)
      switch try apodDay(answer, api: api, host: host) {
      case .picture(let picture):
        // APOD answers for the day asked, or (before the day's picture is out) the day before.
        let asked = [day] + (day.previous.map { [$0] } ?? [])
        if let answered = picture.date, !asked.contains(answered) {
          let problem = PlausibleDay.problem(answered, from: .apod, at: instant) ?? .notAsked(asked)
          return SourceOffer(
            pictures: [], implausible: [PlausibleDay.Refusal(day: answered, problem: problem, path: "date")])
        }
        return SourceOffer(pictures: [picture])
      case .notAPicture(let line):
        return SourceOffer(pictures: [], passedOver: [line])
      case .missing(let why):
        missing.append("\(day) (\(why))")
        if day != days.last {
          trace.append("NASA APOD: \(host) has no picture for \(day) yet (\(why)); asking for the day before")
        }
      }
    }
    throw SourceAttemptFailure(
      line: "NASA APOD: \(host) has no picture yet for \(missing.joined(separator: " or ")); try again later",
      isTemporary: true, host: host)
  }

  enum APODDay {
    case picture(SourcePicture)
    case notAPicture(String)
    case missing(String)
  }

  /// What one day's answer says.
  func apodDay(_ answer: SourceAnswer, api: APODResponse.API, host: String) throws(SourceAttemptFailure)
    -> APODDay
  {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = answer.body.filter { !isSpace($0) }
    let succeeded = (200...299).contains(answer.status)
    if succeeded, text.isEmpty || text == Array("[]".utf8) { return .missing("an empty answer") }
    if answer.status == 404 || answer.status == 500 { return .missing("HTTP \(answer.status)") }
    let picture: SourcePicture
    do {
      picture = try APODResponse.decode(
        answer.body, api: api, policy: settings.policy, limit: settings.readingLimit())
    } catch {
      return try apodDay(refused: error, status: answer.status, host: host)
    }
    guard succeeded else { throw SourceAttemptFailure(status: answer.status, source: .apod, host: host) }
    return .picture(picture)
  }

  /// What a day's answer says that is not a picture: another medium, the day not there yet, or
  /// the API's refusal.
  func apodDay(refused error: SourceError, status: Int, host: String) throws(SourceAttemptFailure) -> APODDay
  {
    switch error {
    case .noPicture(_, .video(let day)):
      return .notAPicture("NASA APOD's \(day) is a video, not a picture")
    case .noPicture(_, .otherMedia(let day, let mediaType)):
      return .notAPicture(
        "NASA APOD's \(day) is not a picture (its media type is \(TerminalText.quoted(mediaType, limit: 40)))"
      )
    case .apiError(_, .status(let code), let message)
    where code == 404 || code == 500 || (code == 400 && message.contains("Date must be between")):
      // api.nasa.gov's "today" before its own midnight: "Date must be between Jun 16, 1995 and …".
      return .missing("\(code) \(TerminalText.quoted(message, limit: 60))")
    case .apiError(_, .named(let code), _) where code.hasPrefix("API_KEY"):
      throw SourceAttemptFailure(
        line: "NASA APOD: \(host) refused the key (\(code)); check apod.api_key", isTemporary: false,
        host: host,
        isKeyProblem: true)
    case .apiError(_, .named("OVER_RATE_LIMIT"), _):
      throw SourceAttemptFailure(
        line: "NASA APOD: \(host) says the key is over its rate limit (OVER_RATE_LIMIT); try again later",
        isTemporary: true, host: host)
    default:
      // An error page of a status that says more than its body.
      guard (200...299).contains(status) else {
        throw SourceAttemptFailure(status: status, source: .apod, host: host)
      }
      throw SourceAttemptFailure(error, host: host)
    }
  }

  func wikimediaFeatured(at instant: Date, _ trace: inout [String]) throws(SourceAttemptFailure)
    -> SourceOffer
  {
    let day = WikimediaRequest.day(at: instant)
    let url = WikimediaRequest.featured(endpoint: settings.endpoint, language: settings.language, day: day)
    let answer = try ok(fetch(url, &trace))
    do {
      let response = try WikimediaResponse.decode(
        answer.body, day: day, policy: settings.policy, limit: settings.readingLimit())
      return SourceOffer(pictures: [bounded(response.picture, width: response.width, &trace)])
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
  }

  func wikimediaRSS(at instant: Date, _ trace: inout [String]) throws(SourceAttemptFailure) -> SourceOffer {
    let url = WikimediaRequest.rss(endpoint: settings.endpoint, language: settings.language)
    let answer = try ok(fetch(url, &trace))
    do {
      let feed = try WikimediaFeed.decode(
        answer.body, policy: settings.policy, at: instant, limit: settings.readingLimit())
      return SourceOffer(
        pictures: feed.picture.map { [bounded($0.picture, width: $0.width, &trace)] } ?? [],
        implausible: feed.implausible)
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
  }

  /// A Commons picture whose original is wider than the widest screen, as its thumbnail at the
  /// standard width that covers that screen; the original when it is no wider than the screen.
  func bounded(_ picture: SourcePicture, width: Int?, _ trace: inout [String]) -> SourcePicture {
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

  func earthObservatory(_ url: String, at instant: Date, _ trace: inout [String]) throws(SourceAttemptFailure)
    -> SourceOffer
  {
    let answer = try ok(fetch(url, &trace))
    do {
      let feed = try EarthObservatoryFeed.decode(
        answer.body, policy: settings.policy, at: instant, limit: settings.readingLimit())
      return SourceOffer(pictures: feed.picture.map { [$0] } ?? [], implausible: feed.implausible)
    } catch {
      throw SourceAttemptFailure(error, host: answer.host)
    }
  }

  // MARK: - Requests

  /// One request, its outcome traced; throws for a transport failure or a redirect to another
  /// host than asked, which is refused before anything is sent there (`RedirectScope.sameHost`).
  /// Any status is an answer.
  func fetch(_ url: String, _ trace: inout [String]) throws(SourceAttemptFailure) -> SourceAnswer {
    let host = Attempt.host(of: url)
    let request = HTTPRequest(
      url: url, headers: headers, connectTimeout: min(settings.timeout, .seconds(10)),
      timeout: settings.timeout,
      maxBytes: Int64(SourceBody.maximumSize), deadline: settings.deadline, redirects: .sameHost)
    let response: HTTPResponse
    do {
      response = try http.get(request)
    } catch {
      trace.append("\(source.displayName): GET \(Attempt.shown(url)): \(error)")
      if case .redirectRefused(_, _, .otherHost(let other)) = error {
        throw SourceAttemptFailure(
          line:
            "\(source.displayName): \(host) sent the request on to another host (\(TerminalText.clean(other))); "
            + "not followed",
          isTemporary: false, host: host)
      }
      throw SourceAttemptFailure(
        line: "\(source.displayName): \(error)", isTemporary: error.isTemporary, host: host)
    }
    trace.append(
      "\(source.displayName): GET \(Attempt.shown(url)): HTTP \(response.status), \(response.body.count) bytes"
    )
    return SourceAnswer(status: response.status, body: Array(response.body), host: host)
  }

  /// `answer` when its status is 2xx.
  func ok(_ answer: SourceAnswer) throws(SourceAttemptFailure) -> SourceAnswer {
    guard (200...299).contains(answer.status) else {
      throw SourceAttemptFailure(status: answer.status, source: source, host: answer.host)
    }
    return answer
  }

  /// `primary`, and `fallback` when it fails; the trace of both, in order.
  func withFallback(_ primary: Step, then fallback: Step, at instant: Date, _ trace: inout [String])
    throws(SourceFailure) -> SourceOffer
  {
    let first: SourceAttemptFailure
    do {
      var offer = try run(primary, at: instant, &trace)
      offer.trace = trace + offer.trace
      return offer
    } catch {
      first = error
    }
    trace.append("\(first.line); trying the fallback")
    do {
      var offer = try run(fallback, at: instant, &trace)
      offer.trace = trace + offer.trace
      return offer
    } catch {
      trace.append(error.line)
      var failure = Attempt.combined([first, error], source: source)
      failure.trace = trace
      throw failure
    }
  }
}
