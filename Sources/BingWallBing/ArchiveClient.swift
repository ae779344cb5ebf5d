import BingWallNet

/// Fetches and decodes one market's archive: the single metadata request of an update.
///
/// Transport failures come out as the `NetError` the client threw, unwrapped, so that the
/// caller maps timeouts and refused connections to exit 75 with `NetError.isTemporary`;
/// statuses and bodies come out as `BingError`, with its own `isTemporary`.
package struct ArchiveClient: Sendable {
  /// The archive body is a few kilobytes; anything near a mebibyte is not Bing's JSON.
  static let maximumBodyBytes: Int64 = 1 << 20

  let http: any HTTPClient
  /// The configured base URL, e.g. `https://www.bing.com`.
  let endpoint: String
  /// Seconds allowed for the whole request.
  let timeout: Int

  /// When the whole update must be over; nil for none.
  var deadline: ContinuousClock.Instant?

  package init(http: any HTTPClient, endpoint: String, timeout: Int, deadline: ContinuousClock.Instant? = nil)
  {
    self.http = http
    self.endpoint = endpoint
    self.timeout = timeout
    self.deadline = deadline
  }

  /// One GET of `ArchiveRequest.url` for `market`; status 200 required, then the body decoded.
  ///
  /// `Content-Type` is not checked: Bing does not label the same JSON consistently, so the
  /// body itself is examined instead (an HTML page served with status 200 is refused by
  /// `ArchiveResponse.decode`).
  /// Throws `NetError` (transport) or `BingError` (status, body).
  package func fetch(market: String) throws -> ArchiveResponse {
    let url = ArchiveRequest.url(endpoint: endpoint, market: market)
    let request = HTTPRequest(
      url: url, connectTimeout: min(10, timeout), timeout: timeout, maxBytes: Self.maximumBodyBytes,
      stallTimeout: timeout, deadline: deadline)
    let response = try http.get(request)
    guard response.status == 200 else {
      throw BingError.httpStatus(
        url: url, status: response.status, retryAfter: RetryPolicy.retryAfter(of: response))
    }
    return try ArchiveResponse.decode(response.body, requestedMarket: market, url: url)
  }
}
