import BingWallNet

/// Fetches one market's stories: `{endpoint}/hp/api/model?mkt=M`, beside the archive.
///
/// Bounded as the archive is (the update's deadline, the request timeout) and by size: the real
/// body is a few hundred kilobytes of page model; past `maximumBodyBytes` it is not read.
package struct StoryClient: Sendable {
  static let maximumBodyBytes: Int64 = 2 << 20

  let http: any HTTPClient
  let endpoint: String
  let timeout: Int
  var deadline: ContinuousClock.Instant?

  package init(http: any HTTPClient, endpoint: String, timeout: Int, deadline: ContinuousClock.Instant? = nil)
  {
    self.http = http
    self.endpoint = endpoint
    self.timeout = timeout
    self.deadline = deadline
  }

  static func url(endpoint: String, market: String) -> String {
    "\(ArchiveRequest.base(endpoint))/hp/api/model?mkt=\(ArchiveRequest.percentEncoded(market))"
  }

  /// Throws `NetError` (transport) or `BingError` (status, body).
  package func fetch(market: String) throws -> [Story] {
    let url = Self.url(endpoint: endpoint, market: market)
    let request = HTTPRequest(
      url: url, connectTimeout: min(10, timeout), timeout: timeout, maxBytes: Self.maximumBodyBytes,
      stallTimeout: timeout, deadline: deadline)
    let response = try http.get(request)
    guard response.status == 200 else {
      throw BingError.httpStatus(url: url, status: response.status, retryAfter: nil)
    }
    return try StoryResponse.decode(response.body, market: market, url: url)
  }
}
