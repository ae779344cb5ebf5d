import BingWallModel
import BingWallNet
import BingWallSystem
import FoundationEssentials

/// Fetches what one source offers now: its metadata requests, with the source's fallbacks, made
/// into `SourcePicture`s. The pictures themselves are the caller's to download, with `headers`.
///
/// Every request is a GET of at most `SourceBody.maximumSize` bytes within the settings' timeout
/// and deadline; an answer from another host than the one asked (a redirect off the host) is
/// refused. There is no retry loop: a failure falls back once, to the source's other request,
/// and what fails then is a `SourceFailure` whose `isTemporary` says whether a later turn may do
/// better.
package struct SourceClient: Sendable {
  package let source: Source
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
      return try withFallback(
        &trace,
        primary: { (trace: inout [String]) throws(Attempt.Failure) in try spotlight(.v4, at: instant, &trace)
        },
        fallback: { (trace: inout [String]) throws(Attempt.Failure) in try spotlight(.v3, at: instant, &trace)
        })
    case .apod:
      do {
        return try apod(at: instant, &trace)
      } catch {
        var failure = error
        failure.trace = trace
        throw failure
      }
    case .wikimedia:
      return try withFallback(
        &trace,
        primary: { (trace: inout [String]) throws(Attempt.Failure) in
          try wikimediaFeatured(at: instant, &trace)
        },
        fallback: { (trace: inout [String]) throws(Attempt.Failure) in try wikimediaRSS(&trace) })
    case .earthObservatory:
      return try withFallback(
        &trace,
        primary: { (trace: inout [String]) throws(Attempt.Failure) in
          try earthObservatory(
            EarthObservatoryRequest.feed(endpoint: settings.endpoint ?? EarthObservatoryRequest.endpoint),
            &trace)
        },
        fallback: { (trace: inout [String]) throws(Attempt.Failure) in
          try earthObservatory(
            EarthObservatoryRequest.oldFeed(
              endpoint: settings.endpoint ?? EarthObservatoryRequest.oldEndpoint), &trace)
        })
    }
  }

  // MARK: - The sources

  func spotlight(_ version: SpotlightResponse.Version, at instant: Date, _ trace: inout [String])
    throws(Attempt.Failure) -> SourceOffer
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
      response = try SpotlightResponse.decode(answer.body, version: version, policy: settings.policy)
    } catch {
      throw Attempt.Failure(error, host: answer.host)
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
    var failures: [Attempt.Failure] = []
    for api in apis {
      do {
        var offer = try apodDays(api, days: days, &trace)
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
  func apodDays(_ api: APODResponse.API, days: [CalendarDate], _ trace: inout [String]) throws(Attempt
    .Failure)
    -> SourceOffer
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
    throw Attempt.Failure(
      line: "NASA APOD: \(host) has no picture yet for \(missing.joined(separator: " or ")); try again later",
      isTemporary: true, what: host)
  }

  enum APODDay {
    case picture(SourcePicture)
    case notAPicture(String)
    case missing(String)
  }

  /// What one day's answer says.
  func apodDay(_ answer: Attempt.Answer, api: APODResponse.API, host: String) throws(Attempt.Failure)
    -> APODDay
  {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = answer.body.filter { !isSpace($0) }
    if (200...299).contains(answer.status), text.isEmpty || text == Array("[]".utf8) {
      return .missing("an empty answer")
    }
    if answer.status == 404 || answer.status == 500 { return .missing("HTTP \(answer.status)") }
    do {
      let picture = try APODResponse.decode(answer.body, api: api, policy: settings.policy)
      guard (200...299).contains(answer.status) else {
        throw Attempt.Failure(status: answer.status, source: .apod, host: host)
      }
      return .picture(picture)
    } catch let error as Attempt.Failure {
      throw error
    } catch let error as SourceError {
      switch error {
      case .noPicture(_, .video(let day)):
        return .notAPicture("NASA APOD's \(day) is a video, not a picture")
      case .noPicture(_, .otherMedia(let day, let mediaType)):
        return .notAPicture(
          "NASA APOD's \(day) is not a picture (its media type is \(TerminalText.quoted(mediaType, limit: 40)))"
        )
      case .apiError(_, .status(let status), let message)
      where status == 404 || status == 500 || (status == 400 && message.contains("Date must be between")):
        return .missing("\(status) \(TerminalText.quoted(message, limit: 60))")
      case .apiError(_, .named(let code), _) where code.hasPrefix("API_KEY"):
        throw Attempt.Failure(
          line: "NASA APOD: \(host) refused the key (\(code)); check apod.api_key", isTemporary: false,
          what: host,
          isKeyProblem: true)
      case .apiError(_, .named("OVER_RATE_LIMIT"), _):
        throw Attempt.Failure(
          line: "NASA APOD: \(host) says the key is over its rate limit (OVER_RATE_LIMIT); try again later",
          isTemporary: true, what: host)
      default:
        guard (200...299).contains(answer.status) else {
          throw Attempt.Failure(status: answer.status, source: .apod, host: host)
        }
        throw Attempt.Failure(error, host: host)
      }
    } catch {
      throw Attempt.Failure(line: "NASA APOD: \(error)", isTemporary: false, what: host)
    }
  }

  func wikimediaFeatured(at instant: Date, _ trace: inout [String]) throws(Attempt.Failure) -> SourceOffer {
    let day = WikimediaRequest.day(at: instant)
    let url = WikimediaRequest.featured(endpoint: settings.endpoint, language: settings.language, day: day)
    let answer = try ok(fetch(url, &trace))
    do {
      let response = try WikimediaResponse.decode(answer.body, day: day, policy: settings.policy)
      return SourceOffer(pictures: [bounded(response.picture, width: response.width, &trace)])
    } catch {
      throw Attempt.Failure(error, host: answer.host)
    }
  }

  func wikimediaRSS(_ trace: inout [String]) throws(Attempt.Failure) -> SourceOffer {
    let url = WikimediaRequest.rss(endpoint: settings.endpoint, language: settings.language)
    let answer = try ok(fetch(url, &trace))
    do {
      let (picture, width) = try WikimediaFeed.decode(answer.body, policy: settings.policy)
      return SourceOffer(pictures: [bounded(picture, width: width, &trace)])
    } catch {
      throw Attempt.Failure(error, host: answer.host)
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

  func earthObservatory(_ url: String, _ trace: inout [String]) throws(Attempt.Failure) -> SourceOffer {
    let answer = try ok(fetch(url, &trace))
    do {
      return SourceOffer(pictures: [try EarthObservatoryFeed.decode(answer.body, policy: settings.policy)])
    } catch {
      throw Attempt.Failure(error, host: answer.host)
    }
  }

  // MARK: - Requests

  /// One request, its outcome traced; throws for a transport failure or an answer from another
  /// host than asked. Any status is an answer.
  func fetch(_ url: String, _ trace: inout [String]) throws(Attempt.Failure) -> Attempt.Answer {
    let host = Attempt.host(of: url)
    let request = HTTPRequest(
      url: url, headers: headers, connectTimeout: min(settings.timeout, .seconds(10)),
      timeout: settings.timeout,
      maxBytes: Int64(SourceBody.maximumSize), deadline: settings.deadline)
    let response: HTTPResponse
    do {
      response = try http.get(request)
    } catch {
      trace.append("\(source.displayName): GET \(Attempt.shown(url)): \(error)")
      throw Attempt.Failure(
        line: "\(source.displayName): \(error)", isTemporary: error.isTemporary, what: host)
    }
    trace.append(
      "\(source.displayName): GET \(Attempt.shown(url)): HTTP \(response.status), \(response.body.count) bytes"
    )
    if !response.effectiveURL.isEmpty {
      let answered = (try? RemoteURL(checking: response.effectiveURL, policy: settings.policy))?.host
      guard answered == host else {
        let other =
          answered.map { "(\($0))" } ?? "(\(TerminalText.quoted(Attempt.shown(response.effectiveURL))))"
        throw Attempt.Failure(
          line:
            "\(source.displayName): \(host) sent the request on to another host \(other); refusing its answer",
          isTemporary: false, what: host)
      }
    }
    return Attempt.Answer(status: response.status, body: Array(response.body), host: host)
  }

  /// `answer` when its status is 2xx.
  func ok(_ answer: Attempt.Answer) throws(Attempt.Failure) -> Attempt.Answer {
    guard (200...299).contains(answer.status) else {
      throw Attempt.Failure(status: answer.status, source: source, host: answer.host)
    }
    return answer
  }

  /// `primary`, and `fallback` when it fails; the trace of both, in order.
  func withFallback(
    _ trace: inout [String], primary: (inout [String]) throws(Attempt.Failure) -> SourceOffer,
    fallback: (inout [String]) throws(Attempt.Failure) -> SourceOffer
  ) throws(SourceFailure) -> SourceOffer {
    let first: Attempt.Failure
    do {
      var offer = try primary(&trace)
      offer.trace = trace + offer.trace
      return offer
    } catch {
      first = error
    }
    trace.append("\(first.line); trying the fallback")
    do {
      var offer = try fallback(&trace)
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

/// One request's answer or failure, inside `SourceClient`.
enum Attempt {
  struct Answer {
    var status: Int
    var body: [UInt8]
    var host: String
  }

  /// Why one request gave nothing.
  struct Failure: Error {
    /// One line naming the source.
    var line: String
    var isTemporary: Bool
    /// The host asked, to name the fallback in the final line.
    var what: String
    /// True when api.nasa.gov refused the configured key.
    var isKeyProblem = false

    init(line: String, isTemporary: Bool, what: String, isKeyProblem: Bool = false) {
      self.line = line
      self.isTemporary = isTemporary
      self.what = what
      self.isKeyProblem = isKeyProblem
    }

    init(_ error: SourceError, host: String) {
      self.init(line: error.description, isTemporary: error.isTemporary, what: host)
    }

    init(status: Int, source: Source, host: String) {
      let temporary = HTTPResponse.isTemporaryFailure(status: status)
      self.init(
        line: "\(source.displayName): \(host) answered HTTP \(status)\(temporary ? "; try again later" : "")",
        isTemporary: temporary, what: host)
    }
  }

  /// The failure of a source whose every request failed: the first request's line (the source's
  /// own API, which matters most), and that the fallback failed too; temporary when any was.
  static func combined(_ failures: [Failure], source: Source) -> SourceFailure {
    guard let first = failures.first else {
      return SourceFailure(
        source: source, isTemporary: true, description: "\(source.displayName) gave nothing")
    }
    var line = first.line
    if let last = failures.last, failures.count > 1 {
      line += last.what.isEmpty ? " (its fallback failed too)" : " (its fallback on \(last.what) failed too)"
    }
    return SourceFailure(source: source, isTemporary: failures.contains { $0.isTemporary }, description: line)
  }

  /// The host of a URL this client built; empty when it has none.
  static func host(of url: String) -> String {
    (try? RemoteURL(checking: url, policy: .loopbackHTTPAllowed))?.host ?? ""
  }

  /// A URL as a trace shows it: the value of a query item whose name says it is a key (`api_key`)
  /// masked, so that no line shows the user's key.
  static func shown(_ url: String) -> String {
    guard let mark = url.firstIndex(of: "?") else { return url }
    let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map {
      item -> String in
      guard let equals = item.firstIndex(of: "="), item[..<equals].lowercased().contains("key") else {
        return String(item)
      }
      return "\(item[..<equals])=REDACTED"
    }
    return "\(url[..<mark])?\(items.joined(separator: "&"))"
  }
}
