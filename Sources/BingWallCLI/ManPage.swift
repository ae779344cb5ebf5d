import BingWallSystem
import FoundationEssentials
import Glibc

/// bingwall's manual in mdoc, as git's: bingwall(1) for the overview, one page per command
/// (bingwall-update(1)...), bingwall.conf(5) for the configuration file and bingwall-backends(7)
/// for the desktops. Generated from the command table, `ConfigSchema` and the backend registry,
/// so that options, keys, backends and modes cannot drift from the program; the prose around
/// them is written here by hand.
package enum ManPage {
  /// The pages' date; change it when the prose changes. A release's pages have the release's
  /// date instead (`date(epoch:)`).
  static let proseDate = "December 6, 2026"

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

  /// What the pages are made from: what only the targets above this one know.
  package struct Sources: Sendable {
    var root: CommandSpec
    var configKeys: [ConfigKeyEntry]
    /// Every market code, listed once, in bingwall.conf(5).
    var markets: [String]
    var backends: [BackendEntry]
    var modeTable: ModeTable
    /// bingwall(1)'s EXAMPLES: a short tour of the commands.
    var overviewExamples: [CommandExample]
    /// In each page's footer (`.Os`).
    var version: String
    /// Nil: the prose's.
    var date: String?

    package init(
      root: CommandSpec, configKeys: [ConfigKeyEntry], markets: [String], backends: [BackendEntry],
      modeTable: ModeTable, overviewExamples: [CommandExample], version: String, date: String? = nil
    ) {
      self.overviewExamples = overviewExamples
      self.root = root
      self.configKeys = configKeys
      self.markets = markets
      self.backends = backends
      self.modeTable = modeTable
      self.version = version
      self.date = date
    }
  }

  /// What bingwall.conf(5) says of one key; built from the configuration schema, which lives
  /// above this target.
  package struct ConfigKeyEntry: Sendable {
    var name: String
    var help: String
    var typePhrase: String
    var defaultLiteral: String
    var allowed: [String]?
    var environmentVariable: String
    /// A line of the file that sets it: `daemon.rotate = "30m"`.
    var example: String

    package init(
      name: String, help: String, typePhrase: String, defaultLiteral: String, allowed: [String]?,
      environmentVariable: String, example: String
    ) {
      self.name = name
      self.help = help
      self.typePhrase = typePhrase
      self.defaultLiteral = defaultLiteral
      self.allowed = allowed
      self.environmentVariable = environmentVariable
      self.example = example
    }
  }

  /// What bingwall-backends(7) says of one backend, from the registry.
  package struct BackendEntry: Sendable {
    var name: String
    /// How it sets the picture, in a sentence or two.
    var sets: String
    /// When `backend = auto` picks it.
    var detection: String
    var tools: [String]
    /// What the session must give it, as a phrase.
    var needs: String
    /// What one picture it sets covers (`PictureScope.manualPhrase`).
    var covers: String
    var darkPicture: Bool
    var lockPicture: Bool
    var limitation: String?

    package init(
      name: String, sets: String, detection: String, tools: [String], needs: String, covers: String,
      darkPicture: Bool, lockPicture: Bool, limitation: String?
    ) {
      self.name = name
      self.sets = sets
      self.detection = detection
      self.tools = tools
      self.needs = needs
      self.covers = covers
      self.darkPicture = darkPicture
      self.lockPicture = lockPicture
      self.limitation = limitation
    }
  }

  /// The MODES table: the explicit modes as columns, and each backend's own setting per mode.
  package struct ModeTable: Sendable {
    var modes: [String]
    var rows: [(backend: String, settings: [String: String])]
    /// What the backends are given with fill or fit, and which backends: one phrase each.
    var screens: [(phrase: String, backends: [String])]
    /// Sentences (without their full stop) on backends whose share depends on the screens.
    var screenNotes: [String]

    package init(
      modes: [String], rows: [(backend: String, settings: [String: String])],
      screens: [(phrase: String, backends: [String])] = [], screenNotes: [String] = []
    ) {
      self.modes = modes
      self.rows = rows
      self.screens = screens
      self.screenNotes = screenNotes
    }
  }

  /// One page: its file name (`bingwall-update.1`) and its mdoc source.
  package struct Rendered: Sendable, Equatable {
    package var name: String
    package var text: String

    /// The page's section: the file name's last extension (`1`, `5`, `7`).
    package var section: String { String(name.split(separator: ".").last ?? "") }
  }

  /// Every page, bingwall(1) first, then the commands' in the table's order, then the
  /// configuration file's and the backends'.
  package static func pages(_ sources: Sources) -> [Rendered] {
    var pages = [Rendered(name: "bingwall.1", text: main(sources))]
    for command in sources.root.visibleSubcommands {
      pages.append(Rendered(name: pageName(command) + ".1", text: commandPage(command, sources: sources)))
    }
    pages.append(Rendered(name: "bingwall.conf.5", text: configurationPage(sources)))
    pages.append(Rendered(name: "bingwall-backends.7", text: backendsPage(sources)))
    return pages
  }

  /// `bingwall-update` for `update`.
  static func pageName(_ command: CommandSpec) -> String { "bingwall-" + command.name }

  /// The page's first lines: date, title, footer and NAME.
  static func header(_ page: inout Page, name: String, section: Int, summary: String, sources: Sources) {
    page.macro("Dd \(sources.date ?? proseDate)")
    page.macro("Dt \(name.uppercased()) \(section)")
    page.macro("Os bingwall \(sources.version)")
    page.macro("Sh NAME")
    page.macro("Nm \(name)")
    page.macro("Nd \(summary)")
  }

  /// An abstract as a `.Nd` line: lower case first, no full stop.
  static func summary(_ abstract: String) -> String {
    var text = abstract
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first else { return text }
    // A name or an acronym stays as it is written (`Bing's`, `HTML`).
    let second = text.dropFirst().first
    if second?.isUppercase == true { return text }
    return first.lowercased() + text.dropFirst()
  }

  /// SEE ALSO: the references sorted as mandoc wants them, by section, then by name.
  static func seeAlso(_ page: inout Page, _ references: [(name: String, section: Int)]) {
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
  static func examples(_ page: inout Page, _ examples: [CommandExample]) {
    guard !examples.isEmpty else { return }
    page.macro("Sh EXAMPLES")
    for (index, example) in examples.enumerated() {
      if index > 0 { page.macro("Pp") }
      page.text(example.comment + ":")
      page.macro("Dl $ " + Page.escapedArguments(example.commandLine))
    }
  }

  /// ` Values: a, b.` for closed sets; the markets' codes are listed once, in bingwall.conf(5).
  static func valuesNote(_ kind: ValueKind) -> String {
    switch kind {
    case .choice(let values):
      return " Values: " + values.joined(separator: ", ") + "."
    case .languageRegion:
      return " Any code of the form ll-CC; bingwall.conf(5) lists the known ones under MARKETS, "
        + "and any other is used with a warning."
    default:
      return ""
    }
  }
}
