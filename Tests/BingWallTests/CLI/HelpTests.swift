import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallNet
@testable import BingWallSchedule

@Suite struct HelpTests {
  @Test func rootHelpHasTheSwiftArgumentParserSections() {
    let text = Help.render(root: CommandTable.root, path: [], width: 80)
    #expect(text.hasPrefix("OVERVIEW: "))
    #expect(text.contains("\n\nUSAGE: bingwall [<options>] <subcommand>\n\nOPTIONS:\n  -q, --quiet "))
    #expect(text.contains("\nSUBCOMMANDS:\n  update                  Fetch the pictures"))
    #expect(text.contains("\n  list, history           List stored pictures, newest first.\n"))
    #expect(text.contains("\n  config                  Show or change the configuration.\n"))
    #expect(text.contains("  See 'bingwall help <subcommand>' for detailed help.\n"))
    #expect(!text.contains("GLOBAL OPTIONS:"))
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
      UsageError("Unknown option '--x'", path: ["config", "get"]), root: CommandTable.root)
    #expect(
      text == """
        Error: Unknown option '--x'
        Usage: bingwall config get <key>
          See 'bingwall config get --help' for more information.

        """)
  }

  @Test func wrapBreaksAtWordsAndIndentsContinuations() {
    #expect(Help.wrap("aaa bbb ccc", width: 7, indent: 2) == "aaa bbb\n  ccc")
    #expect(Help.wrap("", width: 10, indent: 0) == "")
  }
}
