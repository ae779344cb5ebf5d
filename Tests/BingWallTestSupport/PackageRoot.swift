import Foundation

/// The checkout's root folder, found from this file's path: the tests read the committed files
/// (fixtures, scripts, icons, sources) where they are, with no resource bundle to build.
package enum PackageRoot {
  package static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // BingWallTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The absolute path of `relativePath` under the root.
  package static func path(_ relativePath: String) -> String {
    folder.appendingPathComponent(relativePath).path
  }
}
