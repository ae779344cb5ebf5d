import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallNet
@testable import BingWallSystem

/// What bingwall says when things go wrong, held word for word: one file per case under
/// Tests/Fixtures/Diagnostics, the command, what it wrote on stderr and its exit status.
///
/// Changing a message is one command: `RECORD_SNAPSHOTS=1 swift test --filter
/// DiagnosticSnapshotTests` writes the files again (as swift-argument-parser's switch does), and
/// `git diff` shows the new words for review.
@Suite struct DiagnosticSnapshotTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var words: [String]
    /// Sets the scene: a config file, a scripted answer.
    var scene: @Sendable (InProcess) throws -> Void = { _ in }
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "unknown-command", words: ["updte"]),
    Case(name: "unknown-option", words: ["update", "--frobnicate"]),
    Case(name: "near-option", words: ["update", "--markte", "en-US"]),
    Case(name: "value-out-of-range", words: ["update", "--days", "9"]),
    Case(name: "near-value", words: ["apply", "latest", "--backend", "swya"]),
    Case(name: "missing-argument", words: ["config", "set"]),
    Case(name: "unknown-help-topic", words: ["help", "updat"]),
    Case(name: "empty-history", words: ["apply", "latest"]),
    Case(
      name: "bing-sends-html", words: ["update", "--market", "en-US"],
      scene: { run in
        run.http.stub(
          "/HPImageArchive.aspx",
          .ok(Array("<html><title>Sign in to the Wi-Fi</title></html>".utf8), type: "text/html"))
      }),
    Case(
      name: "network-down", words: ["update", "--market", "en-US"],
      scene: { run in
        run.http.stub(
          "/HPImageArchive.aspx",
          .failure(
            .transport(
              url: "https://www.bing.com/HPImageArchive.aspx", code: 6, message: "Could not resolve host")))
      }),
    Case(
      name: "config-syntax", words: ["config", "get", "mode"],
      scene: { run in
        let file = run.home.file("config.toml")
        try Data("resolution = \"UHD\"\nmode = \n".utf8).write(to: URL(fileURLWithPath: file))
        run.environment["BINGWALL_CONFIG"] = file
      }),
    Case(name: "not-a-picture", words: ["apply", "/etc/hostname"]),
  ]

  static let folder = Fixtures.folder.appendingPathComponent("Diagnostics")
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

  @Test(arguments: cases)
  func saysWhatTheSnapshotSays(_ row: Case) throws {
    let run = try FakeBingRun.context(days: 1)
    try row.scene(run)
    let result = run.run(row.words)
    // Paths of this run's temporary home read the same in every run.
    let stderr = result.stderr.replacingOccurrences(of: run.home.path, with: "$HOME")
    let text = "$ bingwall \(row.words.joined(separator: " "))\n\(stderr)exit \(result.status)\n"
    let file = Self.folder.appendingPathComponent(row.name + ".txt")
    if Self.recording {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
      return
    }
    let recorded = try String(contentsOf: file, encoding: .utf8)
    #expect(
      text == recorded, "RECORD_SNAPSHOTS=1 swift test --filter DiagnosticSnapshotTests records it again")
  }

  /// The voice itself, whatever the words: each line the cases print names bingwall and its kind.
  @Test(arguments: cases)
  func everyLineSpeaksInOneVoice(_ row: Case) throws {
    let run = try FakeBingRun.context(days: 1)
    try row.scene(run)
    let result = run.run(row.words)
    #expect(result.status != 0)
    let lines = result.stderr.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(Diagnostic.parse(line) != nil, "\(line)")
      #expect(line.count <= 300, "\(line)")
    }
  }
}
