import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallNet
@testable import BingWallSources

/// Each source's client against the fake sources on a real loopback server, through the real
/// libcurl client: the happy path, each fallback, and the headers every request sends.
@Suite struct SourceClientTests {
  @Test func spotlightOffersV4sPictures() throws {
    let fake = try FakeSources()
    let offer = try fake.client(.spotlight).offer(at: fake.now)
    #expect(offer.pictures.count == 4)
    #expect(offer.pictures.allSatisfy { $0.date == nil && $0.id.source == .spotlight })
    #expect(offer.pictures.allSatisfy { $0.image.text.hasPrefix(fake.baseURL + "/creativeservice/") })
    #expect(offer.pictures.allSatisfy { $0.portrait != nil })
    #expect(fake.requests(.spotlightV3).isEmpty)
    let request = try #require(fake.requests(.spotlightV4).first)
    #expect(request.query["country"] == "US")
    #expect(request.query["locale"] == "en-US")
    #expect(request.header("User-Agent") == SpotlightRequest.userAgent)
    #expect(offer.trace.contains { $0.contains("/v4/api/selection") && $0.contains("HTTP 200") })
  }

  @Test func spotlightFallsBackToV3WhenV4HasNoAd() throws {
    let fake = try FakeSources()
    fake.failing(.spotlightV4, with: .noAd)
    let offer = try fake.client(.spotlight).offer(at: fake.now)
    // v3's body: three items, the first a promotion.
    #expect(offer.pictures.count == 2)
    #expect(offer.passedOver.count == 1)
    #expect(offer.passedOver.first?.hasPrefix("Windows Spotlight's item 1 is a promotion") == true)
    #expect(offer.trace.contains { $0.contains("No ad available") && $0.contains("trying the fallback") })
    let v3 = try #require(fake.requests(.spotlightV3).first)
    #expect(v3.query["pid"] == "338387")
    #expect(v3.query["time"] == Timestamp.iso8601(fake.now))
    #expect(v3.header("User-Agent") == SpotlightRequest.userAgent)
  }

  @Test func spotlightFallsBackToV3WhenV4ListsNothing() throws {
    let fake = try FakeSources()
    fake.failing(.spotlightV4, with: .body(#"{"batchrsp":{"ver":"1.0","items":[]}}"#))
    let offer = try fake.client(.spotlight).offer(at: fake.now)
    #expect(offer.pictures.count == 2)
    #expect(fake.requests(.spotlightV3).count == 1)
  }

  @Test func apodWithoutAKeyAsksScienceNasaGovForToday() throws {
    let fake = try FakeSources()
    let offer = try fake.client(.apod).offer(at: fake.now)
    let picture = try #require(offer.pictures.first)
    #expect(offer.pictures.count == 1)
    #expect(picture.id == PictureID(source: .apod, key: "2026-10-02"))
    #expect(picture.image.text.hasPrefix(fake.baseURL + "/dynamicimage/"))
    #expect(fake.requests(.apodPlanetary).isEmpty)
    #expect(fake.requests(.apodBasic).map(\.path) == ["/wp-json/wp/v2/apod-basic/261002"])
    #expect(fake.client(.apod).headers.isEmpty)
  }

  @Test func apodWithAKeyAsksApiNasaGovFirst() throws {
    let fake = try FakeSources()
    let offer = try fake.client(.apod, settings: fake.settings(apodKey: "SECRET-KEY")).offer(
      at: fake.now)
    let picture = try #require(offer.pictures.first)
    #expect(picture.id.key == "2026-10-02")
    #expect(picture.words.credit == "Andrew McCarthy")
    #expect(fake.requests(.apodBasic).isEmpty)
    let request = try #require(fake.requests(.apodPlanetary).first)
    #expect(request.query["api_key"] == "SECRET-KEY")
    #expect(request.query["date"] == "2026-10-02")
    // The key is never in a trace line.
    #expect(!offer.trace.joined().contains("SECRET-KEY"))
    #expect(offer.trace.contains { $0.contains("api_key=REDACTED") })
  }

  @Test func apodAsksForTheDayBeforeWhenTodayIsNotThereYet() throws {
    let fake = try FakeSources()
    fake.failing(.apod, with: .todayMissing)
    let offer = try fake.client(.apod).offer(at: fake.now)
    #expect(offer.pictures.first?.id.key == "2026-10-01")
    #expect(
      fake.requests(.apodBasic).map(\.path) == [
        "/wp-json/wp/v2/apod-basic/261002", "/wp-json/wp/v2/apod-basic/261001",
      ])
    #expect(
      offer.trace.contains { $0.contains("no picture for 2026-10-02 yet") && $0.contains("the day before") })
    let keyed = try fake.client(.apod, settings: fake.settings(apodKey: "K")).offer(at: fake.now)
    #expect(keyed.pictures.first?.id.key == "2026-10-01")
    #expect(fake.requests(.apodPlanetary).compactMap { $0.query["date"] } == ["2026-10-02", "2026-10-01"])
  }

