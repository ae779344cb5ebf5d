import FoundationEssentials
import Glibc

/// One HTTP GET: the URL and the limits that apply to it.
package struct HTTPRequest: Sendable, Equatable {
  var url: String
  /// Extra request headers, sent as `Name: value`.
  var headers: [String: String]
  /// Allowed to establish the connection.
  var connectTimeout: Duration
  /// Allowed for the whole transfer, headers and body.
  var timeout: Duration
  /// The transfer fails once the body exceeds this many bytes; nil means no limit.
  var maxBytes: Int64?
  /// The transfer fails once it has moved less than `HTTPRequest.stallBytesPerSecond` for this
  /// long (libcurl counts whole seconds, rounded up here): a server dripping a byte a second is
  /// abandoned long before `timeout`.
  var stallTimeout: Duration?
  /// No attempt, first or retried, runs past this instant (the whole update's time limit).
  var deadline: ContinuousClock.Instant?
  /// Which hosts a redirect may reach (`Redirects` holds the rest of the rule).
  var redirects: RedirectScope

  /// Below this rate for `stallTimeout` a transfer counts as stalled.
  static let stallBytesPerSecond = 1024

  package init(
    url: String, headers: [String: String] = [:], connectTimeout: Duration = .seconds(10),
    timeout: Duration = .seconds(30), maxBytes: Int64? = nil, stallTimeout: Duration? = nil,
    deadline: ContinuousClock.Instant? = nil, redirects: RedirectScope = .anyHost
  ) {
    self.url = url
    self.headers = headers
    self.connectTimeout = connectTimeout
    self.timeout = timeout
    self.maxBytes = maxBytes
    self.stallTimeout = stallTimeout
    self.deadline = deadline
    self.redirects = redirects
  }

  /// Milliseconds this attempt may take: `timeout`, cut to what is left before the deadline;
  /// nil when the deadline has passed.
  func attemptMilliseconds(now: ContinuousClock.Instant) -> Int? {
    let whole = timeout.wholeMilliseconds
    guard let deadline else { return whole }
    let milliseconds = now.duration(to: deadline).wholeMilliseconds
    return milliseconds > 0 ? min(whole, milliseconds) : nil
  }
}

extension Duration {
  /// Whole milliseconds, the fraction dropped: what libcurl's `_MS` options take.
  var wholeMilliseconds: Int {
    Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
  }

  /// Whole seconds, a fraction rounded up: what libcurl's seconds options take, never less
  /// than was asked.
  var wholeSecondsRoundedUp: Int {
    Int(components.seconds) + (components.attoseconds > 0 ? 1 : 0)
  }
}

/// What came back: status, headers, and the body when it was read into memory.
package struct HTTPResponse: Sendable, Equatable {
  package var status: Int
  /// Header fields of the final response in the order received, names as sent.
  var headers: [(name: String, value: String)]
  /// The body for `get`; empty for `download`, whose body went to the file.
  package var body: Data
  /// The URL after redirects: the last one asked.
  package var effectiveURL: String
  /// Bytes of body received.
  package var bodyBytes: Int64

  /// The value of the last header with this name, compared without case.
  package func header(_ name: String) -> String? {
    headers.last { $0.name.equalsIgnoringCase(name) }?.value
  }

  package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body && lhs.effectiveURL == rhs.effectiveURL
      && lhs.bodyBytes == rhs.bodyBytes
      && lhs.headers.map { "\($0.name):\($0.value)" }
        == rhs.headers.map { "\($0.name):\($0.value)" }
  }
}

/// The seam through which every network request leaves the process.
///
/// A non-2xx status is not an error here: callers decide what a 404 means.
/// Errors are transport failures (no connection, timeout, body cut short, too large).
package protocol HTTPClient: Sendable {
  /// GET into memory.
  func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse
  /// Several GETs into memory at once, one try each, so that they take one round trip rather
  /// than one each (over HTTP/2 on one connection); one result per request, in order.
  func getAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, NetError>]
  /// Several downloads at once, each streamed into its own file, so that a market's pictures
  /// arrive in the time of the slowest rather than of all together.
  ///
  /// At most `maxConcurrent` transfers run at a time. A job that fails for a passing reason
  /// (`RetryLoop`, with `retry` and the request's deadline) is tried again, its file emptied first, while the others
  /// go on; a failure is that job's alone. Returns once every job has ended, one result per job
  /// in job order, each describing the job's last attempt; like `download`, a non-2xx status
  /// (also a 5xx after the last retry) is a response, not an error.
  func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>]
}

extension HTTPClient {
  /// One after the other, for a client that cannot do better.
  package func getAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, NetError>] {
    requests.map { request in Result { () throws(NetError) -> HTTPResponse in try get(request) } }
  }
}
