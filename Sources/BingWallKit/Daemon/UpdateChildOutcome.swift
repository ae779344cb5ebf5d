import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// What the daemon's update child reports to the daemon: whether the update succeeded, and if
/// not, its record. One JSON line, `{"failure":{"kind":"transport",…},"ok":false}`, in a file the
/// daemon names (`bingwall update --daemon-child --outcome-file FILE`), written once the update
/// ended and read once the child has exited.
///
/// The daemon records from this, never from the words the child prints: those are for its log,
/// and may be reworded freely.
package struct UpdateChildOutcome: Sendable, Equatable, Codable {
  /// Why the update failed; nil when it succeeded (or was held back by the conditions).
  var failure: UpdateFailureRecord?
  /// Whether it succeeded, for a reader that wants a word, not the absence of one.
  var ok: Bool

  package init(failure: UpdateFailureRecord?) {
    self.failure = failure
    self.ok = failure == nil
  }

  /// The outcome as one line of JSON with its newline.
  func line() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings, integers and booleans cannot fail to encode.
    return try! encoder.encode(self) + Data("\n".utf8)
  }

  /// Writes the outcome to `path` whole or not at all: a child killed midway leaves no half line.
  /// Its folder is made when missing (a first update that fails before any state is written).
  package func write(to path: String) throws(FileError) {
    try Paths.ensureDirectory(Paths.parent(of: path))
    try AtomicFile.write(line(), to: path)
  }

  /// The outcome the child at `path` wrote; nil when there is none, or it is not one (a child
  /// that died before writing it, a file of another version's shape).
  static func read(_ path: String) -> UpdateChildOutcome? {
    guard let bytes = try? FileContents.read(path, limit: 64 << 10) else { return nil }
    return try? JSONDecoder().decode(UpdateChildOutcome.self, from: Data(bytes))
  }
}