  @Test func apodVideoDayIsPassedOverNotFailed() throws {
    let fake = try FakeSources()
    fake.failing(.apod, with: .video)
    let offer = try fake.client(.apod).offer(at: fake.now)
    #expect(offer.pictures.isEmpty)
    #expect(offer.passedOver == ["NASA APOD's 2026-10-02 is a video, not a picture"])
    // One day, one answer: no day before, no other API.
    #expect(fake.requests(.apodBasic).count == 1)
  }

  @Test func apodRefusedKeyFallsBackToScienceNasaGovAndWarns() throws {
    let fake = try FakeSources()
    fake.failing(.apodPlanetary, with: .keyInvalid)
    let offer = try fake.client(.apod, settings: fake.settings(apodKey: "BAD")).offer(at: fake.now)
    #expect(offer.pictures.first?.id.key == "2026-10-02")
    #expect(offer.warnings == ["NASA APOD: 127.0.0.1 refused the key (API_KEY_INVALID); check apod.api_key"])
    #expect(fake.requests(.apodBasic).count == 1)
  }

  @Test func apodRateLimitFallsBackWithoutAWarning() throws {
    let fake = try FakeSources()
    fake.failing(.apodPlanetary, with: .overRateLimit)
    let offer = try fake.client(.apod, settings: fake.settings(apodKey: "DEMO_KEY")).offer(
      at: fake.now)
    #expect(offer.pictures.count == 1)
    #expect(offer.warnings.isEmpty)
    #expect(offer.trace.contains { $0.contains("OVER_RATE_LIMIT") })
  }

  @Test func wikimediaOffersTodaysFeaturedPictureAsAThumbnailWhenWider() throws {
    let fake = try FakeSources()
    let client = fake.client(.wikimedia, settings: fake.settings(largestScreenWidth: 2560))
    let offer = try client.offer(at: fake.now)
    let picture = try #require(offer.pictures.first)
    #expect(picture.id.key == "File:Messier_24_%28infrared,_red,_green%29.jpg")
    #expect(picture.date == fake.today)
    // 7,680 pixels wide, the screen 2,560: the 3,840-pixel standard thumbnail.
    #expect(picture.image.text.hasPrefix(fake.baseURL + "/wikipedia/commons/thumb/2/25/"))
    #expect(picture.image.text.hasSuffix("/3840px-Messier_24_%28infrared%2C_red%2C_green%29.jpg"))
    let request = try #require(fake.requests(.wikimediaFeatured).first)
    #expect(request.path == "/api/rest_v1/feed/featured/2026/10/02")
    #expect(request.header("User-Agent") == "bingwall/9.8.7 (https://example.org/bingwall)")
    #expect(client.headers == ["User-Agent": "bingwall/9.8.7 (https://example.org/bingwall)"])
    #expect(fake.requests(.wikimediaRSS).isEmpty)
    // The thumbnail is served: a caller downloading it gets a picture.
    let download = try CurlHTTPClient(userAgent: "t").get(HTTPRequest(url: picture.image.text))
    #expect(download.status == 200)
  }

