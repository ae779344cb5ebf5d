import Foundation

/// `Tests/Fixtures`, under the checkout's root: the tests read its fixture files where
/// they are in the checkout, with no resource bundle to build.
package enum Fixtures {
  package static let folder = PackageRoot.folder.appendingPathComponent("Tests/Fixtures")

  /// The bytes of `path` under `Tests/Fixtures`.
  package static func data(_ path: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(path))
  }

  /// The absolute path of `path` under `Tests/Fixtures`, for a stand-in tool to print.
  package static func path(_ path: String) -> String { folder.appendingPathComponent(path).path }

  /// The text of `path` under `Tests/Fixtures`, for a fixture every test of a suite needs: a
  /// missing or unreadable file is a broken checkout, and stops the run with the file's name.
  package static func text(_ path: String) -> String {
    do {
      return String(decoding: try data(path), as: UTF8.self)
    } catch {
      fatalError("cannot read the fixture Tests/Fixtures/\(path): \(error)")
    }
  }
}
