import Foundation

/// A fresh folder for one test, removed with everything in it when the value goes away.
///
/// Made with `mkdtemp`, so parallel tests never share a folder and no name can be guessed.
package final class TemporaryDirectory: Sendable {
  /// Absolute path of the folder.
  package let path: String

  package init() throws {
    Self.pipesFailQuietly
    let base = FileManager.default.temporaryDirectory.path
    var template = Array("\(base)/bingwall-test-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw SystemCallError("mkdtemp in \(base)") }
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// SIGPIPE ignored in the test process from the first folder on (nearly every test makes one):
  /// a helper writing to a pipe or a socket whose reader has gone gets EPIPE, where the default
  /// action would kill the whole run at once, with no report ("exited with unexpected signal code
  /// 13", seen once in a full run). Children start with it restored (PosixProcessRunnerTests).
  private static let pipesFailQuietly: Void = { signal(SIGPIPE, SIG_IGN) }()

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the folder; the file itself is not created.
  package func file(_ name: String) -> String {
    "\(path)/\(name)"
  }
}

/// Runs `body` with a fresh temporary folder that is removed afterwards.
package func withTemporaryDirectory<Result>(_ body: (TemporaryDirectory) throws -> Result) throws -> Result {
  let directory = try TemporaryDirectory()
  return try withExtendedLifetime(directory) { try body(directory) }
}
