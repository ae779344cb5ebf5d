import BingWallServiceTestSupport
import BingWallTestSupport

@testable import BingWallBing
@testable import BingWallModel

extension ArchiveImage {
  /// The URL of this picture in `resolution` under `endpoint`; see `ImageURL`.
  func imageURL(endpoint: String, resolution: String) -> String {
    ImageURL.url(endpoint: endpoint, urlbase: urlbase, resolution: Resolution(stored: resolution))
  }
}
