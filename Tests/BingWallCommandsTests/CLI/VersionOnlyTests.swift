import BingWallTestSupport
import Testing

@testable import BingWallCLI
@testable import BingWallCommands

/// `CommandLineParser.versionOnly` answers `--version` without the command table; it must never
/// answer differently from the full parse over the real table.
@Suite struct VersionOnlyTests {
  static let lines: [[String]] = [
    ["--version"], ["-v", "--version"], ["--version", "--verbose"], ["-qv", "--version"],
    ["--version", "--help"], ["--help"], ["-h", "--version"], ["--config", "--version"],
    ["--config=/x", "--version"], ["update", "--version"], ["bogus", "--version"],
    ["--version", "--"], ["--version", "-"], ["--version", "--bogus"], ["-m", "en-US", "--version"],
    ["--version=1"], ["-x", "--version"], [], ["--version", "update"],
  ]

  @Test(arguments: lines)
  func agreesWithTheFullParse(words: [String]) {
    let full = Result { try CommandLineParser(root: CommandTable.root).parse(words) }
    guard let shortcut = CommandLineParser.versionOnly(words) else {
      // Declined: the full parse answers, and the only lines it may decline are those the
      // full parse does not answer with the version from global options alone.
      if case .success(.version) = full {
        #expect(!words.allSatisfy { $0.hasPrefix("-") && $0 != "-" && $0 != "--" }, "declined \(words)")
      }
      return
    }
    guard case .success(let outcome) = full else {
      Issue.record("\(words): the shortcut answered \(shortcut), the full parse refused it")
      return
    }
    #expect(outcome == shortcut)
  }

  @Test func answersTheVersionLines() {
    #expect(CommandLineParser.versionOnly(["--version"]) == .version(verbose: false))
    #expect(CommandLineParser.versionOnly(["-v", "--version"]) == .version(verbose: true))
    #expect(CommandLineParser.versionOnly(["update", "--version"]) == nil)
    #expect(CommandLineParser.versionOnly(["--help"]) == nil)
  }
}
