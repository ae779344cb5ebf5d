import BingWallSystem
import FoundationEssentials
import Glibc

/// Manual pages in mdoc, as git's: the parts every page has (header, EXAMPLES, SEE ALSO), the
/// page of one command from its spec, and the writer (`Page`). The program's own pages and
/// prose (its overview, its configuration file) are the program's: it passes its words in as
/// `Program` and writes those pages with these parts.
package enum ManPage {
  /// `December 5, 2026` for a time in seconds since 1970 (UTC), as mdoc's `.Dd` writes dates;
  /// nil for a time gmtime cannot take.
  package static func date(epoch: Int) -> String? {
    var seconds = time_t(epoch)
    var parts = tm()
    guard gmtime_r(&seconds, &parts) != nil else { return nil }
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    return "\(months[Int(parts.tm_mon)]) \(parts.tm_mday), \(Int(parts.tm_year) + 1900)"
  }

  /// What the generated pages say of the program they document, in its own words: its name,
  /// version and date, and the few sentences every command's page shares.
  package struct Program: Sendable {
    package var name: String
    /// In each page's footer (`.Os`).
    package var version: String
    /// Each page's `.Dd`: `December 6, 2026`.
    package var date: String
    /// The paragraph after each command's OPTIONS: the options every command takes.
    package var sharedOptions: String
    /// What ` Values:` says of a language-region code (`ll-CC`).
    package var languageRegionNote: String
    /// A command page's SEE ALSO.
    package var references: @Sendable (CommandSpec) -> [(name: String, section: Int)]

    package init(
      name: String, version: String, date: String, sharedOptions: String, languageRegionNote: String,
      references: @escaping @Sendable (CommandSpec) -> [(name: String, section: Int)]
    ) {
      self.name = name
      self.version = version
      self.date = date
      self.sharedOptions = sharedOptions
      self.languageRegionNote = languageRegionNote
      self.references = references
    }

    /// `bingwall-update` for `update`.
    package func pageName(_ command: CommandSpec) -> String { name + "-" + command.name }
  }

  /// One page: its file name (`bingwall-update.1`) and its mdoc source.
  package struct Rendered: Sendable, Equatable {
    package var name: String
    package var text: String

    package init(name: String, text: String) {
      self.name = name
      self.text = text
    }

    /// The page's section: the file name's last extension (`1`, `5`, `7`).
    package var section: String { String(name.split(separator: ".").last ?? "") }
  }

  /// The page's first lines: date, title, footer and NAME.
  package static func header(
    _ page: inout Page, name: String, section: Int, summary: String, program: Program
  ) {
    page.macro("Dd \(program.date)")
    page.macro("Dt \(name.uppercased()) \(section)")
    page.macro("Os \(program.name) \(program.version)")
    page.macro("Sh NAME")
    page.macro("Nm \(name)")
    page.macro("Nd \(summary)")
  }

  /// An abstract as a `.Nd` line: lower case first, no full stop.
  package static func summary(_ abstract: String) -> String {
    var text = abstract
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first else { return text }
    // A name or an acronym stays as it is written (`Bing's`, `HTML`).
    let second = text.dropFirst().first
    if second?.isUppercase == true { return text }
    return first.lowercased() + text.dropFirst()
  }

  /// SEE ALSO: the references sorted as mandoc wants them, by section, then by name.
  package static func seeAlso(_ page: inout Page, _ references: [(name: String, section: Int)]) {
    page.macro("Sh SEE ALSO")
    let sorted = references.sorted { lhs, rhs in
      lhs.section != rhs.section
        ? lhs.section < rhs.section : lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
    }
    for (index, reference) in sorted.enumerated() {
      page.macro("Xr \(reference.name) \(reference.section)" + (index < sorted.count - 1 ? " ," : ""))
    }
  }

  /// EXAMPLES: each example's comment, then its command line as a display.
  package static func examples(_ page: inout Page, _ examples: [CommandExample]) {
    guard !examples.isEmpty else { return }
    page.macro("Sh EXAMPLES")
    for (index, example) in examples.enumerated() {
      if index > 0 { page.macro("Pp") }
      page.text(example.comment + ":")
      page.macro("Dl $ " + Page.escapedArguments(example.commandLine))
    }
  }

  /// ` Values: a, b.` for closed sets; the program's own words for a language-region code.
  static func valuesNote(_ kind: ValueKind, _ program: Program) -> String {
    switch kind {
    case .choice(let values):
      return " Values: " + values.joined(separator: ", ") + "."
    case .languageRegion:
      return program.languageRegionNote
    default:
      return ""
    }
  }
}
