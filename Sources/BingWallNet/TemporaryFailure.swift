/// A failure that knows whether trying again a little later could cure it.
///
/// The one rule for "temporary" lives here and in `HTTPResponse.isTemporaryFailure(status:)`:
/// the archive, the pictures, the retry loop and the exit status (75) all ask it, so a 408 is
/// treated the same for an archive as for a picture.
package protocol TemporaryFailure: Error {
  /// True when another try, later, could succeed.
  var isTemporary: Bool { get }
  /// The seconds the server asked us to wait before that try (`Retry-After`), when it said.
  var retryAfter: Double? { get }
}

extension TemporaryFailure {
  package var retryAfter: Double? { nil }
}

extension HTTPResponse {
  /// True for the statuses that mean "not now": 5xx, 429 Too Many Requests and 408 Request
  /// Timeout. Bing and its CDN answer these for a correct request while they struggle; every
  /// other status comes back the same until a person changes something.
  package static func isTemporaryFailure(status: Int) -> Bool {
    (500...599).contains(status) || status == 429 || status == 408
  }
}
