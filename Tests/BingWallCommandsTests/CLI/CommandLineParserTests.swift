import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// A table shaped like the real one, with every kind of option, so the grammar is tested whole.
let sampleRoot = CommandSpec(
  name: "bingwall", abstract: "Test root.",
  subcommands: [
    CommandSpec(
      name: "fetch", aliases: ["get"], abstract: "Fetch.",
      arguments: [ArgumentSpec("selector", kind: .selector, help: "Which.", optional: true)],
      options: [
        .value(
          "market", short: "m", name: "market", kind: .choice(["en-US", "de-DE"]), repeatable: true,
          help: "M."),
        .value("days", name: "days", kind: .integer(minimum: 1, maximum: 8), help: "D."),
        .value("since", name: "date", kind: .date, help: "S."),
        .flag("force", short: "f", help: "F."),
        .flag("json", short: "j", help: "J."),
      ]),
    CommandSpec(
      name: "mark", abstract: "Mark.",
      arguments: [ArgumentSpec("selector", help: "Which.", variadic: true)],
      options: [.flag("remove", help: "R.")]),
    CommandSpec(
      name: "group", abstract: "Group.",
      subcommands: [
        CommandSpec(
          name: "leaf", abstract: "Leaf.",
          arguments: [ArgumentSpec("key", kind: .configKey(ConfigSchema.keys.map(\.name)), help: "K.")])
      ]),
    HelpCommand.command.spec,
  ])

@Suite struct CommandLineParserTests {
  let parser = CommandLineParser(root: sampleRoot)

  struct Accepted: Sendable, CustomTestStringConvertible {
    var words: [String]
    var expected: ParseOutcome
    var testDescription: String { words.joined(separator: " ") }
  }

  static let accepted: [Accepted] = [
    Accepted(words: ["fetch"], expected: .run(Invocation(path: ["fetch"]))),
    Accepted(words: ["get"], expected: .run(Invocation(path: ["fetch"]))),
    Accepted(
      words: ["fetch", "--market", "de-DE"],
      expected: .run(Invocation(path: ["fetch"], options: ["market": ["de-DE"]]))),
    Accepted(
      words: ["fetch", "--market=de-de"],
      expected: .run(Invocation(path: ["fetch"], options: ["market": ["de-DE"]]))),
    Accepted(
      words: ["fetch", "-m", "en-US", "-m", "de-DE"],
      expected: .run(Invocation(path: ["fetch"], options: ["market": ["en-US", "de-DE"]]))),
    Accepted(
      words: ["fetch", "-mde-DE"], expected: .run(Invocation(path: ["fetch"], options: ["market": ["de-DE"]]))
    ),
    Accepted(
      words: ["fetch", "-fj"],
      expected: .run(Invocation(path: ["fetch"], options: ["force": [""], "json": [""]]))),
    Accepted(
      words: ["fetch", "-fjm", "en-US"],
      expected: .run(
        Invocation(path: ["fetch"], options: ["force": [""], "json": [""], "market": ["en-US"]]))),
    Accepted(
      words: ["-q", "fetch", "--verbose"],
      expected: .run(Invocation(path: ["fetch"], options: ["quiet": [""], "verbose": [""]]))),
    Accepted(
      words: ["fetch", "--config", "/x.toml", "latest"],
      expected: .run(
        Invocation(path: ["fetch"], options: ["config": ["/x.toml"]], arguments: ["selector": ["latest"]]))),
    Accepted(
      words: ["--config=/x.toml", "fetch"],
      expected: .run(Invocation(path: ["fetch"], options: ["config": ["/x.toml"]]))),
    Accepted(
      words: ["fetch", "--days", "3", "--days", "5"],
      expected: .run(Invocation(path: ["fetch"], options: ["days": ["5"]]))),
    Accepted(
      words: ["fetch", "--since", "2024-02-29"],
      expected: .run(Invocation(path: ["fetch"], options: ["since": ["2024-02-29"]]))),
    Accepted(
      words: ["fetch", "--", "--force"],
      expected: .run(Invocation(path: ["fetch"], arguments: ["selector": ["--force"]]))),
    Accepted(
      words: ["mark", "a", "-", "b", "--remove"],
      expected: .run(
        Invocation(path: ["mark"], options: ["remove": [""]], arguments: ["selector": ["a", "-", "b"]]))),
    Accepted(
      words: ["group", "leaf", "daemon.rotate"],
      expected: .run(Invocation(path: ["group", "leaf"], arguments: ["key": ["daemon.rotate"]]))),
    Accepted(words: [], expected: .missingCommand),
    Accepted(words: ["-q"], expected: .missingCommand),
    Accepted(words: ["group"], expected: .help(path: ["group"])),
    Accepted(words: ["--help"], expected: .help(path: [])),
    Accepted(words: ["fetch", "-h"], expected: .help(path: ["fetch"])),
    Accepted(words: ["fetch", "--days", "3", "--help"], expected: .help(path: ["fetch"])),
    // -h/--help anywhere wins over whatever else the line holds: an unknown option, a bad
    // value, a missing argument, an unknown word after the command.
    Accepted(words: ["fetch", "--help", "--nonsense"], expected: .help(path: ["fetch"])),
    Accepted(words: ["fetch", "--nonsense", "-h"], expected: .help(path: ["fetch"])),
    Accepted(words: ["fetch", "--days", "99", "--help"], expected: .help(path: ["fetch"])),
    Accepted(words: ["group", "leaf", "--help"], expected: .help(path: ["group", "leaf"])),
    Accepted(words: ["group", "leaf", "a", "b", "c", "--help"], expected: .help(path: ["group", "leaf"])),
    Accepted(words: ["--bogus", "group", "--help"], expected: .help(path: ["group"])),
    Accepted(words: ["nosuch", "--help"], expected: .help(path: [])),
    Accepted(words: ["help"], expected: .help(path: [])),
    Accepted(words: ["help", "group", "leaf"], expected: .help(path: ["group", "leaf"])),
    Accepted(words: ["help", "get"], expected: .help(path: ["fetch"])),
    Accepted(words: ["--version"], expected: .version(verbose: false)),
    Accepted(words: ["-v", "--version"], expected: .version(verbose: true)),
    Accepted(words: ["--version", "--verbose"], expected: .version(verbose: true)),
  ]

