import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallSystem

/// The manual in man/: valid mdoc page by page, every command, option, key, backend and mode
/// from the program, each page renders, and the markets listed once.
@Suite struct ManPageTests {
  static let pages = Manual.pages()
  static let names = pages.map(\.name)

  func page(_ name: String) -> String { Self.pages.first { $0.name == name }?.text ?? "" }

  /// mandoc -T lint finds nothing in a page but two style notes: the footer names bingwall's
  /// version (`.Os bingwall VERSION`), which mandoc asks only of NetBSD's own pages not to do,
  /// and a reference to another page of the set, which mandoc looks for among the installed
  /// manuals and finds once the set is installed.
  /// As man-db's `man` shows the page in an 80-column terminal: groff says nothing, so no line
  /// runs off the page.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")), arguments: names)
  func rendersAt80ColumnsWithoutATroffWarning(name: String) throws {
    let (_, warnings) = try ExternalTool.outputs([
      "env", "MANWIDTH=80", "LANG=C.UTF-8", "man", "--warnings", "-l",
      PackageRoot.path("man/" + name),
    ])
    #expect(warnings.isEmpty, "\(warnings)")
  }

  @Test(arguments: names)
  func mandocLintFindsNothing(name: String) throws {
    let path = PackageRoot.path("man/" + name)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["mandoc", "-Tlint", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // Lines about the page name it; others are about this machine's man database.
    let versionNote = "STYLE: operating system explicitly specified: Os bingwall"
    let all = text.split(separator: "\n").filter { $0.contains(path) }
    let findings = all.filter { line in
      if line.contains(versionNote) { return false }
      guard let reference = line.components(separatedBy: "referenced manual not found: Xr ").dropFirst().first
      else { return true }
      // `Xr bingwall-update 1`, and mandoc may add `(2 times)`.
      let parts = reference.split(separator: " ")
      return parts.count < 2 || !Self.names.contains("\(parts[0]).\(parts[1])")
    }
    #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    #expect(all.contains { $0.contains(versionNote) }, "the footer names the version")
    // mandoc's status is 1 for a style note alone; anything worse is 2 or more.
    #expect(process.terminationStatus <= 1, "\(text)")
  }

  @Test(arguments: names)
  func manRendersThePage(name: String) throws {
    let shell = CompletionShell(home: "/nonexistent", folder: "/")
    let text = try shell.run([
      "sh", "-c", "MANWIDTH=80 man -P cat " + PackageRoot.path("man/" + name),
    ])
    for heading in ["NAME", "DESCRIPTION", "SEE ALSO"] {
      #expect(text.contains("\n\(heading)\n"), "\(name): \(heading)")
    }
  }

  @Test func theMainPageHasTheSectionsAUserLooksFor() throws {
    let shell = CompletionShell(home: "/nonexistent", folder: "/")
    let text = try shell.run([
      "sh", "-c", "MANWIDTH=80 man -P cat " + PackageRoot.path("man/bingwall.1"),
    ])
    for heading in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
      "SEE ALSO",
    ] {
      #expect(text.contains("\n\(heading)\n"), "\(heading)")
    }
    #expect(text.contains("bingwall — fetch Bing's picture of the day"))
    for group in CommandTable.groups { #expect(text.contains("\n   \(group.title)\n"), "\(group.title)") }
    #expect(text.contains("$ bingwall autostart enable"))
    // SEE ALSO names every other page of the set.
    let main = page("bingwall.1")
    for name in Self.names where name != "bingwall.1" {
      let parts = name.split(separator: ".")
      let reference = ".Xr \(parts.dropLast().joined(separator: ".")) \(parts.last ?? "")"
      #expect(main.contains(reference), "\(reference)")
    }
  }

  @Test func aPageForEveryVisibleCommandWithItsOptionsAndExamples() {
    #expect(Self.names.first == "bingwall.1")
    #expect(Self.names.contains("bingwall.conf.5"))
    #expect(Self.names.contains("bingwall-backends.7"))
    for command in CommandTable.root.visibleSubcommands {
      let text = page("bingwall-\(command.name).1")
      #expect(text.contains(".Nm bingwall-\(command.name)\n"), "\(command.name)")
      func visit(_ command: CommandSpec) {
        for option in command.options {
          let head = (option.short.map { ".It Fl \($0) , " } ?? ".It ") + "Fl -\(option.long)"
          #expect(text.contains(head), "\(command.name) --\(option.long)")
        }
        for child in command.visibleSubcommands {
          #expect(text.contains(".It Cm \(child.name)\n"), "\(command.name) \(child.name)")
          visit(child)
        }
      }
      visit(command)
      #expect(text.contains("\n.Sh EXAMPLES\n"), "\(command.name)")
      for example in command.examples {
        #expect(
          text.contains(".Dl $ " + Page.escapedArguments(example.commandLine) + "\n"), "\(example.line)")
      }
      // The full account is in the page, whatever help says in short.
      if !command.reference.isEmpty {
        let first = String(command.reference.prefix(30)).replacingOccurrences(of: "\\", with: "\\e")
        #expect(text.contains(first), "\(command.name): its reference")
      }
    }
    #expect(page("bingwall-list.1").contains("Also called 'bingwall history'."))
    #expect(page("bingwall-update.1").contains("(_1080x1920)"), "update's internals live in its page")
  }

