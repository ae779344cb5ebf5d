import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// The committed completion scripts and man page are what the command table generates, and the
/// generators see what the parser sees.
@Suite struct GeneratedFilesTests {
  static let files: [(path: String, text: String, regenerate: String)] =
    [
      (
        "completions/bingwall.bash", BashCompletion.script(root: CommandTable.root),
        "swift run bingwall completions bash > completions/bingwall.bash"
      ),
      (
        "completions/_bingwall", ZshCompletion.script(root: CommandTable.root),
        "swift run bingwall completions zsh > completions/_bingwall"
      ),
      (
        "completions/bingwall.fish", FishCompletion.script(root: CommandTable.root),
        "swift run bingwall completions fish > completions/bingwall.fish"
      ),
    ] + Manual.pages().map { ("man/" + $0.name, $0.text, "make man") }

  @Test(arguments: files.map(\.path))
  func committedFileIsWhatTheTableGenerates(path: String) throws {
    let file = try #require(Self.files.first { $0.path == path })
    let committed = try String(contentsOfFile: PackageRoot.path(path), encoding: .utf8)
    #expect(committed == file.text, "\(path) is out of date; regenerate it with: \(file.regenerate)")
  }

  /// man/ holds the pages the program makes and no other: a page of a command that went away
  /// would still be installed.
  @Test func manHoldsEveryPageAndNoOther() throws {
    let listed = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path("man"))
    #expect(listed.sorted() == Manual.pages().map(\.name).sorted())
  }

  /// What make, dist and deb run: `__man --list` and `__man NAME`, dated by SOURCE_DATE_EPOCH.
  @Test func theBinaryPrintsTheSamePages() throws {
    let sandbox = try Sandbox()
    let list = try sandbox.run(["__man", "--list"])
    #expect(list.status == 0)
    #expect(list.stdout == Manual.pages().map { $0.name + "\n" }.joined())
    for name in ["bingwall.1", "bingwall-update.1", "bingwall.conf.5", "bingwall-backends.7"] {
      let page = try sandbox.run(["__man", name])
      #expect(page.status == 0)
      #expect(page.stdout == Manual.page(named: name)?.text, "\(name)")
    }
    #expect(try sandbox.run(["__man"]).stdout == Manual.page(named: "bingwall.1")?.text)
    let dated = try sandbox.run(
      ["__man", "bingwall.conf.5"], environment: ["SOURCE_DATE_EPOCH": "1764979200"])
    #expect(dated.stdout.hasPrefix(".Dd December 6, 2025\n"))
    let unknown = try sandbox.run(["__man", "bingwall-nothing.1"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("bingwall: error: no page called 'bingwall-nothing.1'"))
  }

  @Test func theBinaryPrintsTheSameScripts() throws {
    let sandbox = try Sandbox()
    for (shell, path) in [("bash", "completions/bingwall.bash"), ("zsh", "completions/_bingwall")] {
      let result = try sandbox.run(["completions", shell])
      #expect(result.status == 0)
      #expect(result.stdout == Self.files.first { $0.path == path }?.text)
    }
    let fish = try sandbox.run(["completions", "fish"])
    #expect(fish.stdout.hasPrefix("# fish completion for bingwall(1)."))
    let bad = try sandbox.run(["completions", "tcsh"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("invalid shell 'tcsh': expected one of: bash, zsh, fish"), "\(bad.stderr)")
  }

  /// The scripts keep one list of value-taking options for every command: that is exact only
  /// while no option is a flag in one command and takes a value in another.
  @Test func noOptionIsAFlagHereAndTakesAValueThere() {
    var takesValue: [String: Bool] = [:]
    for node in CompletionModel(root: CommandTable.root).nodes {
      for option in node.options {
        for word in CompletionModel.spellings(of: option) {
          #expect(takesValue[word, default: option.takesValue] == option.takesValue, "\(word)")
          takesValue[word] = option.takesValue
        }
      }
    }
    #expect(takesValue["--market"] == true)
    #expect(takesValue["--json"] == false)
  }

  @Test func hiddenCommandsStayOutOfHelpSuggestionsAndGeneratedFiles() throws {
    let help = Help.render(root: CommandTable.root, path: [], width: 80)
    #expect(help.contains("completions"))
    #expect(!help.contains("__complete"))
    #expect(!help.contains("__man"))
    for file in Self.files {
      #expect(!file.text.contains("__man"), "\(file.path)")
      #expect(!file.text.contains("Print words for the completion scripts"), "\(file.path)")
    }
    #expect(BashCompletion.script(root: CommandTable.root).contains("bingwall __complete selectors"))
    #expect(!BashCompletion.script(root: CommandTable.root).contains("|__complete"))
    for page in Manual.pages() { #expect(!page.text.contains("__complete"), "\(page.name)") }
    do {
      _ = try CommandLineParser(root: CommandTable.root).parse(["__compete"])
      Issue.record("parsed an unknown command")
    } catch {
      #expect(!error.message.contains("Did you mean"), "\(error.message)")
    }
    #expect(
      try CommandLineParser(root: CommandTable.root).parse(["__complete", "selectors"]) != .help(path: []))
  }

  @Test func selectorsAreSilentWithoutAHistory() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["__complete", "selectors"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.dataDir))

    // An unreadable history is no reason to print into the user's command line.
    try FileManager.default.createDirectory(atPath: sandbox.dataDir, withIntermediateDirectories: true)
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: sandbox.dataDir + "/history.db"))
    let broken = try sandbox.run(["__complete", "selectors"])
    #expect(broken.status == 0)
    #expect(broken.stdout.isEmpty)
    #expect(broken.stderr.isEmpty)
  }
}