  @Test(arguments: accepted)
  func accepts(_ row: Accepted) throws {
    #expect(try parser.parse(row.words) == row.expected)
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    var words: [String]
    var message: String
    var path: [String]
    var hint: String? = nil
    var testDescription: String { words.joined(separator: " ") }
  }

  static let refused: [Refused] = [
    Refused(words: ["--frobnicate"], message: "unknown option '--frobnicate'", path: []),
    Refused(
      words: ["fetch", "--forse"], message: "unknown option '--forse'",
      path: ["fetch"], hint: "did you mean '--force'?"),
    Refused(
      words: ["fetch", "--mark", "x"], message: "unknown option '--mark'",
      path: ["fetch"], hint: "did you mean '--market'?"),
    Refused(words: ["fetch", "-x"], message: "unknown option '-x'", path: ["fetch"]),
    Refused(words: ["fetch", "-fx"], message: "unknown option '-x'", path: ["fetch"]),
    Refused(
      words: ["fetc"], message: "unknown command 'fetc'", path: [], hint: "did you mean 'bingwall fetch'?"),
    Refused(words: ["zzzzzz"], message: "unknown command 'zzzzzz'", path: []),
    Refused(
      words: ["group", "lef"], message: "unknown command 'lef'", path: ["group"],
      hint: "did you mean 'bingwall group leaf'?"),
    Refused(
      words: ["help", "fetc"], message: "unknown command 'fetc'", path: ["help"],
      hint: "did you mean 'bingwall help fetch'?"),
    Refused(words: ["fetch", "--market"], message: "missing the value of '--market'", path: ["fetch"]),
    Refused(words: ["fetch", "-m"], message: "missing the value of '-m'", path: ["fetch"]),
    Refused(words: ["--config"], message: "missing the value of '--config'", path: []),
    Refused(
      words: ["fetch", "--force=yes"], message: "the option '--force' does not take a value", path: ["fetch"]),
    Refused(
      words: ["fetch", "--days", "x"],
      message: "invalid value 'x' for '--days': expected a whole number",
      path: ["fetch"]),
    Refused(
      words: ["fetch", "--days", "9"],
      message: "invalid value '9' for '--days': expected a number of at most 8", path: ["fetch"]
    ),
    Refused(
      words: ["fetch", "--days=0"],
      message: "invalid value '0' for '--days': expected a number of at least 1",
      path: ["fetch"]),
    Refused(
      words: ["fetch", "-m", "en-UK"],
      message: "invalid value 'en-UK' for '-m': expected one of: en-US, de-DE",
      path: ["fetch"], hint: "did you mean 'en-US'?"),
    Refused(
      words: ["fetch", "--since", "2023-02-29"],
      message: "invalid value '2023-02-29' for '--since': expected a date as YYYY-MM-DD",
      path: ["fetch"]),
    Refused(words: ["fetch", "a", "b"], message: "unexpected argument 'b'", path: ["fetch"]),
    Refused(
      words: ["fetch", "0"],
      message: "invalid selector '0': expected a picture id of 1 or more",
      path: ["fetch"]),
    Refused(
      words: ["fetch", "2026-13-01"],
      message: "invalid selector '2026-13-01': expected a real date as YYYY-MM-DD",
      path: ["fetch"]),
    Refused(words: ["mark"], message: "missing the selector", path: ["mark"]),
    Refused(
      words: ["group", "leaf"], message: "missing the key", path: ["group", "leaf"]),
    Refused(
      words: ["group", "leaf", "resolutoin"],
      message: "invalid key 'resolutoin': not a known key",
      path: ["group", "leaf"], hint: "did you mean 'resolution'?"),
  ]

  @Test(arguments: refused)
  func refuses(_ row: Refused) {
    #expect(throws: UsageError(row.message, path: row.path, hint: row.hint)) { try parser.parse(row.words) }
  }

  @Test func realTableParsesConfigSet() throws {
    let outcome = try CommandLineParser(root: CommandTable.root).parse(["config", "set", "resolution", "UHD"])
    #expect(
      outcome
        == .run(Invocation(path: ["config", "set"], arguments: ["key": ["resolution"], "value": ["UHD"]])))
  }
}

@Suite struct SuggestionTests {
  @Test(
    arguments: [
      ("confg", "config"), ("cnofig", "config"), ("updtae", "update"), ("lst", "list"), ("xyz", nil),
    ] as [(String, String?)])
  func suggests(_ word: String, _ expected: String?) {
    #expect(Suggestion.closest(to: word, in: ["config", "update", "list", "help"]) == expected)
  }

  @Test func editDistanceCountsSwapsAsOne() {
    #expect(Suggestion.editDistance("ab", "ba") == 1)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
  }
}
