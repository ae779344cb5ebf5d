import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `man/bingwall.1`: valid mdoc, every option, key and mode from the program, and it renders.
@Suite struct ManPageTests {
  let page = Manual.render()

  @Test func mandocLintFindsNothing() throws {
    let path = CompletionShell.committed("man/bingwall.1")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["mandoc", "-Tlint", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // Lines about the page name it; others are about this machine's man database. One style
    // note is the point: the footer names bingwall's version (`.Os bingwall VERSION`), which
    // mandoc asks only of NetBSD's own pages not to do.
    let versionNote = "STYLE: operating system explicitly specified: Os bingwall"
    let all = text.split(separator: "\n").filter { $0.contains(path) }
    let findings = all.filter { !$0.contains(versionNote) }
    #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    #expect(all.count == findings.count + 1, "the footer names the version")
    // mandoc's status is 1 for a style note alone; anything worse is 2 or more.
    #expect(process.terminationStatus <= 1, "\(text)")
  }

  @Test func manRendersEverySection() throws {
    let shell = CompletionShell(home: "/nonexistent", folder: "/")
    let text = try shell.run([
      "sh", "-c", "MANWIDTH=80 man -P cat " + CompletionShell.committed("man/bingwall.1"),
    ])
    for heading in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "MODES", "CONFIGURATION", "ENVIRONMENT", "FILES",
      "EXIT STATUS", "EXAMPLES", "SEE ALSO",
    ] {
      #expect(text.contains("\n\(heading)\n"), "\(heading)")
    }
    #expect(text.contains("bingwall — fetch Bing's picture of the day"))
    #expect(text.contains("0 * * * * bingwall update --quiet"))
  }

  @Test func everyCommandAndOptionIsThere() {
    func visit(_ command: CommandSpec, _ path: [String]) {
      if !path.isEmpty { #expect(page.contains(".Ss \(path.joined(separator: " "))\n"), "\(path)") }
      for option in command.options {
        let head = (option.short.map { ".It Fl \($0) , " } ?? ".It ") + "Fl -\(option.long)"
        #expect(page.contains(head), "\(path) --\(option.long)")
      }
      for child in command.visibleSubcommands { visit(child, path + [child.name]) }
    }
    visit(CommandTable.root, [])
    for option in GlobalOptions.all { #expect(page.contains("Fl -\(option.long)")) }
    #expect(page.contains(".Ss list\n.Nm Cm list\n"))
    #expect(page.contains("Also called history."))
  }

  @Test func everyConfigKeyWithItsDefaultAndVariable() {
    for key in ConfigSchema.keys {
      #expect(page.contains(".It Cm \(key.name)\n"), "\(key.name)")
      #expect(page.contains(".Ev \(key.environmentVariable) ."), "\(key.name)")
    }
    #expect(page.contains("Default: 30.") && page.contains(".Ev BINGWALL_ENDPOINT ."))
  }

  @Test func modeTableRowsComeFromTheBackends() {
    #expect(
      page.contains(
        ".It feh Ta \\&--bg-fill Ta \\&--bg-max Ta \\&--bg-scale Ta \\&--bg-center Ta \\&--bg-tile\n"))
    #expect(page.contains(".It xfce Ta \\&5 Ta \\&4 Ta \\&3 Ta \\&1 Ta \\&2\n"))
    for (name, table) in BackendRegistry.modeTables {
      #expect(BackendRegistry.names.contains(name), "\(name)")
      #expect(page.contains(".It \(name) Ta \\&\(table[.fill] ?? "-") Ta "), "\(name)")
    }
  }

  @Test func textIsEscapedForRoff() {
    var page = Page()
    page.text("A \\ backslash. Next one?")
    page.text("'quoted' start")
    page.text(".profile is read")
    #expect(page.lines == ["A \\e backslash.", "Next one?", "\\&'quoted' start", "\\&.profile is read"])
    var wrapped = Page()
    wrapped.text(String(repeating: "word ", count: 14) + "e.g. " + String(repeating: "more ", count: 20))
    #expect(wrapped.lines.allSatisfy { $0.utf8.count <= 80 })
    #expect(wrapped.lines.contains { $0.hasSuffix("e.g.\\&") })
  }
}
