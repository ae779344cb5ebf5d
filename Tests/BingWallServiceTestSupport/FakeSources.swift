import BingWallTestSupport
import Foundation

@testable import BingWallModel
@testable import BingWallNet
@testable import BingWallSources
@testable import BingWallSystem

/// The sources beyond Bing (Windows Spotlight, NASA APOD, Wikimedia Commons, NASA Earth
/// Observatory) on ONE real loopback server, for the real libcurl client.
///
/// Every source's requests go under `baseURL` at their real paths (`/v4/api/selection`,
/// `/v3/Delivery/Placement`, `/wp-json/wp/v2/apod-basic/YYMMDD`, `/planetary/apod`,
/// `/api/rest_v1/feed/featured/YYYY/MM/DD`, `/w/api.php?action=featuredfeed…`,
/// `/feed/earth-observatory/image-of-the-day`, `/feeds/image-of-the-day.rss`), which is what a
/// source's configured endpoint does. They answer with the real fixture bodies of
/// `Tests/Fixtures/sources` and `Tests/Fixtures/feeds` (Earth Observatory's are hand-made), whose
/// picture URLs are rewritten to point at this server, which serves a small JPEG (a PNG for a
/// `.png` path) at each of them, and at each standard thumbnail width of a Commons original.
///
///     let fake = try FakeSources()                 // or FakeSources(now: Date()) for a real clock
///     let client = fake.client(.apod)              // SourceClient on the real libcurl client
///     let offer = try client.offer(at: fake.now)
///     fake.failing(.apod, with: .status(503))      // every APOD request answers 503
///     fake.failing(.spotlightV4, with: .noAd)      // only v4: the client falls back to v3
///     fake.failingPictures(with: .html("<p>gone</p>"))  // every picture answers a page
///     fake.failing(.earthObservatory, with: .pictureURLs(prefix: "file://"))  // file:///…
///     fake.requests(.apodBasic)                    // what the server was asked, to check
///
/// For the bingwall binary, `baseURL` is every source's endpoint (`BINGWALL_<SOURCE>_ENDPOINT`),
/// and `settings()` is what such an endpoint makes (`.loopbackHTTPAllowed`).
///
/// Days: the fake answers for the days of `now` (`FakeSources.defaultNow`, 2026-10-02 16:00 UTC,
/// unless given): APOD for `today` (US Eastern) and `yesterday` only, with the body's `date`
/// made the day asked for; Wikimedia's featured feed for `wikimediaDay` (UTC) only. APOD's basic
/// API serves the 2026-10-02 body (a PNG), api.nasa.gov the 2021-12-06 one (a JPEG, copyright
/// Andrew McCarthy). Wikimedia's featured feed serves `featured-2026-06-24.json`, its RSS feed
/// the ten days of June 2026. Spotlight and Earth Observatory ask for no day.
package final class FakeSources {
  /// One metadata request of one source.
  package enum Request: CaseIterable, Sendable {
    case spotlightV4, spotlightV3, apodBasic, apodPlanetary, wikimediaFeatured, wikimediaRSS
    case earthObservatoryFeed, earthObservatoryOldFeed

    package var source: Source {
      switch self {
      case .spotlightV4, .spotlightV3: .spotlight
      case .apodBasic, .apodPlanetary: .apod
      case .wikimediaFeatured, .wikimediaRSS: .wikimedia
      case .earthObservatoryFeed, .earthObservatoryOldFeed: .earthObservatory
      }
    }
  }

  /// What a failing request answers instead of its fixture.
  package enum Fault: Sendable {
    /// This status and an empty body.
    case status(Int)
    /// This body, as JSON (or XML for a feed) with this status.
    case body(String, status: Int = 200)
    /// A web page with status 200, as a portal or a moved site answers.
    case html
    /// A body of 50 MB, more than any source's answer may be, its length announced.
    case huge
    /// The same, sent chunked: no length to refuse at once, the client must stop reading.
    case hugeChunked
    /// The fixture, after `seconds` of silence.
    case delay(Double)
    /// A redirect to the same path on `localhost`, another host name for this server.
    case redirectOffHost
    /// APOD: the video day (2021-11-08) as the day asked for.
    case video
    /// APOD: `today` is not there yet (404 on apod-basic, `{"code":404,…}` on api.nasa.gov), but
    /// `yesterday` is; Wikimedia: the featured feed of `today` is 404.
    case todayMissing
    /// Spotlight: "No ad available", as v4 answers a client it refuses.
    case noAd
    /// api.nasa.gov refuses the key (HTTP 403, `API_KEY_INVALID`).
    case keyInvalid
    /// api.nasa.gov: the key is over its rate limit (HTTP 429, `OVER_RATE_LIMIT`).
    case overRateLimit
    /// The fixture with every URL on this server (its pictures) starting with `prefix` instead
    /// of `baseURL`: `file://` makes `file:///wikipedia/commons/…`, `javascript:alert(1)//` a
    /// script. JSON-escaped URLs (`http:\/\/…`) are rewritten escaped.
    case pictureURLs(prefix: String)
  }

  /// 2026-10-02 16:00:00 UTC: noon in New York.
  static let defaultNow = Date(timeIntervalSince1970: 1_790_956_800)

  package let server: FakeHTTPServer
  /// The instant the fake answers for: pass it to `offer(at:)`.
  package let now: Date
  /// APOD's day at `now` (US Eastern), and the day before.
  package let today: CalendarDate
  package let yesterday: CalendarDate
  /// Wikimedia's day at `now` (UTC).
  package let wikimediaDay: CalendarDate
  private let faults = Locked<[Request: Fault]>([:])
  private let pictureFault = Locked<FakeResponse?>(nil)
  let pictureWidth: Int
  let pictureHeight: Int

  /// `pictureWidth`×`pictureHeight` is the size of every picture served.
  package init(now: Date = FakeSources.defaultNow, pictureWidth: Int = 64, pictureHeight: Int = 36) throws {
    server = try FakeHTTPServer()
    self.now = now
    today = APODRequest.today(at: now)
    yesterday = today.previous ?? today
    wikimediaDay = WikimediaRequest.day(at: now)
    self.pictureWidth = pictureWidth
    self.pictureHeight = pictureHeight
    routeAll()
  }

  /// `http://127.0.0.1:PORT`: every source's endpoint.
  package var baseURL: String { server.baseURL }

  /// Makes `request` answer with `fault` from now on.
  package func failing(_ request: Request, with fault: Fault) {
    faults.withLock { $0[request] = fault }
  }

  /// Makes every request of `source` answer with `fault`.
  package func failing(_ source: Source, with fault: Fault) {
    for request in Request.allCases where request.source == source { failing(request, with: fault) }
  }

  /// Makes every picture answer `response` (nil: the picture again).
  package func failingPictures(with response: FakeResponse?) {
    pictureFault.withLock { $0 = response }
  }

  /// Ends every injected fault.
  package func healed() {
    faults.withLock { $0 = [:] }
    pictureFault.withLock { $0 = nil }
  }

  /// Settings that send every request of a source here (`.loopbackHTTPAllowed`).
  package func settings(
    apodKey: String? = nil, largestScreenWidth: Int? = nil, timeout: Duration = .seconds(10)
  )
    -> SourceSettings
  {
    SourceSettings(
      endpoint: baseURL, markets: [Market(stored: "en-US")],
      values: apodKey.map { ["apod.api_key": $0] } ?? [:],
      contact: "https://example.org/bingwall",
      version: "9.8.7", largestScreenWidth: largestScreenWidth, timeout: timeout, deadline: nil,
      policy: .loopbackHTTPAllowed)
  }

  /// A client of `source` on the real libcurl client, against this server.
  package func client(_ source: Source, settings: SourceSettings? = nil) -> SourceClient {
    SourceClient(
      Self.plugin(source), http: CurlHTTPClient(userAgent: "bingwall/9.8.7"),
      settings: settings ?? self.settings())
  }

  /// The standard plug-in of `source`.
  package static func plugin(_ source: Source) -> any PictureSource {
    guard let plugin = SourceRegistry.standard.plugin(for: source) else {
      preconditionFailure("no plug-in for \(source)")
    }
    return plugin
  }

  /// The metadata requests `request` received (not the pictures).
  package func requests(_ request: Request) -> [RecordedRequest] {
    let prefix = Self.pathPrefix(of: request)
    return server.requests.filter { $0.path.hasPrefix(prefix) }
  }

  /// The picture requests received.
  package var pictureRequests: [RecordedRequest] {
    server.requests.filter { recorded in pictures.withLock { $0.contains(recorded.path) } }
  }

  // MARK: - Routes

  private let pictures = Locked<Set<String>>([])

  private func routeAll() {
    route(
      .spotlightV4, path: "/v4/api/selection", body: json("sources/spotlight/spotlight_2025-06-02-v4.json"))
    route(
      .spotlightV3, path: "/v3/Delivery/Placement",
      body: json("sources/spotlight/spotlight_2025-06-02-v3.json"))
    for day in [today, yesterday] {
      let basic = dated(json("sources/apod/apod_2026-10-02-v2.json"), day: day)
      route(
        .apodBasic, path: "/wp-json/wp/v2/apod-basic/\(APODRequest.shortDate(day))", day: day, body: basic)
      let planetary = dated(json("sources/apod/apod_2021-12-06.json"), day: day)
      route(
        .apodPlanetary, path: "/planetary/apod", query: ["date": day.description], day: day, body: planetary)
    }
    let featured = json("sources/wikimedia/featured-2026-06-24.json")
    route(
      .wikimediaFeatured, path: WikimediaRequest.featured(endpoint: "", day: wikimediaDay), day: wikimediaDay,
      body: featured)
    route(
      .wikimediaRSS, path: "/w/api.php", query: ["action": "featuredfeed", "feed": "potd"],
      body: xml("feeds/wikimedia_commons-potd-rss-2026-06-24.xml"))
    route(
      .earthObservatoryFeed, path: "/feed/earth-observatory/image-of-the-day",
      body: xml("feeds/earth_observatory-iotd-handmade.xml"))
    route(
      .earthObservatoryOldFeed, path: "/feeds/image-of-the-day.rss",
      body: xml("feeds/earth_observatory-old-iotd-handmade.xml"))
  }

  /// The path every request of `request` starts with.
  static func pathPrefix(of request: Request) -> String {
    switch request {
    case .spotlightV4: "/v4/api/selection"
    case .spotlightV3: "/v3/Delivery/Placement"
    case .apodBasic: "/wp-json/wp/v2/apod-basic/"
    case .apodPlanetary: "/planetary/apod"
    case .wikimediaFeatured: "/api/rest_v1/feed/featured/"
    case .wikimediaRSS: "/w/api.php"
    case .earthObservatoryFeed: "/feed/earth-observatory/image-of-the-day"
    case .earthObservatoryOldFeed: "/feeds/image-of-the-day.rss"
    }
  }

  /// A served body: its text, rewritten, and its type.
  private struct Body: Sendable {
    var text: String
    var contentType: String
  }

  private func route(
    _ request: Request, path: String, query: [String: String] = [:], day: CalendarDate? = nil, body: Body
  ) {
    servePictures(in: body.text)
    let host = "127.0.0.1:\(server.port)"
    let redirectTarget = "http://localhost:\(server.port)"
    let base = baseURL
    let today = request.source == .wikimedia ? wikimediaDay : self.today
    server.route(path, query: query) { [faults] recorded in
      let fault = faults.withLock { $0[request] }
      if case .redirectOffHost? = fault {
        // The same server under another name answers the fixture, so the client sees a good
        // body from the wrong host.
        if recorded.header("Host") == host { return .redirect(to: redirectTarget + recorded.target) }
        return FakeResponse.bytes(Data(body.text.utf8), contentType: body.contentType)
      }
      if case .pictureURLs(let prefix)? = fault {
        return FakeResponse.bytes(
          Data(Self.repointed(body.text, from: base, to: prefix).utf8),
          contentType: body.contentType)
      }
      guard let fault else { return FakeResponse.bytes(Data(body.text.utf8), contentType: body.contentType) }
      return Self.answer(fault, request: request, day: day, today: today, body: body)
    }
  }

  private static func answer(
    _ fault: Fault, request: Request, day: CalendarDate?, today: CalendarDate, body: Body
  ) -> FakeResponse {
    let normal = FakeResponse.bytes(Data(body.text.utf8), contentType: body.contentType)
    switch fault {
    case .status(let status):
      return .status(status)
    case .body(let text, let status):
      return FakeResponse.bytes(Data(text.utf8), contentType: body.contentType, status: status)
    case .html:
      return .html(
        "<!DOCTYPE html>\n<html><head><title>Moved</title></head><body><p>This site has moved.</p></body></html>\n"
      )
    case .huge:
      return FakeResponse(
        headers: [("Content-Type", body.contentType)],
        body: .repeating(byte: UInt8(ascii: " "), count: 50 << 20))
    case .hugeChunked:
      return FakeResponse(
        headers: [("Content-Type", body.contentType)],
        body: .repeating(byte: UInt8(ascii: " "), count: 50 << 20), fault: .chunked(chunkSize: 64 << 10))
    case .delay(let seconds):
      return normal.delayed(seconds)
    case .redirectOffHost, .pictureURLs:
      return normal
    case .video:
      guard request.source == .apod, let day else { return normal }
      return .json(dated(Self.fixtureText("sources/apod/apod_2021-11-08-video.json"), day: day).text)
    case .todayMissing:
      guard day == today else { return normal }
      switch request {
      case .apodPlanetary:
        return .json(
          "{\"code\":404,\"msg\":\"No data available for date: \(today)\",\"service_version\":\"v1\"}",
          status: 404)
      case .apodBasic:
        return .json(
          "{\"code\":\"rest_post_invalid_id\",\"message\":\"Invalid post ID.\",\"data\":{\"status\":404}}",
          status: 404)
      default:
        return .status(404)
      }
    case .noAd:
      return .text("No ad available")
    case .keyInvalid:
      return .json(Self.fixtureText("sources/apod/apod_error-403-api-key-invalid.json").text, status: 403)
    case .overRateLimit:
      return .json(Self.fixtureText("sources/apod/apod_error-429-over-rate-limit.json").text, status: 429)
    }
  }

  // MARK: - Bodies and pictures

  /// The hosts whose URLs in the fixtures are pictures: rewritten to this server.
  package static let pictureHosts = [
    "res.public.onecdn.static.microsoft", "assets.science.nasa.gov", "apod.nasa.gov", "upload.wikimedia.org",
    "eoimages.gsfc.nasa.gov",
  ]

  private static func fixtureText(_ path: String) -> Body {
    Body(text: Fixtures.text(path), contentType: "application/json; charset=utf-8")
  }

  private func json(_ path: String) -> Body {
    Body(text: rewritten(Fixtures.text(path)), contentType: "application/json; charset=utf-8")
  }

  private func xml(_ path: String) -> Body {
    Body(text: rewritten(Fixtures.text(path)), contentType: "application/rss+xml; charset=utf-8")
  }

  /// `text` with the picture hosts' URLs (plain and JSON-escaped `https:\/\/`) on this server,
  /// and the science.nasa.gov pictures of Earth Observatory's feed too.
  package func rewritten(_ text: String) -> String {
    var text = text
    let escapedBase = baseURL.replacingOccurrences(of: "/", with: "\\/")
    for host in Self.pictureHosts {
      text = text.replacingOccurrences(of: "https://\(host)", with: baseURL)
      text = text.replacingOccurrences(of: "https:\\/\\/\(host)", with: escapedBase)
    }
    text = text.replacingOccurrences(
      of: "https://science.nasa.gov/wp-content/", with: "\(baseURL)/wp-content/")
    return text
  }

  /// `text` with every URL under `base`, plain or JSON-escaped, under `prefix` instead.
  static func repointed(_ text: String, from base: String, to prefix: String) -> String {
    text.replacingOccurrences(of: base, with: prefix).replacingOccurrences(
      of: base.replacingOccurrences(of: "/", with: "\\/"),
      with: prefix.replacingOccurrences(of: "/", with: "\\/"))
  }

  /// The APOD body `body` with its `date` the day asked for.
  private static func dated(_ body: Body, day: CalendarDate) -> Body {
    var body = body
    let pattern = try! NSRegularExpression(pattern: "\"date\": *\"[0-9-]+\"")
    let range = NSRange(body.text.startIndex..., in: body.text)
    body.text = pattern.stringByReplacingMatches(
      in: body.text, range: range, withTemplate: "\"date\": \"\(day.description)\"")
    return body
  }

  private func dated(_ body: Body, day: CalendarDate) -> Body { Self.dated(body, day: day) }

  /// Serves a picture at the path of every URL on this server that `text` names (JSON-escaped
  /// or not, HTML-escaped or not), and at every standard thumbnail width of a Commons original.
  private func servePictures(in text: String) {
    let plain = text.replacingOccurrences(of: "\\/", with: "/").replacingOccurrences(of: "&amp;", with: "&")
    var paths: Set<String> = []
    var rest = plain[...]
    while let range = rest.range(of: baseURL) {
      let after = rest[range.upperBound...]
      let end = after.firstIndex { "\"'<> ?\\\n\r\t".contains($0) } ?? after.endIndex
      let path = String(after[..<end])
      if path.count > 1, !path.hasPrefix("/w/"), !path.hasPrefix("/api/") { paths.insert(path) }
      rest = after[end...]
    }
    for found in paths {
      servePicture(at: found)
      // Earth Observatory's old feed: the full-size picture of a thumbnail.
      servePicture(at: EarthObservatoryFeed.fullSize(found))
      // Commons: the original of a thumbnail the feed names, and each standard thumbnail of it.
      let path = WikimediaFeed.originalText(ofThumbnail: found)
      servePicture(at: path)
      if let marker = path.range(of: "/wikipedia/commons/"), !path.contains("/thumb/") {
        let tail = path[marker.upperBound...]
        let name = tail.split(separator: "/").last.map(String.init) ?? ""
        for width in WikimediaThumbnail.standardWidths {
          let suffix = name.lowercased().hasSuffix(".svg") ? ".png" : ""
          servePicture(at: "/wikipedia/commons/thumb/\(tail)/\(width)px-\(name)\(suffix)")
        }
      }
    }
  }

  private func servePicture(at path: String) {
    let isNew = pictures.withLock { $0.insert(path).inserted }
    guard isNew else { return }
    let width = pictureWidth
    let height = pictureHeight
    if path.lowercased().hasSuffix(".png") {
      let png = Data(TestPNG.make(width: width, height: height))
      server.route(path) { [pictureFault] _ in
        pictureFault.withLock { $0 } ?? .bytes(png, contentType: "image/png")
      }
    } else {
      server.route(path) { [pictureFault] _ in
        if let fault = pictureFault.withLock({ $0 }) { return fault }
        guard let jpeg = try? TestJPEG.make(width: width, height: height, colour: FakeBing.colour(for: path))
        else {
          return .text("cannot make the JPEG", status: 500)
        }
        return .bytes(jpeg, contentType: "image/jpeg")
      }
    }
  }
}
