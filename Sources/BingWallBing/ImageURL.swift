import BingWallModel
import BingWallSystem

/// Where one size of a picture is downloaded from: always under the configured endpoint.
///
/// The host never comes from the archive body (`ArchiveImage.urlbase` is reduced to a path
/// and query), so a mirror set with `BINGWALL_ENDPOINT` serves every byte, and a hostile body
/// cannot send the download anywhere else.
package enum ImageURL {
  /// `{endpoint}{urlbase}_{RES}.jpg`, e.g. `https://www.bing.com/th?id=OHR.X_EN-US1_UHD.jpg`.
  ///
  /// `urlbase` is `ArchiveImage.urlbase` (relative, starting with `/`). The resolution is
  /// percent-encoded all the same, so that a bad value yields a 404 rather than a different URL.
  package static func url(endpoint: String, urlbase: String, resolution: Resolution) -> String {
    let path = urlbase.hasPrefix("/") ? urlbase : "/" + urlbase
    return
      "\(ArchiveRequest.base(endpoint))\(path)_\(PercentEncoding.encoded(resolution.name, keeping: .unreserved)).jpg"
  }
}