  @Test func wikimediaFallsBackToCommonsRSS() throws {
    let fake = try FakeSources()
    fake.failing(.wikimediaFeatured, with: .status(503))
    let offer = try fake.client(.wikimedia).offer(at: fake.now)
    let picture = try #require(offer.pictures.first)
    // The feed's newest day, whatever today is.
    #expect(picture.date == CalendarDate(year: 2026, month: 6, day: 24))
    #expect(picture.id.key == "File:Messier_24_%28infrared,_red,_green%29.jpg")
    #expect(picture.words.title == "Messier 24 (infrared, red, green)")
    #expect(picture.licence == "stated on the file page")
    let request = try #require(fake.requests(.wikimediaRSS).first)
    #expect(request.query["feedformat"] == "rss")
    #expect(request.query["language"] == "en")
    #expect(request.header("User-Agent") == "bingwall/9.8.7 (https://example.org/bingwall)")
    #expect(offer.trace.contains { $0.contains("answered HTTP 503") })
  }

  @Test func wikimediaDayWithoutImageFallsBackToTheFeed() throws {
    let fake = try FakeSources()
    fake.failing(.wikimediaFeatured, with: .body(#"{"tfa":{"title":"An article"}}"#))
    let offer = try fake.client(.wikimedia).offer(at: fake.now)
    #expect(offer.pictures.count == 1)
    #expect(offer.trace.contains { $0.contains("has no picture of the day for 2026-10-02") })
  }

  @Test func earthObservatoryOffersTheNewestItem() throws {
    let fake = try FakeSources()
    let offer = try fake.client(.earthObservatory).offer(at: fake.now)
    let picture = try #require(offer.pictures.first)
    #expect(offer.pictures.count == 1)
    #expect(picture.id == PictureID(source: .earthObservatory, key: "autumn-colours-along-the-lakes"))
    #expect(picture.image.text.hasPrefix(fake.baseURL + "/content/dam/"))
    #expect(fake.requests(.earthObservatoryOldFeed).isEmpty)
  }

  @Test func earthObservatoryFallsBackToTheOldFeed() throws {
    let fake = try FakeSources()
    fake.failing(.earthObservatoryFeed, with: .status(404))
    let offer = try fake.client(.earthObservatory).offer(at: fake.now)
    let picture = try #require(offer.pictures.first)
    #expect(picture.id.key == "160002-ice-floes-in-a-northern-bay")
    #expect(picture.image.text == fake.baseURL + "/images/imagerecords/160000/160002/bay_floes_lrg.jpg")
    #expect(fake.requests(.earthObservatoryOldFeed).count == 1)
  }

  @Test func daysTurnInNewYorkForAPODAndInUTCForWikimedia() throws {
    // 02:00 UTC on 2026-10-03 is 22:00 on 2026-10-02 in New York.
    let fake = try FakeSources(now: Date(timeIntervalSince1970: 1_790_992_800))
    #expect(fake.today == CalendarDate(year: 2026, month: 10, day: 2))
    #expect(fake.wikimediaDay == CalendarDate(year: 2026, month: 10, day: 3))
    #expect(try fake.client(.apod).offer(at: fake.now).pictures.first?.id.key == "2026-10-02")
    #expect(try fake.client(.wikimedia).offer(at: fake.now).pictures.first?.date == fake.wikimediaDay)
    #expect(fake.requests(.apodBasic).map(\.path) == ["/wp-json/wp/v2/apod-basic/261002"])
    #expect(fake.requests(.wikimediaFeatured).map(\.path) == ["/api/rest_v1/feed/featured/2026/10/03"])
  }

  @Test func theFirstMarketGivesCountryLocaleAndLanguage() throws {
    let fake = try FakeSources()
    var settings = fake.settings()
    settings.markets = [Market(stored: "de-DE"), Market(stored: "en-US")]
    fake.failing(.wikimediaFeatured, with: .status(500))
    _ = try fake.client(.spotlight, settings: settings).offer(at: fake.now)
    _ = try fake.client(.wikimedia, settings: settings).offer(at: fake.now)
    let spotlight = try #require(fake.requests(.spotlightV4).first)
    #expect(spotlight.query["country"] == "DE")
    #expect(spotlight.query["locale"] == "de-DE")
    #expect(fake.requests(.wikimediaRSS).first?.query["language"] == "de")
    // A market that names no language: English.
    settings.markets = [Market(stored: "ROW")]
    _ = try fake.client(.wikimedia, settings: settings).offer(at: fake.now)
    #expect(fake.requests(.wikimediaRSS).last?.query["language"] == "en")
  }

  @Test func aWideScreenGetsCommonsOriginal() throws {
    let fake = try FakeSources()
    fake.failing(.wikimediaFeatured, with: .status(500))
    let settings = fake.settings(largestScreenWidth: 7680)
    let picture = try #require(
      try fake.client(.wikimedia, settings: settings).offer(at: fake.now).pictures.first)
    // 7,680 pixels wide, as wide as the screen: the original, not a thumbnail.
    #expect(
      picture.image.text == fake.baseURL
        + "/wikipedia/commons/2/25/Messier_24_%28infrared%2C_red%2C_green%29.jpg")
  }

