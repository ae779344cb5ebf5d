import BingWallSystem

/// Bing's archive request for one market: a page of eight days.
///
/// Bing's archive reaches about fifteen days back, in pages of at most eight (`n` is capped at
/// 8): `idx=0` lists today and the seven days before it, `idx=7` the seventh day back and the
/// seven before that. The two pages share their seventh day; past `idx=7` Bing answers with
/// recent days again. An ordinary update asks for the recent page only, and upserts it whole,
/// which also fills the gap after a machine was off for up to a week; the older page is for a
/// market's first update and for a longer gap (`Update`). Without `n` Bing answers the literal
/// `null`; `mbl=1` makes the body name the market actually served, so that a substitution can be
/// reported (docs/bing-endpoint.md).
package enum ArchiveRequest {
  /// The most pictures one request returns; Bing caps `n` at 8.
  package static let imageCount = 8

  /// `{endpoint}/HPImageArchive.aspx?format=js&idx=<page>&n=8&mkt=<market>&mbl=1`.
  ///
  /// `endpoint` is the configured base URL (`https://www.bing.com` or a mirror), normally
  /// without a trailing slash; one is dropped anyway so that the path never starts `//`.
  /// The market is percent-encoded although codes are plain letters and a dash: it comes from
  /// configuration or the command line, and must not be able to add query items.
  static func url(endpoint: String, market: String, page: ArchivePage) -> String {
    let query =
      "format=js&idx=\(page.index)&n=\(imageCount)&mkt=\(PercentEncoding.encoded(market, keeping: .unreserved))&mbl=1"
    return "\(base(endpoint))/HPImageArchive.aspx?\(query)"
  }

  /// `endpoint` without trailing slashes, ready for a path starting with `/` to be appended.
  static func base(_ endpoint: String) -> String {
    var base = Substring(endpoint)
    while base.hasSuffix("/") { base.removeLast() }
    return String(base)
  }
}

/// Which of the archive's two pages of eight days a request asks for.
package enum ArchivePage: Sendable, Equatable {
  /// `idx=0`: today and the seven days before it.
  case recent
  /// `idx=7`: the seventh day back (the recent page's oldest) and the seven days before it, as
  /// far back as Bing's archive reaches.
  case older

  /// Bing's `idx`: how many days back the page starts.
  package var index: Int {
    switch self {
    case .recent: return 0
    case .older: return ArchiveRequest.imageCount - 1
    }
  }
}
