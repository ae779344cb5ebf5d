import BingWallBing

extension NetworkLimits {
  /// Each of Bing's requests' limits (`RequestLimits`), none running past `deadline`.
  func requests(deadline: ContinuousClock.Instant?) -> RequestLimits {
    RequestLimits(timeout: requestTimeout, deadline: deadline)
  }
}
