import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallKit
@testable import BingWallSystem

/// `config edit`'s logic, all in memory: the files in an `InMemoryFileSystem`, the editor a
/// scripted program that writes its next version into the copy, the person a scripted prompter.
/// The terminal itself is `ConfigEditEndToEndTests`'.
@Suite struct ConfigEditTests {
  let memory = MemoryContext()
  var configFile: String { MemoryContext.home + "/.config/bingwall/config.toml" }

  /// `code --wait` as the editor: on its Nth run it writes the Nth of `versions` into the file it
  /// is given (or fails with `status` past them).
  func editor(_ versions: [String], status: Int32 = 0) {
    let runs = Locked(0)
    memory.processes.stubInvocation("code") { [files = memory.files] invocation in
      let run = runs.withLock {
        $0 += 1
        return $0
      }
      guard run <= versions.count else { return .exit(status) }
      try? files.writeAtomically(Array(versions[run - 1].utf8), to: invocation.arguments.last!, mode: 0o600)
      return .exit(0)
    }
  }

  func edit(answers: [Bool] = [], stdinIsTTY: Bool = true) -> (
    Result<ConfigEdit.Outcome, Error>, ScriptedPrompter
  ) {
    let context = memory.context(
      environment: ["VISUAL": "code --wait", "TMPDIR": "/tmp"], stdinIsTTY: stdinIsTTY)
    let prompter = ScriptedPrompter(answers: answers)
    let result = Result {
      try ConfigEdit(ConfigLocation(configFile: nil, context: context), context: context).run(
        prompter: prompter)
    }
    return (result, prompter)
  }

  init() {
    memory.files.addFolders("/tmp")
  }

  @Test func aBadLineIsAskedAboutAndTheNextEditIsSaved() throws {
    memory.files.add(configFile, "# mine\nmode = \"fill\"\n", mode: 0o640)
    editor([
      "# mine\nmode = \"fill\"\nresolution = \"4K\"\n",
      "# mine\nmode = \"fill\"\nresolution = \"1920x1080\"\n",
    ])

    let (result, prompter) = edit(answers: [true])
    #expect(try result.get() == .saved)
    #expect(memory.files.text(configFile) == "# mine\nmode = \"fill\"\nresolution = \"1920x1080\"\n")
    #expect(
      memory.files.status(of: configFile, followingLinks: true)?.mode == 0o640, "the file keeps its mode")
    // One question, naming the bad line of the copy.
    guard case .editAgain(let problems)? = prompter.questions.first, prompter.questions.count == 1 else {
      Issue.record("\(prompter.questions)")
      return
    }
    #expect(problems.count == 1, "\(problems)")
    #expect(
      problems.first?.description.hasPrefix(
        "/tmp/bingwall-config.000001/config.toml:3: 'resolution': '4K' is not allowed")
        == true, "\(problems)")
    // The editor ran twice on the terminal, on the copy, with its own argument first.
    let runs = memory.processes.runs
    #expect(runs.count == 2)
    #expect(runs.allSatisfy { $0.streams == .terminal })
    #expect(runs.first?.arguments == ["code", "--wait", "/tmp/bingwall-config.000001/config.toml"])
    #expect(
      !memory.files.paths.contains { $0.hasPrefix("/tmp/bingwall-config.") }, "the copy is removed once saved"
    )
  }

  @Test func answeringNoLeavesTheFileAndKeepsTheCopy() {
    memory.files.add(configFile, "mode = \"fill\"\n")
    editor(["mode = \"fill\"\nfoo = 1\n"])

    let (result, prompter) = edit(answers: [false])
    let copy = "/tmp/bingwall-config.000001/config.toml"
    #expect(throws: ConfigEditError.notSaved(path: configFile, copy: copy)) { try result.get() }
    #expect(prompter.questions.count == 1)
    #expect(memory.files.text(configFile) == "mode = \"fill\"\n")
    #expect(memory.files.text(copy) == "mode = \"fill\"\nfoo = 1\n")
  }

  @Test func aCopyThatComesBackAsItWentChangesNothing() throws {
    editor([ConfigEdit.template])

    let (result, prompter) = edit()
    #expect(try result.get() == .unchanged)
    #expect(prompter.questions.isEmpty)
    #expect(memory.files.text(configFile) == nil, "no file is made for no change")
    #expect(!memory.files.writes.withLock { $0.map(\.path) }.contains(configFile))
    #expect(try memory.files.names(in: "/tmp") == [])
  }

  @Test func aNewFileStartsFromTheTemplateAndIsMadeWithItsFolder() throws {
    editor([ConfigEdit.template + "mode = \"fit\"\n"])

    let (result, _) = edit()
    #expect(try result.get() == .saved)
    #expect(memory.files.text(configFile) == ConfigEdit.template + "mode = \"fit\"\n")
    #expect(memory.files.status(of: configFile, followingLinks: true)?.mode == 0o644)
  }

  @Test func aLinkedFileIsWrittenWhereItPointsAndStaysALink() throws {
    memory.files.add("/home/tester/dotfiles/bingwall.toml", "mode = \"fill\"\n")
    memory.files.addLink(configFile, to: "/home/tester/dotfiles/bingwall.toml")
    editor(["mode = \"fit\"\n"])

    #expect(try edit().0.get() == .saved)
    #expect(memory.files.node(configFile) == .link("/home/tester/dotfiles/bingwall.toml"))
    #expect(memory.files.text("/home/tester/dotfiles/bingwall.toml") == "mode = \"fit\"\n")
  }

  @Test func anEditorThatFailsLeavesTheFileAndRemovesTheCopy() throws {
    memory.files.add(configFile, "mode = \"fill\"\n")
    editor([], status: 3)

    #expect(
      throws: ConfigEditError.editorFailed(
        program: "code", reason: "it ended with status 3", path: configFile)
    ) {
      try edit().0.get()
    }
    #expect(memory.files.text(configFile) == "mode = \"fill\"\n")
    #expect(try memory.files.names(in: "/tmp") == [])
  }

  @Test func aFileChangedMeanwhileIsNotOverwritten() {
    memory.files.add(configFile, "mode = \"fill\"\n")
    let files = memory.files
    memory.processes.stubInvocation("code") { [configFile] invocation in
      // `config set` in another terminal, while the person edits.
      files.add(configFile, "mode = \"center\"\n")
      files.add(invocation.arguments.last!, "mode = \"fit\"\n")
      return .exit(0)
    }

    #expect(
      throws: ConfigEditError.changedMeanwhile(
        path: configFile, copy: "/tmp/bingwall-config.000001/config.toml")
    ) {
      try edit().0.get()
    }
    #expect(memory.files.text(configFile) == "mode = \"center\"\n")
  }

  @Test func withoutATerminalNothingIsTouched() {
    #expect(throws: ConfigEditError.noTerminal(path: configFile)) { try edit(stdinIsTTY: false).0.get() }
    #expect(memory.processes.runs.isEmpty)
    #expect(memory.files.paths == ["/", "/tmp"])
  }
}