  @Test func aFailureKeepsItsTrace() throws {
    let fake = try FakeSources()
    fake.failing(.spotlight, with: .status(503))
    do {
      _ = try fake.client(.spotlight).offer(at: fake.now)
      Issue.record("both APIs are down")
    } catch {
      #expect(error.trace.filter { $0.contains("HTTP 503, 0 bytes") }.count == 2)
      #expect(error.trace.first?.contains("/v4/api/selection") == true)
      #expect(error.exitStatus == ExitCode.temporaryFailure)
    }
  }

  @Test func aDeadlineThatHasPassedIsTemporary() throws {
    let fake = try FakeSources()
    var settings = fake.settings()
    settings.deadline = .now - .seconds(1)
    do {
      _ = try fake.client(.earthObservatory, settings: settings).offer(at: fake.now)
      Issue.record("no time is left")
    } catch {
      #expect(error.isTemporary)
      #expect(error.description.contains("time limit ran out"))
    }
    #expect(fake.server.requests.isEmpty)
  }

  @Test func picturesCanFailWhileTheMetadataAnswers() throws {
    let fake = try FakeSources()
    fake.failingPictures(with: .html("<p>gone</p>"))
    let picture = try #require(try fake.client(.earthObservatory).offer(at: fake.now).pictures.first)
    let response = try CurlHTTPClient(userAgent: "t").get(HTTPRequest(url: picture.image.text))
    #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
    fake.healed()
    let healed = try CurlHTTPClient(userAgent: "t").get(HTTPRequest(url: picture.image.text))
    #expect(healed.header("Content-Type") == "image/jpeg")
    #expect(fake.pictureRequests.count == 2)
  }

  @Test func everyOfferedPictureIsServed() throws {
    let fake = try FakeSources()
    let http = CurlHTTPClient(userAgent: "t")
    for source in [Source.spotlight, .apod, .wikimedia, .earthObservatory] {
      for picture in try fake.client(source).offer(at: fake.now).pictures {
        for url in [picture.image] + (picture.portrait.map { [$0] } ?? []) {
          let response = try http.get(HTTPRequest(url: url.text))
          #expect(response.status == 200, "\(url)")
          #expect(response.header("Content-Type")?.hasPrefix("image/") == true)
        }
      }
    }
  }
}