  @Test func everyConfigKeyWithItsTypeDefaultVariableAndExample() {
    let text = page("bingwall.conf.5")
    for key in ConfigSchema.keys {
      #expect(text.contains(".It Cm \(key.name)\n"), "\(key.name)")
      #expect(text.contains(".Ev \(key.environmentVariable) ."), "\(key.name)")
      #expect(text.contains("Type: \(key.type.phrase)"), "\(key.name)")
      let example = Manual.exampleLine(key)
      #expect(example.hasPrefix(key.name + " = "), "\(key.name) has a valid example")
      #expect(text.contains(".Dl " + Page.escapedArguments(example) + "\n"), "\(key.name)")
    }
    #expect(Set(Manual.configExamples.keys) == Set(ConfigSchema.keys.map(\.name)))
    #expect(text.contains("Default: 30.") && text.contains(".Ev BINGWALL_ENDPOINT ."))
  }

  /// The issue's measure: no market code more than twice in all the pages together; the list
  /// itself is in bingwall.conf(5), once.
  @Test func theMarketsAreListedOnce() throws {
    let all = Self.pages.map(\.text).joined(separator: "\n")
    for code in Market.known {
      let pattern = "(?<![A-Za-z-])" + NSRegularExpression.escapedPattern(for: code) + "(?![A-Za-z-])"
      let regex = try NSRegularExpression(pattern: pattern)
      let count = regex.numberOfMatches(in: all, range: NSRange(all.startIndex..., in: all))
      #expect((1...2).contains(count), "\(code) appears \(count) times")
    }
    let conf = page("bingwall.conf.5")
    #expect(conf.contains("\n.Sh MARKETS\n"))
    for code in Market.known { #expect(conf.contains(code), "\(code)") }
  }

  @Test func everyBackendWithHowItIsChosenAndTheModeTable() {
    let text = page("bingwall-backends.7")
    let all = BackendRegistry.all(command: "", session: nil)
    for backend in all {
      #expect(text.contains(".It Cm \(backend.name)\n"), "\(backend.name)")
      #expect(!(BackendManual.sets[backend.name] ?? "").isEmpty, "\(backend.name) says how it sets")
    }
    #expect(Set(BackendManual.sets.keys) == Set(all.map(\.name)))
    #expect(Set(BackendManual.detectedBy.keys).isSubset(of: Set(all.map(\.name))))
    #expect(
      text.contains(
        ".It feh\nfill: --bg-fill,\nfit: --bg-max,\nstretch: --bg-scale,\ncenter: --bg-center,\ntile: --bg-tile\n"
      ))
    #expect(text.contains(".It xfce\nfill: 5,\nfit: 4,\nstretch: 3,\ncenter: 1,\ntile: 2\n"))
    for (name, table) in BackendRegistry.modeTables {
      #expect(BackendRegistry.names.contains(name), "\(name)")
      #expect(text.contains(".It \(name)\nfill: \(table[.fill] ?? "-"),\nfit: "), "\(name)")
    }
    for heading in ["BACKENDS", "MODES", "SCREENS"] {
      #expect(text.contains("\n.Sh \(heading)\n"), "\(heading)")
    }
    // The modes moved here from bingwall(1).
    #expect(!page("bingwall.1").contains(".Sh MODES"))
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
    #expect(Page.escapedArguments("search \"a b\" Ar . x\\y") == "search \\(dqa b\\(dq \\&Ar \\&. x\\ey")
  }
}
