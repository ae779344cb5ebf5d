import Testing

@testable import BingWallDesktop

/// A path and the URI GNOME must end up with, written out by hand so the encoder is checked too.
package struct PathCase: Sendable, CustomTestStringConvertible {
  package var path: String
  package var uri: String
  package var testDescription: String { path }

  package init(path: String, uri: String) {
    self.path = path
    self.uri = uri
  }

  package static let all = [
    PathCase(path: "/home/u/Pictures/bing.jpg", uri: "file:///home/u/Pictures/bing.jpg"),
    PathCase(path: "/tmp/with space/a b.jpg", uri: "file:///tmp/with%20space/a%20b.jpg"),
    PathCase(path: "/tmp/it's \"q\"/x.jpg", uri: "file:///tmp/it%27s%20%22q%22/x.jpg"),
    PathCase(path: "/tmp/Grüße/世界.jpg", uri: "file:///tmp/Gr%C3%BC%C3%9Fe/%E4%B8%96%E7%95%8C.jpg"),
  ]

  /// Every mode with one of the paths, every path at least once: the full product would spend
  /// seconds on gsettings processes without testing anything more.
  package static func pairedWithModes<Path>(_ paths: [Path]) -> [(WallpaperMode, Path)] {
    WallpaperMode.allCases.enumerated().map { ($0.element, paths[paths.count - 1 - $0.offset % paths.count]) }
  }
}
