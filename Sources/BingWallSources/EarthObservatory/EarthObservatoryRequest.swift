/// The requests for NASA Earth Observatory's image of the day: the feed on science.nasa.gov,
/// where Earth Observatory moved, and the old feed on earthobservatory.nasa.gov, the fallback.
enum EarthObservatoryRequest {
  /// science.nasa.gov, the feed's host since Earth Observatory moved there.
  static let endpoint = "https://science.nasa.gov"
  /// earthobservatory.nasa.gov, the old feed's host.
  static let oldEndpoint = "https://earthobservatory.nasa.gov"

  /// `{endpoint}/feed/earth-observatory/image-of-the-day`.
  static func feed(endpoint: String = endpoint) -> String {
    "\(Endpoint.base(endpoint))/feed/earth-observatory/image-of-the-day"
  }

  /// `{endpoint}/feeds/image-of-the-day.rss`.
  static func oldFeed(endpoint: String = oldEndpoint) -> String {
    "\(Endpoint.base(endpoint))/feeds/image-of-the-day.rss"
  }
}
