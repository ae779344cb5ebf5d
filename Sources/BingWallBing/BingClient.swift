import BingWallNet
import BingWallSystem
import FoundationEssentials

/// The one client for Bing's JSON requests: a market's archive (an update's metadata request,
/// one page or two) and its stories, beside it.
///
/// Transport failures come out as the `NetError` the client threw, unwrapped, so that the
/// caller maps timeouts and refused connections to exit 75 with `NetError.isTemporary`;
/// statuses and bodies come out as `BingError`, with its own `isTemporary`.
package struct BingClient: Sendable {
  /// The archive body is a few kilobytes; anything near a mebibyte is not Bing's JSON.
  static let maximumArchiveBytes: Int64 = 1 << 20
  /// The real story body is a few hundred kilobytes of page model; past this it is not read.
  static let maximumStoryBytes: Int64 = 2 << 20

  let http: any HTTPClient
  /// The configured base URL, e.g. `https://www.bing.com`.
  let endpoint: String
  let limits: RequestLimits

  package init(http: any HTTPClient, endpoint: String, limits: RequestLimits) {
    self.http = http
    self.endpoint = endpoint
    self.limits = limits
  }

  /// `ArchiveRequest.url` for `market` and `page`, decoded.
  ///
  /// `Content-Type` is not checked: Bing does not label the same JSON consistently, so the
  /// body itself is examined instead (an HTML page served with status 200 is refused by
  /// `ArchiveResponse.decode`).
  /// Throws `NetError` (transport) or `BingError` (status, body).
  package func archive(market: String, page: ArchivePage) throws -> ArchiveResponse {
    let url = ArchiveRequest.url(endpoint: endpoint, market: market, page: page)
    let body = try get(url, maxBytes: Self.maximumArchiveBytes)
    return try ArchiveResponse.decode(body, requestedMarket: market, url: url)
  }

  /// `pages` of `market`'s archive asked for at once (`HTTPClient.getAll`), each decoded as
  /// `archive` decodes, one result per page in order.
  package func archives(market: String, pages: [ArchivePage]) -> [Result<ArchiveResponse, any Error>] {
    let urls = pages.map { ArchiveRequest.url(endpoint: endpoint, market: market, page: $0) }
    let responses = http.getAll(urls.map { limits.json(url: $0, maxBytes: Self.maximumArchiveBytes) })
    return zip(urls, responses).map { url, response in
      Result {
        let body = try Self.body(of: response.get(), url: url)
        return try ArchiveResponse.decode(body, requestedMarket: market, url: url)
      }
    }
  }

  /// `{endpoint}/hp/api/model?mkt=M`, decoded.
  /// Throws `NetError` (transport) or `BingError` (status, body).
  package func stories(market: String) throws -> [Story] {
    let url = Self.storyURL(endpoint: endpoint, market: market)
    let body = try get(url, maxBytes: Self.maximumStoryBytes)
    return try StoryResponse.decode(body, market: market, url: url)
  }

  static func storyURL(endpoint: String, market: String) -> String {
    "\(ArchiveRequest.base(endpoint))/hp/api/model?mkt=\(PercentEncoding.encoded(market, keeping: .unreserved))"
  }

  /// One GET within the JSON limits; status 200 required.
  private func get(_ url: String, maxBytes: Int64) throws -> Data {
    try Self.body(of: http.get(limits.json(url: url, maxBytes: maxBytes)), url: url)
  }

  /// The body of a response with status 200; any other status is a `BingError`.
  private static func body(of response: HTTPResponse, url: String) throws(BingError) -> Data {
    guard response.status == 200 else {
      throw BingError.httpStatus(
        url: url, status: response.status, retryAfter: RetryPolicy.retryAfter(of: response))
    }
    return response.body
  }
}
