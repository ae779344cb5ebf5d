import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation

/// Runs the completion scripts in the real shells, the way a user's TAB does, and returns the
/// candidates they offer.
///
/// `bingwall` on the shells' PATH is the built binary, and HOME is a sandbox's, so selectors
/// come from that sandbox's history.
package struct CompletionShell {
  /// HOME for the shells.
  package var home: String
  /// The folder the shells start in, for file and folder candidates.
  package var folder: String

  package init(home: String, folder: String) {
    self.home = home
    self.folder = folder
  }

  package var environment: [String: String] {
    let binaryFolder = URL(fileURLWithPath: Sandbox.binary).deletingLastPathComponent().path
    return [
      "HOME": home, "PATH": binaryFolder + ":/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
      "TERM": "dumb",
    ]
  }

  /// Each line completed by bash with bash-completion loaded, after `script` is sourced; the
  /// cursor is at the end of the line, and a line ending in a space completes an empty word.
  package func bash(_ lines: [String], script: String = PackageRoot.path("completions/bingwall.bash")) throws
    -> [[String]]
  {
    var source = "source /usr/share/bash-completion/bash_completion\nsource \(quoted(script))\n"
    for line in lines {
      var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      if line.hasSuffix(" ") { words.append("") }
      source += """
        COMP_WORDS=(\(words.map(quoted).joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        COMP_LINE=\(quoted(line))
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        _bingwall
        echo '== next'
        printf '%s\\n' "${COMPREPLY[@]}"

        """
    }
    return sections(try run(["bash", "--norc", "--noprofile", "-c", source]), count: lines.count)
  }

  /// Each line completed by fish (`complete -C`), after `script` is sourced.
  package func fish(_ lines: [String], script: String = PackageRoot.path("completions/bingwall.fish")) throws
    -> [[String]]
  {
    var source = "source \(quoted(script))\n"
    for line in lines { source += "echo '== next'\ncomplete -C \(quoted(line)) | string split -f1 \\t\n" }
    return sections(try run(["fish", "--no-config", "-c", source + "true\n"]), count: lines.count)
  }

  /// Each line completed in an interactive zsh with compinit, `_bingwall` autoloaded from `folder`.
  package func zsh(_ lines: [String], folder scripts: String = PackageRoot.path("completions")) throws
    -> [[String]]
  {
    let harness = folder + "/zsh-complete.zsh"
    try ZshHarness.source.write(toFile: harness, atomically: true, encoding: .utf8)
    let output = folder + "/zsh-candidates.txt"
    try run(["zsh", "-f", harness, scripts, output] + lines)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    var result: [[String]] = []
    for line in text.split(separator: "\n").map(String.init) {
      if line.hasPrefix("== ") {
        result.append([])
      } else if line != "-- done", !result.isEmpty {
        result[result.count - 1].append(line)
      }
    }
    return result
  }

  /// Splits output at its `== next` lines.
  func sections(_ output: String, count: Int) -> [[String]] {
    var result: [[String]] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line == "== next" {
        result.append([])
      } else if !line.isEmpty, !result.isEmpty {
        result[result.count - 1].append(line)
      }
    }
    return result
  }

  package func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @discardableResult
  package func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // A shell stuck on a prompt must fail the test, not hang the run.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    guard process.terminationStatus == 0 else {
      throw ExternalTool.Failure(arguments: arguments, status: process.terminationStatus, standardError: "")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
