import BingWallSystem

/// The one metadata request bingwall makes per market: Bing's archive of the last eight days.
///
/// Always `idx=0&n=8`: history older than eight days exists only if we stored it, so every
/// check asks for the whole window and upserts it, which also fills the gap after a machine
/// was off for days. Without `n` Bing answers the literal `null`; `mbl=1` makes the body name
/// the market actually served, so that a substitution can be reported (docs/bing-endpoint.md).
package enum ArchiveRequest {
  /// The most pictures one request returns; Bing caps `n` at 8.
  package static let imageCount = 8

  /// `{endpoint}/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=<market>&mbl=1`.
  ///
  /// `endpoint` is the configured base URL (`https://www.bing.com` or a mirror), normally
  /// without a trailing slash; one is dropped anyway so that the path never starts `//`.
  /// The market is percent-encoded although codes are plain letters and a dash: it comes from
  /// configuration or the command line, and must not be able to add query items.
  static func url(endpoint: String, market: String) -> String {
    let query =
      "format=js&idx=0&n=\(imageCount)&mkt=\(PercentEncoding.encoded(market, keeping: .unreserved))&mbl=1"
    return "\(base(endpoint))/HPImageArchive.aspx?\(query)"
  }

  /// `endpoint` without trailing slashes, ready for a path starting with `/` to be appended.
  static func base(_ endpoint: String) -> String {
    var base = Substring(endpoint)
    while base.hasSuffix("/") { base.removeLast() }
    return String(base)
  }
}
