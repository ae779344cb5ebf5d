import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallNet

/// The client of Bing's JSON requests (archive and stories) with the real libcurl against the loopback fake Bing.
///
/// Each test has its own server, so tests run in parallel without sharing routes or logs.
@Suite struct BingClientTests {
  let server: FakeHTTPServer
  let archive: BingClient

  init() throws {
    server = try FakeHTTPServer()
    archive = BingClient(
      http: CurlHTTPClient(userAgent: "bingwall-test/1"), endpoint: server.baseURL,
      limits: RequestLimits(timeout: .seconds(5)))
  }

  private var path: String { "/HPImageArchive.aspx" }

  private func fetchError(_ market: String = "en-US") -> (any Error)? {
    do {
      _ = try archive.archive(market: market, page: .recent)
      return nil
    } catch {
      return error
    }
  }

  @Test func fetchSendsExactlyTheArchiveQuery() throws {
    server.route(path, query: ["mkt": "en-US"], .json(BingFixtures.enUS))

    let response = try archive.archive(market: "en-US", page: .recent)

    #expect(response.images.count == 8)
    #expect(response.servedMarket == "en-US")
    let requests = server.requests(path: path)
    #expect(requests.count == 1)
    let request = try #require(requests.first)
    #expect(request.method == "GET")
    #expect(request.queryItems.map(\.name) == ["format", "idx", "n", "mkt", "mbl"])
    #expect(request.query == ["format": "js", "idx": "0", "n": "8", "mkt": "en-US", "mbl": "1"])
    #expect(request.header("User-Agent") == "bingwall-test/1")
  }

  @Test func theBodyDecodesAsIfReadDirectly() throws {
    // Small chunks split the multi-byte characters; only the whole body is decoded.
    server.route(
      path, query: ["mkt": "ja-JP"], FakeResponse.json(BingFixtures.jaJP).with(fault: .chunked(chunkSize: 5)))

    let fetched = try archive.archive(market: "ja-JP", page: .recent)

    #expect(fetched == (try ArchiveResponse.decode(Data(BingFixtures.jaJP.utf8), requestedMarket: "ja-JP")))
    #expect(fetched.images[0].caption == "ビーバーズ・ベンド・リゾートパーク, 米国 オクラホマ州")
  }

  @Test func aSubstitutedMarketIsReported() throws {
    server.route(path, query: ["mkt": "en-ZA"], .json(BingFixtures.row))

    let response = try archive.archive(market: "en-ZA", page: .recent)

    #expect(response.requestedMarket == "en-ZA")
    #expect(response.servedMarket == "ROW")
    #expect(response.marketSubstituted)
  }

  @Test(arguments: ["text/html; charset=utf-8", "text/plain", "application/octet-stream", ""])
  func contentTypeIsNotTrusted(contentType: String) throws {
    server.route(path, .bytes(Data(BingFixtures.enIN.utf8), contentType: contentType))

    let response = try archive.archive(market: "en-IN", page: .recent)

    #expect(response.images.count == 3)
  }

  @Test func aHostileMarketCannotChangeTheQuery() throws {
    server.route(path, .json(BingFixtures.enUS))

    _ = try archive.archive(market: "en-US&n=1&mkt=ja-JP", page: .recent)

    let request = try #require(server.requests(path: path).first)
    #expect(request.query["mkt"] == "en-US&n=1&mkt=ja-JP")
    #expect(request.query["n"] == "8")
    #expect(request.queryItems.count == 5)
  }

  @Test(arguments: [(500, true), (503, true), (429, true), (404, false), (403, false)])
  func badStatusIsABingError(status: Int, temporary: Bool) throws {
    // A JSON body with the error status must not be decoded as if it were good.
    server.route(path, .json(BingFixtures.enUS, status: status))

    let error = try #require(fetchError() as? BingError)

    #expect(
      error
        == .httpStatus(
          url: ArchiveRequest.url(endpoint: server.baseURL, market: "en-US", page: .recent), status: status)
    )
    #expect(error.isTemporary == temporary)
  }

  @Test func storiesShareTheArchivesStatusRuleWithItsRetryAfter() throws {
    // Before the one client, a story's 503 dropped the server's Retry-After.
    server.route("/hp/api/model", FakeResponse.status(503).with(header: "Retry-After", "7"))
    let url = BingClient.storyURL(endpoint: server.baseURL, market: "en-US")

    #expect(throws: BingError.httpStatus(url: url, status: 503, retryAfter: 7)) {
      try archive.stories(market: "en-US")
    }
  }

  @Test func jsonRequestsConnectWithinTenSecondsAndPicturesWithinTheTimeout() {
    let long = RequestLimits(timeout: .seconds(30))
    #expect(long.json(url: "u", maxBytes: 1).connectTimeout == .seconds(10))
    #expect(long.json(url: "u", maxBytes: 1).timeout == .seconds(30))
    #expect(long.picture(url: "u", maxBytes: 1).connectTimeout == .seconds(30))
    #expect(long.picture(url: "u", maxBytes: 1).timeout == .seconds(300))
    #expect(long.picture(url: "u", maxBytes: 1).stallTimeout == .seconds(30))
    let short = RequestLimits(timeout: .seconds(4))
    #expect(short.json(url: "u", maxBytes: 1).connectTimeout == .seconds(4))
    #expect(short.json(url: "u", maxBytes: 1).stallTimeout == .seconds(4))
  }

  @Test func anHTMLPageWithStatus200IsRefused() throws {
    server.route(path, .html(BingFixtures.objectMoved))

    let error = try #require(fetchError() as? BingError)

    let url = ArchiveRequest.url(endpoint: server.baseURL, market: "en-US", page: .recent)
    #expect(error == .htmlPage(market: "en-US", url: url, title: "Object moved"))
    #expect(!error.isTemporary)
  }

  @Test func anEmptyBodyWithStatus200IsTemporary() throws {
    server.route(path, .json(""))

    let error = try #require(fetchError() as? BingError)

    #expect(
      error
        == .emptyBody(
          market: "en-US", url: ArchiveRequest.url(endpoint: server.baseURL, market: "en-US", page: .recent))
    )
    #expect(error.isTemporary)
  }

  @Test func aBodyOverTheLimitIsANetError() throws {
    let size = Int(BingClient.maximumArchiveBytes) + 1
    server.route(
      path,
      FakeResponse(headers: [("Content-Type", "application/json")], body: .repeating(byte: 0x20, count: size))
    )

    let error = try #require(fetchError() as? NetError)

    #expect(
      error
        == .tooLarge(
          url: ArchiveRequest.url(endpoint: server.baseURL, market: "en-US", page: .recent), limit: 1 << 20))
  }

  @Test func aRefusedConnectionPassesThroughAsNetError() throws {
    let closed = try ClosedPort()
    let endpoint = "http://127.0.0.1:\(closed.port)"
    let refused = BingClient(
      http: CurlHTTPClient(userAgent: "bingwall-test/1"), endpoint: endpoint,
      limits: RequestLimits(timeout: .seconds(2)))

    #expect {
      try refused.archive(market: "en-US", page: .recent)
    } throws: { error in
      guard case .transport(let url, 7, _)? = error as? NetError else { return false }
      return url == ArchiveRequest.url(endpoint: endpoint, market: "en-US", page: .recent)
        && (error as? NetError)?.isTemporary == true
    }
  }
}
