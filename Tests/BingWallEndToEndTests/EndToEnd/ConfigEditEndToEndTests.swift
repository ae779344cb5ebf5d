import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// `config edit` on a real terminal (a pseudo-terminal) with a scripted editor: the copy is
/// checked when the editor ends, a bad line is shown with "Edit again? [Y/n]", and the file is
/// replaced only by a copy without errors.
@Suite struct ConfigEditEndToEndTests {
  /// An editor that writes, on its Nth run, the Nth of `versions` into the file it is given;
  /// it also records its arguments, to show $EDITOR's own argument arrived on its own.
  static func editor(in folder: TemporaryDirectory, versions: [String]) throws -> String {
    var script = "#!/bin/sh\ncount=$(cat \"\(folder.file("runs"))\" 2>/dev/null || echo 0)\n"
    script += "count=$((count + 1))\necho $count > \"\(folder.file("runs"))\"\n"
    script += "printf '%s\\n' \"$@\" >> \"\(folder.file("arguments"))\"\n"
    script += "case $count in\n"
    for (index, version) in versions.enumerated() {
      script += "  \(index + 1)) printf '%s' '\(version)' > \"$2\" ;;\n"
    }
    script += "esac\n"
    let path = folder.file("fake-editor")
    try ExecutableScript.write(script, to: path)
    return path
  }

  /// Runs `bingwall config edit` on the terminal, answering each "Edit again?" with the next
  /// of `answers`; returns what the terminal showed and the exit status.
  static func edit(
    _ sandbox: Sandbox, editor: String, answers: [String]
  ) throws -> (shown: String, status: Int32) {
    // VISUAL wins over EDITOR, and may carry arguments: split at spaces, no shell.
    let environment = sandbox.baseEnvironment.merging(
      ["VISUAL": "\(editor) --wait", "EDITOR": "/nonexistent/editor", "TERM": "dumb"]) { _, new in new }
    let terminal = try PseudoTerminal(
      executable: Sandbox.binary, arguments: ["config", "edit"], environment: environment)
    for (index, answer) in answers.enumerated() {
      // Each answer is typed once its question is on the screen.
      terminal.read(until: { $0.components(separatedBy: "Edit again? [Y/n] ").count > index + 1 }, limit: 30)
      terminal.type(answer + "\n")
    }
    let ending = terminal.finish(limit: 60)
    return (terminal.text, ending.status ?? 128 + (ending.signal ?? 0))
  }

  @Test func aBadLineIsShownAndAnotherEditSavesTheFile() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    let before = "# mine\nmode = \"fill\"\n"
    try before.write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
    let editor = try Self.editor(
      in: sandbox.folder,
      versions: [
        "# mine\nmode = \"fill\"\nresolution = \"4K\"\n",
        "# mine\nmode = \"fill\"\nresolution = \"1920x1080\"\n",
      ])

    let (shown, status) = try Self.edit(sandbox, editor: editor, answers: ["y"])
    #expect(status == 0, "\(shown)")
    #expect(shown.contains("config.toml:3: 'resolution': '4K' is not allowed"), "\(shown)")
    #expect(shown.contains("bingwall: hint: did you mean 'UHD'?"), "\(shown)")
    #expect(shown.components(separatedBy: "Edit again? [Y/n]").count == 2, "\(shown)")
    #expect(shown.contains("Saved \(sandbox.configFile)."), "\(shown)")
    let after = try String(contentsOfFile: sandbox.configFile, encoding: .utf8)
    #expect(after == "# mine\nmode = \"fill\"\nresolution = \"1920x1080\"\n")
    // The editor got its own argument, then the copy (not the file itself).
    let arguments = try String(contentsOfFile: sandbox.folder.file("arguments"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(arguments.count == 4 && arguments[0] == "--wait" && arguments[2] == "--wait", "\(arguments)")
    #expect(arguments[1].hasSuffix("/config.toml") && arguments[1] != sandbox.configFile, "\(arguments)")
    #expect(!FileManager.default.fileExists(atPath: arguments[1]), "the copy is removed once saved")
  }

  @Test func answeringNoLeavesTheFileAsItWasAndKeepsTheEdit() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.home + "/.config/bingwall", withIntermediateDirectories: true)
    let before = "mode = \"fill\"\n"
    try before.write(toFile: sandbox.configFile, atomically: true, encoding: .utf8)
    let editor = try Self.editor(in: sandbox.folder, versions: ["mode = \"fill\"\nfoo = 1\n"])

    let (shown, status) = try Self.edit(sandbox, editor: editor, answers: ["n"])
    #expect(status == 1, "\(shown)")
    #expect(shown.contains("config.toml:2: unknown key 'foo'"), "\(shown)")
    #expect(shown.contains("bingwall: error: \(sandbox.configFile) is unchanged"), "\(shown)")
    #expect(try String(contentsOfFile: sandbox.configFile, encoding: .utf8) == before)
    let copy = try String(contentsOfFile: sandbox.folder.file("arguments"), encoding: .utf8)
      .split(separator: "\n").map(String.init)[1]
    #expect(try String(contentsOfFile: copy, encoding: .utf8) == "mode = \"fill\"\nfoo = 1\n")
    #expect(shown.contains("your edit is kept in \(copy)"), "\(shown)")
    try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().path)
  }

  @Test func withoutATerminalItRefusesAndNamesTheWayThatWorks() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["config", "edit"], environment: ["EDITOR": "/nonexistent/editor"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "bingwall: error: config edit needs a terminal: stdin is not one\nbingwall: hint: "),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.configFile))
  }
}
