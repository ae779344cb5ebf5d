import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall export DIR`: copies of the pictures under readable names, and the metadata to bring
/// them back with `import`.
enum ExportCommand: CommandDefinition {
  static let folder = Argument<String>(
    "dir", kind: .directory, help: "The folder to export to; created when missing.")
  static let favorites = Flag("favorites", help: "Only favourite pictures.")
  static let sources = CommonOptions.source.repeated(
    help: "Only pictures this source showed; may be repeated.")
  static let since = Option<CalendarDate>(
    "since", name: "date", kind: .date, help: "Only pictures shown on or after this date.")

  static let spec = CommandSpec(
    name: "export", abstract: "Copy pictures into a folder with readable names, plus their metadata.",
    discussion: """
      Each picture becomes DIR/YYYY-MM-DD_MARKET_Name.jpg, and DIR/bingwall-export.json keeps its \
      title, caption, credit and marks, so that 'bingwall import DIR' brings back the same \
      history. Exporting into the same folder again copies only what is new.
      """,
    reference: """
      Each picture becomes DIR/YYYY-MM-DD_MARKET_Name.jpg (the date and market it is listed \
      with; -2, -3... when two pictures would share a name), and DIR/bingwall-export.json holds \
      what list --json prints for each, with path relative to DIR, plus every market \
      appearance (superseded ones too), so that bingwall import DIR brings back the same \
      history. Copies are synced before they get their names and the JSON is written last, \
      so an export cut short never lists a file that is not there. Exporting into the same \
      folder again copies only what is new: a name holding the same bytes is kept. Prints one \
      line per picture copied and a summary (nothing with --quiet). A picture whose file is \
      missing is reported on stderr and left out, and the exit status is then 1.
      """,
    arguments: [folder.spec], options: [favorites.spec, sources.spec, since.spec],
    examples: [
      CommandExample("export ~/Pictures/Bing", "Copy every picture there, with names people can read"),
      CommandExample(
        "export --favorites --since 2026-01-01 /media/usb/bing", "This year's favourites, onto a USB stick"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var request = Export.Request(folder: Paths.absolute(invocation[folder] ?? "."))
    request.favoritesOnly = invocation[favorites]
    request.sources = sources.given(in: invocation) ?? []
    request.since = invocation[since]
    var use = Export(resources: try Resources(invocation, context))
    use.onEvent = { picture, result in
      switch result {
      case .copied(let fileName):
        if !invocation.quiet {
          context.stdout.write(TerminalText.clean("\(fileName)  \(picture.displayTitle)") + "\n")
        }
      case .alreadyThere: break
      case .missing(let error): context.stderr.error(error.description)
      }
    }
    let results = try use.run(request).events.map(\.outcome)
    let copied = results.count { if case .copied = $0 { true } else { false } }
    let missing = results.count { if case .missing = $0 { true } else { false } }
    let kept = results.count - copied - missing
    if !invocation.quiet {
      let there = kept > 0 ? " (\(kept) already there)" : ""
      let lost = missing > 0 ? "; \(missing) missing" : ""
      context.stdout.write(
        TerminalText.clean(
          "Exported \(Counted.phrase(copied + kept, "picture")) to \(request.folder)\(there)\(lost).") + "\n")
    }
    return missing > 0 ? ExitCode.failure : ExitCode.success
  }
}
