import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallNet
@testable import BingWallSources

/// What each source's client does when its requests fail or its bodies are hostile, against
/// the fake sources on a real loopback server: one `SourceFailure` line naming the source, the
/// right `isTemporary`, and never a picture URL bingwall must not fetch.
@Suite struct SourceClientFailureTests {
  /// The failure of `source`'s offer; nil (and a recorded issue) when it offers something.
  static func failure(_ fake: FakeSources, _ source: Source, settings: SourceSettings? = nil)
    -> SourceFailure?
  {
    do {
      let offer = try fake.client(source, settings: settings).offer(at: fake.now)
      Issue.record("expected a failure, got \(offer)")
      return nil
    } catch {
      return error
    }
  }

  @Test func spotlightBothAPIsFailing() throws {
    let fake = try FakeSources()
    fake.failing(.spotlightV4, with: .noAd)
    fake.failing(.spotlightV3, with: .status(503))
    let failure = try #require(Self.failure(fake, .spotlight))
    #expect(failure.source == .spotlight)
    #expect(failure.isTemporary)
    #expect(failure.description.hasPrefix("Windows Spotlight has nothing to show now ('No ad available')"))
    #expect(failure.description.hasSuffix("(its fallback on 127.0.0.1 failed too)"))
  }

  @Test func spotlightItemThatIsNotJSON() throws {
    let fake = try FakeSources()
    fake.failing(.spotlight, with: .body(#"{"batchrsp":{"items":[{"item":"{not json"}]}}"#))
    let failure = try #require(Self.failure(fake, .spotlight))
    #expect(!failure.isTemporary)
    #expect(failure.description.contains("batchrsp.items[0].item that is not JSON"))
  }

  @Test func spotlightWrongTypes() throws {
    let fake = try FakeSources()
    fake.failing(.spotlight, with: .body(#"{"batchrsp":{"items":{"item":"x"}}}"#))
    let failure = try #require(Self.failure(fake, .spotlight))
    #expect(
      failure.description
        == "Windows Spotlight's answer has batchrsp.items as an object, not a list (its fallback on 127.0.0.1 failed too)"
    )
    #expect(!failure.isTemporary)
  }

  @Test func spotlightJavascriptPictureIsRefusedAndV3Answers() throws {
    let fake = try FakeSources()
    let ad = #"{"ad":{"landscapeImage":{"asset":"javascript:alert(1)"},"entityId":"x1"}}"#
    let body = try JSONSerialization.data(withJSONObject: ["batchrsp": ["items": [["item": ad]]]])
    fake.failing(.spotlightV4, with: .body(String(decoding: body, as: UTF8.self)))
    let offer = try fake.client(.spotlight).offer(at: fake.now)
    #expect(offer.pictures.count == 2)
    #expect(offer.pictures.allSatisfy { $0.image.text.hasPrefix("http://127.0.0.1:") })
    #expect(
      offer.trace.contains {
        $0.contains("landscapeImage.asset that bingwall does not fetch: its scheme is 'javascript'")
      })
  }

  @Test func apodRefusedKeyAndScienceNasaGovDown() throws {
    let fake = try FakeSources()
    fake.failing(.apodPlanetary, with: .keyInvalid)
    fake.failing(.apodBasic, with: .status(503))
    let failure = try #require(Self.failure(fake, .apod, settings: fake.settings(apodKey: "BAD")))
    #expect(
      failure.description
        == "NASA APOD: 127.0.0.1 refused the key (API_KEY_INVALID); check apod.api_key (its fallback on 127.0.0.1 failed too)"
    )
    // science.nasa.gov may answer later.
    #expect(failure.isTemporary)
  }

  @Test func apodMissingKeyWhileScienceNasaGovServesAPage() throws {
    let fake = try FakeSources()
    fake.failing(
      .apodPlanetary,
      with: .body(Fixtures.text("sources/apod/apod_error-403-api-key-missing.json"), status: 403))
    fake.failing(.apodBasic, with: .html)
    let failure = try #require(Self.failure(fake, .apod, settings: fake.settings(apodKey: "X")))
    #expect(
      failure.description.hasPrefix(
        "NASA APOD: 127.0.0.1 refused the key (API_KEY_MISSING); check apod.api_key"))
    #expect(!failure.isTemporary)
  }

  @Test func apodOverRateLimitIsTemporary() throws {
    let fake = try FakeSources()
    fake.failing(.apodPlanetary, with: .overRateLimit)
    fake.failing(.apodBasic, with: .html)
    let failure = try #require(Self.failure(fake, .apod, settings: fake.settings(apodKey: "DEMO_KEY")))
    #expect(failure.description.contains("over its rate limit (OVER_RATE_LIMIT)"))
    #expect(failure.isTemporary)
  }

