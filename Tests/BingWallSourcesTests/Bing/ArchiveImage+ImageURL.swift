@testable import BingWallBing
@testable import BingWallModel
import BingWallServiceTestSupport
import BingWallTestSupport

extension ArchiveImage {
  /// The URL of this picture in `resolution` under `endpoint`; see `ImageURL`.
  func imageURL(endpoint: String, resolution: String) -> String {
    ImageURL.url(endpoint: endpoint, urlbase: urlbase, resolution: Resolution(stored: resolution))
  }
}
