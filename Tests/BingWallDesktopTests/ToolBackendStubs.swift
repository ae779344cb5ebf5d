import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// Stand-ins for wallpaper tools: `#!/bin/sh` scripts in a private PATH that record how they were run.
///
/// Each call appends one record to a log: the argument count, the program's name and every argument,
/// each ended by a NUL byte. That keeps arguments with blanks, quotes or newlines exact, where one
/// argument per line could not. The session's PATH is the stub folder alone, so a real tool installed
/// on the machine can never answer in a stub's place, and a tool without a stub is missing.
final class ToolStubs {
  let folder: TemporaryDirectory
  var bin: String { folder.file("bin") }
  var log: String { folder.file("calls.log") }
  var home: String { folder.file("home") }

  init() throws {
    folder = try TemporaryDirectory()
    for path in [bin, home] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
  }

  /// Installs `name` as a stub that records its call, then runs `then` (shell text we wrote, never
  /// test data): by default it exits 0 silently.
  func install(_ name: String, then body: String = "exit 0") throws {
    let script = """
      #!/bin/sh
      printf '%s\\0' "$(($# + 1))" "${0##*/}" "$@" >> '\(log)'
      \(body)

      """
    let path = "\(bin)/\(name)"
    try ExecutableScript.write(script, to: path)
  }

  /// Every recorded call, in order: the program's name, then its arguments.
  func calls() -> [[String]] {
    guard let data = FileManager.default.contents(atPath: log) else { return [] }
    var fields = data.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }[...]
    var calls: [[String]] = []
    while let countField = fields.popFirst(), let count = Int(countField), fields.count >= count {
      calls.append(Array(fields.prefix(count)))
      fields = fields.dropFirst(count)
    }
    return calls
  }

  /// A session whose PATH is the stub folder and whose home is private, plus `environment`.
  func session(_ environment: [String: String] = [:], timeout: Duration = .seconds(5)) -> DesktopSession {
    let base = ["PATH": bin, "HOME": home, "LANG": "C.UTF-8"]
    var session = DesktopSession(
      environment: base.merging(environment) { _, new in new }, processes: PosixProcessRunner(), home: home)
    session.timeout = timeout
    return session
  }

  static let x11 = ["DISPLAY": ":424242"]
  static let wayland = ["WAYLAND_DISPLAY": "wayland-424242"]
}
