import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

/// The README is the front door: short, a command early, and every example in it true today.
@Suite struct ReadmeTests {
  static func readme() throws -> String {
    try String(contentsOfFile: PackageRoot.path("README.md"), encoding: .utf8)
  }

  /// The lines of the README's fenced blocks of `language` (`sh`, `toml`), block by block.
  static func blocks(_ language: String) throws -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in try readme().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else if line == "```" + language {
          current = []
        }
        continue
      }
      current?.append(line)
    }
    return blocks.filter { !$0.isEmpty }
  }

  @Test func isShortAndShowsACommandEarly() throws {
    let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 250)
    let first = try #require(lines.firstIndex { $0.hasPrefix("bingwall ") })
    #expect(first < 60, "the first bingwall command is on line \(first + 1)")
  }

  /// Every `bingwall …` line of the README's shell blocks parses with the real command table and
  /// names a command that runs.
  @Test func everyCommandLineParses() throws {
    var checked = 0
    for line in try Self.blocks("sh").joined() {
      var words = Self.shellWords(String(line.split(separator: "#", maxSplits: 1)[0]))
      if words.first == "sudo" { words.removeFirst() }
      guard words.first == "bingwall" else { continue }
      let outcome = try CommandLineParser(root: CommandTable.root).parse(Array(words.dropFirst()))
      guard case .run(let invocation) = outcome else {
        Issue.record("\(line) does not run a command: \(outcome)")
        continue
      }
      #expect(CommandTable.command(for: invocation.path) != nil, "\(line)")
      checked += 1
    }
    #expect(checked >= 10)
  }

  /// A line split into words as sh splits it: on spaces, with '…' and "…" one word each (no
  /// escapes nor expansions: a README line has none).
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word?.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character == " " {
        if let done = word { words.append(done) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let done = word { words.append(done) }
    return words
  }

  /// The configuration example loads as it stands, each key with the value the README gives.
  @Test func theConfigurationExampleLoads() throws {
    let block = try #require(try Self.blocks("toml").first)
    let files = InMemoryFileSystem()
    let file = "/home/u/.config/bingwall/config.toml"
    files.add(file, block.joined(separator: "\n"))
    let configuration = try Configuration.load(file: file, in: files, explicit: true, environment: [:])
    #expect(configuration[ConfigSchema.markets].map(\.code) == ["en-GB", "ja-JP"])
    #expect(configuration.setting("pictures.caption").source.description.hasPrefix(file))
  }
}
