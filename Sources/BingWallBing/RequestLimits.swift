import BingWallNet

/// How long each of Bing's requests may take, all from the one configured request timeout: the
/// one place these rules are written.
package struct RequestLimits: Sendable, Equatable {
  /// The configured request timeout (`network.timeout`).
  package var timeout: Duration
  /// When the whole update must be over; nil for none.
  package var deadline: ContinuousClock.Instant?

  /// Connecting never waits longer than this for a JSON request, whatever the timeout: its
  /// time is better left to a retry.
  static let longestConnect: Duration = .seconds(10)

  package init(timeout: Duration, deadline: ContinuousClock.Instant? = nil) {
    self.timeout = timeout
    self.deadline = deadline
  }

  /// A JSON request (the archive, the stories): a few kilobytes, so the whole request gets
  /// `timeout`, connecting at most 10 s of it, and a stall (below 1 KiB/s) ends it after `timeout`.
  func json(url: String, maxBytes: Int64) -> HTTPRequest {
    HTTPRequest(
      url: url, connectTimeout: min(Self.longestConnect, timeout), timeout: timeout, maxBytes: maxBytes,
      stallTimeout: timeout, deadline: deadline)
  }

  /// A picture: megabytes, so the whole transfer gets ten times `timeout`; connecting gets
  /// `timeout`, and a stall (below 1 KiB/s) ends it after `timeout`.
  /// `headers`: what the picture's source asks every request to send (a User-Agent).
  package func picture(url: String, maxBytes: Int64, headers: [String: String] = [:]) -> HTTPRequest {
    HTTPRequest(
      url: url, headers: headers, connectTimeout: timeout, timeout: timeout * 10, maxBytes: maxBytes,
      stallTimeout: timeout, deadline: deadline)
  }
}
