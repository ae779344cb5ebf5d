import Foundation

/// A picture of docs/images: `make screenshots` writes it there, `make test` into a temporary
/// folder, where the test checks it.
package enum DocsScreenshot {
  /// The committed pictures' bound: a README stays quick to load.
  package static let largestFile = 300 * 1024

  /// Where the pictures go: docs/images under `make screenshots`, else a folder of the test's.
  package static func destination(_ name: String, scratch: TemporaryDirectory) -> String {
    let named = ProcessInfo.processInfo.environment["BINGWALL_SCREENSHOTS"] ?? ""
    return named.isEmpty ? scratch.file(name) : "\(named)/\(name)"
  }

  /// A screenshot as a JPEG for the docs: `png` resized to at most `width` wide and compressed
  /// until it is under `largestFile`.
  package static func publish(_ png: String, as path: String, width: Int) throws {
    for quality in [85, 75, 65] {
      _ = try ExternalTool.run([
        "convert", png, "-resize", "\(width)x>", "-strip", "-sampling-factor", "4:2:0", "-quality",
        String(quality), path,
      ])
      if try bytes(path) <= largestFile { return }
    }
  }

  /// The size of the file at `path`, in bytes.
  package static func bytes(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }
}
