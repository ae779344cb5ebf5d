import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall import PATH`: a bingwall export back into the history, or a folder of JPEGs (or one
/// JPEG) from another tool.
enum ImportCommand {
  static let path = Argument<String>(
    "path", kind: .file, help: "A bingwall export folder, a folder of JPEG files, or one JPEG file.")

  static let command = Command(
    spec: CommandSpec(
      name: "import", abstract: "Import pictures: a bingwall export, a folder of JPEGs or one JPEG.",
      discussion: """
        A folder with bingwall-export.json (made by bingwall export) comes back exactly: \
        favourites, bans, every market appearance with its dates, titles, captions, credits and \
        links (not the apply history). Only the files that JSON names are read, and only inside \
        that folder: a path with a folder part, .., an absolute path or a symbolic link, a key \
        that is not OHR.Name, or a file whose sha256 differs refuses that picture.

        From any other folder every *.jpg and *.jpeg at the top level is imported. The date, \
        name and market come from names such as OHR.Name_EN-US1234567890_UHD.jpg (Bing), \
        20240130-Name_UHD.jpg (GNOME Shell's Bing extension), 20161205_Name.jpg (BingWallPaper) \
        and bingwall's own; otherwise the date is the file's modification day (local time). A \
        picture whose market is unknown is recorded with an empty market: list shows it by its \
        date, and --market never matches it.

        Every file is checked as a whole JPEG of at most 256 MiB and named and recorded in one \
        step; one whose content is stored already, under any key, is skipped and counted, so a \
        second import of the same folder adds nothing. Files that are not JPEGs are named on \
        stderr (not a JPEG: NAME) and make the exit status 1; the others are still imported. \
        Holds the same lock as update; a progress bar shows on a terminal.
        """,
      arguments: [path.spec]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var use = Import(resources: try Resources(invocation, context))
    if context.terminal.stderrIsTTY, !invocation.quiet {
      use.progress = ProgressBar(output: context.stderr, width: context.terminal.width)
    }
    use.onWait = { pid in WaitingText.announce(pid, for: "command", quiet: invocation.quiet, context: context)
    }
    let outcome = try use.run(path: Paths.absolute(invocation[path] ?? "."))
    var imported = 0
    var duplicates = 0
    var refused = 0
    for event in outcome.events {
      switch event {
      case .imported(let picture):
        imported += 1
        if !invocation.quiet {
          context.stdout.write(
            TerminalText.clean("Imported \(picture.date) \(picture.key) (\(picture.displayTitle))") + "\n")
        }
      case .duplicate: duplicates += 1
      case .refused(let error):
        refused += 1
        context.stderr.write("error: \(TerminalText.clean(error.description))\n")
      }
    }
    if !invocation.quiet {
      var summary = "Imported \(Counted.phrase(imported, "picture"))"
      if duplicates > 0 { summary += "; \(duplicates) already stored" }
      if refused > 0 { summary += "; \(refused) refused" }
      context.stdout.write(summary + ".\n")
    }
    if let fatal = outcome.fatal { throw fatal }
    return refused > 0 ? ExitCode.failure : ExitCode.success
  }
}
