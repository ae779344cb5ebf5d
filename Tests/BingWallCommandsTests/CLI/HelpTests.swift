import BingWallCommandsTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSchedule

@Suite struct HelpTests {
  @Test func rootHelpStartsWithTheNewcomersCommandsThenTheGroups() {
    let text = Help.render(root: CommandTable.root, path: [], width: 80)
    #expect(text.hasPrefix("OVERVIEW: "))
    #expect(
      text.contains(
        "\n\nUSAGE: bingwall [<options>] <subcommand>\n\nSTART HERE:\n"
          + "  bingwall update             Fetch the newest pictures and set today's.\n"
          + "  bingwall random             Set another of your pictures, at random.\n"
          + "  bingwall autostart enable   Keep the wallpaper fresh by itself.\n\nEVERYDAY:\n"
          + "  update                  Fetch the newest pictures of the day"))
    #expect(text.contains("\n  list, history           List stored pictures, newest first.\n"))
    #expect(text.contains("\n  config                  Show or change the configuration.\n"))
    #expect(
      text.contains(
        "  See 'bingwall help <subcommand>' for detailed help, and 'man bingwall' for the\n  manual.\n"))
    #expect(!text.contains("GLOBAL OPTIONS:"))
    #expect(!text.contains("SUBCOMMANDS:"), "every command is in a group")
    // The groups in their order, then the options.
    let headings = ["START HERE:", "EVERYDAY:", "THE HISTORY:", "RUNNING BY ITSELF:", "SET-UP:", "OPTIONS:"]
    let places = headings.compactMap { text.range(of: "\n" + $0 + "\n")?.lowerBound }
    #expect(places.count == headings.count)
    #expect(places == places.sorted())
  }

  /// The one grouping: every visible command in exactly one group, no group naming a command
  /// that is not there.
  @Test func everyVisibleCommandIsInOneGroup() {
    let visible = CommandTable.root.visibleSubcommands.map(\.name)
    let grouped = CommandTable.groups.flatMap(\.commands)
    #expect(grouped.sorted() == visible.sorted())
    #expect(Set(grouped).count == grouped.count)
    #expect(CommandTable.groups.map(\.title) == ["Everyday", "The history", "Running by itself", "Set-up"])
  }

  /// Every command a user sees ends its help with 2-4 examples, each a comment and a command line.
  @Test func everyVisibleCommandsHelpEndsWithExamples() {
    for command in CommandTable.root.visibleSubcommands {
      let text = Help.render(root: CommandTable.root, path: [command.name], width: 80)
      guard let start = text.range(of: "\n\nEXAMPLES:\n") else {
        Issue.record("\(command.name) has no EXAMPLES")
        continue
      }
      let section = text[start.upperBound...]
      let lines = section.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
      let commandLines = lines.filter { $0.hasPrefix("  bingwall \(command.name)") }
      let comments = lines.filter { $0.hasPrefix("  # ") }
      #expect((2...4).contains(commandLines.count), "\(command.name): \(commandLines.count) examples")
      #expect(comments.count == commandLines.count, "\(command.name)")
      #expect(!section.contains(":\n"), "\(command.name): EXAMPLES is the last section")
    }
  }

  /// A subcommand without examples of its own shows those of its parent that run it.
  @Test func subcommandsShowTheirFamilysExamples() {
    let text = Help.render(root: CommandTable.root, path: ["config", "set"], width: 80)
    #expect(
      text.hasSuffix(
        "\n\nEXAMPLES:\n  # Crop the picture to fill each screen from now on\n  bingwall config set mode fill\n\n  # Let the daemon show another picture every hour\n  bingwall config set daemon.rotate 1h\n"
      ))
    #expect(!text.contains("config show"))
  }

  /// Each row of the table is named as its command is, in the table's order.
  @Test func eachRowIsNamedAsItsCommand() {
    #expect(CommandTable.rows.map(\.name) == CommandTable.commands.map(\.spec.name))
    #expect(CommandTable.root(parsing: ["list", "--limit", "2"]).subcommands.map(\.name) == ["list"])
    #expect(CommandTable.root(parsing: ["-v", "list"]).subcommands.count == CommandTable.rows.count)
  }

  /// Every example, in help and in the man pages, is a command line the real parser runs: an
  /// example that no longer parses fails here, not in a user's terminal.
  @Test func everyExampleParses() throws {
    let parser = CommandLineParser(root: CommandTable.root)
    var examples: [(path: [String], example: CommandExample)] = CommandTable.tour.map { ([], $0) }
    examples += CommandTable.root.examples.map { ([], $0) }
    func visit(_ command: CommandSpec, _ path: [String]) {
      examples += command.examples.map { (path, $0) }
      for child in command.subcommands { visit(child, path + [child.name]) }
    }
    for command in CommandTable.root.visibleSubcommands { visit(command, [command.name]) }
    #expect(examples.count > 50)
    for (path, example) in examples {
      #expect(example.commandLine.hasPrefix("bingwall " + path.joined(separator: " ")), "\(example.line)")
      #expect(!example.comment.hasSuffix("."), "\(example.line): a comment without a full stop")
      do {
        switch try parser.parse(example.words) {
        case .run(let invocation):
          #expect(Array(invocation.path.prefix(path.count)) == path, "\(example.line)")
        case .help(let topic):
          #expect(path == ["help"] && !topic.isEmpty, "\(example.line) asks for help")
        case .version, .missingCommand:
          Issue.record("\(example.line) runs no command")
        }
      } catch {
        Issue.record("\(example.line): \(error.message)")
      }
      // The root of the first word's command alone, which running a command parses with,
      // reads every example as the whole table does.
      let narrow = try? CommandLineParser(root: CommandTable.root(parsing: example.words)).parse(
        example.words)
      #expect(narrow == (try? parser.parse(example.words)), "\(example.line)")
    }
  }

  @Test func exampleWordsAreWhatTheShellPasses() {
    #expect(CommandExample("search 'golden gate' x", "").words == ["search", "golden gate", "x"])
    #expect(CommandExample("a  \"b c\"d", "").words == ["a", "b cd"])
  }

  @Test func bareCommandsShortUsageIsAFewLines() {
    let text = Help.shortUsage(root: CommandTable.root, width: 80)
    #expect(
      text == """
        USAGE: bingwall [<options>] <subcommand>

        START HERE:
          bingwall update             Fetch the newest pictures and set today's.
          bingwall random             Set another of your pictures, at random.
          bingwall autostart enable   Keep the wallpaper fresh by itself.

        See 'bingwall --help' for every command, and 'man bingwall' for the manual.

        """)
  }

  @Test func everyCommandHasHelpWithinTheWidth() {
    func visit(_ command: CommandSpec, _ path: [String]) {
      let text = Help.render(root: CommandTable.root, path: path, width: 80)
      #expect(text.contains("OVERVIEW: "), "\(path)")
      #expect(text.contains("USAGE: bingwall"), "\(path)")
      for line in text.split(separator: "\n") {
        #expect(line.count <= 80, "\(path): \(line)")
      }
      for option in command.options {
        #expect(text.contains("--\(option.long)"), "\(path) lacks --\(option.long)")
      }
      for sub in command.subcommands { visit(sub, path + [sub.name]) }
    }
    visit(CommandTable.root, [])
  }

  @Test func optionRowsAlignAndListChoices() {
    let text = Help.render(root: sampleRoot, path: ["fetch"], width: 140)
    #expect(text.contains("  -m, --market <market>   M. (values: en-US, de-DE) (may be repeated)\n"))
    #expect(text.contains("  -f, --force             F.\n"))
    #expect(
      text.contains(
        "USAGE: bingwall fetch [--market <market> ...] [--days <days>] [--since <date>] [--force] [--json] [<selector>]"
      ))
    #expect(text.contains("ARGUMENTS:\n  <selector>              Which.\n"))
    #expect(text.contains("GLOBAL OPTIONS:\n  -q, --quiet"))
    #expect(text.contains("SUBCOMMANDS:") == false)
  }

  @Test func longLabelsPutTheDescriptionOnTheNextLine() {
    let table = Help.table([("--a-very-long-option-name <value>", "Text.")], width: 80)
    #expect(table == "  --a-very-long-option-name <value>\n" + String(repeating: " ", count: 26) + "Text.")
  }

  @Test func usageErrorsNameTheCommandAndWhereToReadMore() {
    let text = Help.usageErrorText(
      UsageError("unknown option '--x'", path: ["config", "get"]), root: CommandTable.root)
    #expect(
      text == "bingwall: error: unknown option '--x'\nbingwall: hint: see 'bingwall config get --help'\n")
    let guessed = Help.usageErrorText(
      UsageError("unknown option '--kye'", path: ["config", "get"], hint: "did you mean '--key'?"),
      root: CommandTable.root)
    #expect(guessed == "bingwall: error: unknown option '--kye'\nbingwall: hint: did you mean '--key'?\n")
  }

  @Test func wrapBreaksAtWordsAndIndentsContinuations() {
    #expect(Help.wrap("aaa bbb ccc", width: 7, indent: 2) == "aaa bbb\n  ccc")
    #expect(Help.wrap("", width: 10, indent: 0) == "")
  }
}