  @Test func apodNeitherDayThereYet() throws {
    let fake = try FakeSources()
    fake.failing(.apodBasic, with: .status(404))
    let failure = try #require(Self.failure(fake, .apod))
    #expect(failure.isTemporary)
    #expect(
      failure.description
        == "NASA APOD: 127.0.0.1 has no picture yet for 2026-10-02 (HTTP 404) or 2026-10-01 (HTTP 404); try again later"
    )
    #expect(fake.requests(.apodBasic).count == 2)
  }

  @Test func apodEmptyAnswerAndServerErrorMeanNotThereYet() throws {
    let fake = try FakeSources()
    fake.failing(.apodBasic, with: .body("[]"))
    #expect(Self.failure(fake, .apod)?.description.contains("2026-10-02 (an empty answer)") == true)
    fake.failing(.apodBasic, with: .status(500))
    #expect(Self.failure(fake, .apod)?.isTemporary == true)
  }

  @Test func apodHTMLInsteadOfJSON() throws {
    let fake = try FakeSources()
    fake.failing(.apod, with: .html)
    let failure = try #require(Self.failure(fake, .apod))
    #expect(failure.description == "NASA APOD's answer is not JSON: it is an HTML page")
    #expect(!failure.isTemporary)
    #expect(fake.requests(.apodBasic).count == 1)
  }

  @Test func apodMissingFieldAndWrongType() throws {
    let fake = try FakeSources()
    fake.failing(.apodBasic, with: .body(#"{"date":"2026-10-02","media_type":"image","title":"No picture"}"#))
    #expect(Self.failure(fake, .apod)?.description == "NASA APOD's answer has no hdurl")
    fake.failing(.apodBasic, with: .body(#"{"date":"2026-10-02","media_type":["image"]}"#))
    #expect(
      Self.failure(fake, .apod)?.description == "NASA APOD's answer has media_type as a list, not a string")
  }

  @Test func apodFileAndJavascriptPicturesAreRefused() throws {
    let fake = try FakeSources()
    for (url, scheme) in [("file:///etc/passwd", "file"), ("javascript:alert(1)", "javascript")] {
      fake.failing(.apodBasic, with: .body(#"{"date":"2026-10-02","media_type":"image","hdurl":"\#(url)"}"#))
      let failure = try #require(Self.failure(fake, .apod))
      #expect(
        failure.description
          == "NASA APOD's answer names a URL at hdurl that bingwall does not fetch: its scheme is '\(scheme)', not https"
      )
      #expect(!failure.isTemporary)
    }
  }

  @Test func aHugeBodyIsCutAtTheBound() throws {
    let fake = try FakeSources()
    fake.failing(.apod, with: .huge)
    let clock = ContinuousClock()
    let start = clock.now
    let failure = try #require(Self.failure(fake, .apod))
    #expect(clock.now - start < .seconds(20))
    #expect(failure.description.contains("is larger than \(SourceBody.maximumSize) bytes"))
    #expect(!failure.isTemporary)
  }

  @Test func aHugeChunkedBodyIsCutAtTheBound() throws {
    let fake = try FakeSources()
    fake.failing(.wikimedia, with: .hugeChunked)
    let failure = try #require(Self.failure(fake, .wikimedia))
    #expect(failure.description.contains("is larger than \(SourceBody.maximumSize) bytes"))
    #expect(!failure.isTemporary)
    #expect(fake.requests(.wikimediaRSS).count == 1)
  }

  @Test func aSilentServerTimesOutAsTemporary() throws {
    let fake = try FakeSources()
    fake.failing(.earthObservatoryFeed, with: .delay(5))
    fake.failing(.earthObservatoryOldFeed, with: .status(410))
    let clock = ContinuousClock()
    let start = clock.now
    let failure = try #require(
      Self.failure(fake, .earthObservatory, settings: fake.settings(timeout: .seconds(1))))
    #expect(clock.now - start < .seconds(4))
    #expect(failure.description.hasPrefix("NASA Earth Observatory: cannot fetch http://127.0.0.1:"))
    // The feed may answer in time later; the old one is gone for good, yet the whole may pass.
    #expect(failure.isTemporary)
    #expect(failure.trace.contains { $0.contains("answered HTTP 410") })
  }

  @Test func aRedirectToAnotherHostIsRefused() throws {
    let fake = try FakeSources()
    fake.failing(.apodBasic, with: .redirectOffHost)
    let failure = try #require(Self.failure(fake, .apod))
    #expect(
      failure.description
        == "NASA APOD: 127.0.0.1 sent the request on to another host (localhost); not followed")
    #expect(!failure.isTemporary)
    // The hop was refused before it was made: the server, under its other name, heard nothing.
    #expect(!fake.requests(.apodBasic).isEmpty)
    #expect(
      !fake.requests(.apodBasic).contains { $0.header("Host")?.hasPrefix("localhost:") == true },
      "\(fake.requests(.apodBasic).map { $0.header("Host") ?? "" })")
  }

  @Test func earthObservatoryRedirectedFeedFallsBack() throws {
    let fake = try FakeSources()
    fake.failing(.earthObservatoryFeed, with: .redirectOffHost)
    let offer = try fake.client(.earthObservatory).offer(at: fake.now)
    #expect(offer.pictures.first?.id.key == "160002-ice-floes-in-a-northern-bay")
    #expect(offer.trace.contains { $0.contains("another host (localhost)") })
  }

  @Test func wikimediaNoImageAndNoFeed() throws {
    let fake = try FakeSources()
    fake.failing(.wikimediaFeatured, with: .body(#"{"tfa":{}}"#))
    fake.failing(.wikimediaRSS, with: .html)
    let failure = try #require(Self.failure(fake, .wikimedia))
    #expect(
      failure.description
        == "Wikimedia Commons has no picture of the day for 2026-10-02 (its fallback on 127.0.0.1 failed too)"
    )
    #expect(!failure.isTemporary)
  }

  @Test func wikimediaWrongTypes() throws {
    let fake = try FakeSources()
    fake.failing(.wikimediaFeatured, with: .body(#"{"image":"File:A.jpg"}"#))
    fake.failing(.wikimediaRSS, with: .status(429))
    let failure = try #require(Self.failure(fake, .wikimedia))
    #expect(failure.description.hasPrefix("Wikimedia Commons' answer has image as a string, not an object"))
    #expect(failure.isTemporary)
  }

  @Test func earthObservatoryBothFeedsDown() throws {
    let fake = try FakeSources()
    fake.failing(.earthObservatory, with: .status(502))
    let failure = try #require(Self.failure(fake, .earthObservatory))
    #expect(
      failure.description
        == "NASA Earth Observatory: 127.0.0.1 answered HTTP 502; try again later (its fallback on 127.0.0.1 failed too)"
    )
    #expect(failure.isTemporary)
  }

  @Test func aServerThatIsNotThereIsTemporary() throws {
    let closed = try ClosedPort()
    let fake = try FakeSources()
    var settings = fake.settings()
    settings.endpoint = "http://127.0.0.1:\(closed.port)"
    let client = SourceClient(
      FakeSources.plugin(.earthObservatory), http: CurlHTTPClient(userAgent: "t"), settings: settings)
    #expect(throws: SourceFailure.self) { try client.offer(at: fake.now) }
    do {
      _ = try client.offer(at: fake.now)
    } catch {
      #expect(error.isTemporary)
      #expect(error.description.hasPrefix("NASA Earth Observatory: cannot fetch http://127.0.0.1:"))
    }
  }

  @Test func anEndpointBingwallDoesNotFetch() throws {
    let fake = try FakeSources()
    for endpoint in ["ftp://example.org", "http://example.org", "file:///tmp"] {
      var settings = fake.settings()
      settings.endpoint = endpoint
      let failure = try #require(Self.failure(fake, .wikimedia, settings: settings))
      #expect(
        failure.description.hasPrefix(
          "Wikimedia Commons: the endpoint '\(endpoint)' is not a URL bingwall fetches"))
      #expect(failure.description.hasSuffix("; check wikimedia.endpoint"))
      #expect(!failure.isTemporary)
    }
    #expect(fake.server.requests.isEmpty)
  }

  @Test func httpsOnlyRefusesLoopbackPictures() throws {
    // A policy of https only: the fake's http picture URLs are refused by name.
    let fake = try FakeSources()
    var settings = fake.settings()
    settings.policy = .httpsOnly
    settings.endpoint = nil
    let client = SourceClient(
      FakeSources.plugin(.apod),
      http: RecordingHTTP(body: Fixtures.text("sources/apod/apod_2026-10-02-v2.json"), fake: fake),
      settings: settings)
    do {
      _ = try client.offer(at: fake.now)
      Issue.record("an http picture must be refused under httpsOnly")
    } catch {
      #expect(
        error.description.contains("at hdurl that bingwall does not fetch: it is plain http to 127.0.0.1"))
    }
  }

  @Test func bingHasItsOwnClient() throws {
    let fake = try FakeSources()
    let failure = try #require(Self.failure(fake, .bing))
    #expect(!failure.isTemporary)
    #expect(fake.server.requests.isEmpty)
  }
}

/// An `HTTPClient` answering every GET with one body (rewritten for the fake's pictures) from
/// the URL asked, without a network: for a policy the loopback server cannot serve under.
struct RecordingHTTP: HTTPClient {
  let text: String

  init(body: String, fake: FakeSources) {
    text = fake.rewritten(body)
  }

  func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: [], body: Data(text.utf8), effectiveURL: request.url,
      bodyBytes: Int64(text.utf8.count))
  }

  func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>] {
    []
  }
}
